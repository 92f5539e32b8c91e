// `npm run db:migrate`: applies lib/server/db/migrations to PostgreSQL (DATABASE_URL) or to the
// embedded PGlite in DATA_DIR/pglite. The server also migrates by itself at start
// (instrumentation.ts), so this is for deploy pipelines. PGlite allows one process per
// directory: stop the server before migrating the embedded database.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

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
  const directory = path.resolve(process.env.DATA_DIR || './data', 'pglite');
  await mkdir(directory, { recursive: true });
  const client = new PGlite(directory);
  try {
    await migrate(drizzle(client), { migrationsFolder });
    console.log(`Migrated the embedded database in ${directory}.`);
  } finally {
    await client.close();
  }
}
