import { dropDatabase } from './e2e-database.mjs';

/**
 * After a CI run: drops the database the split instances shared (playwright.config.ts). A local
 * run keeps it, since its servers stay up for the next run (reuseExistingServer).
 */
export default async function teardown(): Promise<void> {
  if (process.env.CI && process.env.E2E_DATABASE_URL) await dropDatabase(process.env.E2E_DATABASE_URL);
}
