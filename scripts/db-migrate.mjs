// `npm run db:migrate`: applies lib/server/db/migrations to PostgreSQL (DATABASE_URL) or to the
// embedded PGlite in DATA_DIR/pglite. The server also migrates by itself at start
// (instrumentation.ts), so this is for deploy pipelines. PGlite allows one process per
// directory: while a server runs on DATA_DIR this refuses, as a second server would
// (server/data-dir-lock.mjs); stop the server before migrating the embedded database.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { embeddedDataDir, holdDataDir } from '../server/data-dir-lock.mjs';
import { SettingError } from '../server/settings.mjs';

const migrationsFolder = path.join(process.cwd(), 'lib/server/db/migrations');

if (process.env.DATABASE_URL) {
  const { default: pg } = await import('pg');
  const { migratePostgres } = await import('../server/migrate-postgres.mjs');
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
  try {
    // Under the same lock as the app's instances, so it may run while they start.
    await migratePostgres(pool, migrationsFolder);
    console.log('Migrated PostgreSQL (DATABASE_URL).');
  } finally {
    await pool.end();
  }
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = /** @type {string} */ (embeddedDataDir(process.env));
  try {
    holdDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const directory = path.join(dataDir, 'pglite');
  await mkdir(directory, { recursive: true });
  const client = new PGlite(directory);
  try {
    await migrate(drizzle(client), { migrationsFolder });
    console.log(`Migrated the embedded database in ${directory}.`);
  } finally {
    await client.close();
  }
}
