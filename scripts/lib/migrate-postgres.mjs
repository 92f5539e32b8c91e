// @ts-check
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

/** Any fixed number: the advisory lock every instance of the app takes around its migrations. */
const MIGRATIONS_LOCK = 7_296_371_250;

/**
 * Migrates a PostgreSQL database while holding a session-level advisory lock, so instances that
 * start at once (and `npm run db:migrate` in a deploy pipeline) migrate one after the other: the
 * first applies what is new, the others then find nothing left to do. Without it two instances
 * could both try to create the same table, and one would fail to start.
 *
 * @param {import('pg').Pool} pool
 * @param {string} migrationsFolder
 */
export async function migratePostgres(pool, migrationsFolder) {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    try {
      await migrate(drizzle(connection), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
    }
  } finally {
    connection.release();
  }
}
