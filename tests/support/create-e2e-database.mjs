// @ts-check
// `node tests/support/create-e2e-database.mjs`: makes the database DATABASE_URL names, when missing.
// Both split instances of the e2e run (playwright.config.ts) run it as they start, at the same
// moment: one makes the database, the other finds it made; their migrations then meet the
// advisory lock (server/migrate-postgres.mjs).
import { createDatabase } from './e2e-database.mjs';

await createDatabase(process.env.DATABASE_URL ?? '');
