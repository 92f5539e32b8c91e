// @ts-check
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { logger } from './log.mjs';

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
    const { rows } = await connection.query('select pg_try_advisory_lock($1) as taken', [MIGRATIONS_LOCK]);
    if (!rows[0]?.taken) {
      // Said once, so that an instance that is not ready for minutes says why.
      logger.info('migrations: waiting for another instance (or db:migrate) to finish its own');
      await connection.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    }
    try {
      await migrate(drizzle(connection), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
    }
  } finally {
    connection.release();
  }
}
