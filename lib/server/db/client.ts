import 'server-only';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { env } from '@/lib/server/env';
import { holdDataDir } from '@/server/data-dir-lock.mjs';
import { closeOnStop } from '@/server/lifecycle.mjs';
import { migratePostgres } from '@/server/migrate-postgres.mjs';
import { loggableError, logger } from '@/server/log.mjs';
import { watchDatabase } from '@/server/metrics.mjs';
import * as schema from './schema';

/** Either engine: query functions take this as their first argument and run on both. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/server/db/migrations');

// Kept on globalThis: Next bundles instrumentation.ts and the route handlers separately, and two
// copies of this module must not open the same PGlite directory twice (one process per directory).
const holder = globalThis as typeof globalThis & { __diaryDb?: Promise<Database> };

/**
 * The database of this process, migrated before the first query: PostgreSQL through `pg` when
 * DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/pglite.
 */
export function getDb(): Promise<Database> {
  holder.__diaryDb ??= openDatabase().catch((error: unknown) => {
    holder.__diaryDb = undefined;
    throw error;
  });
  return holder.__diaryDb;
}

/** Points every handler at `db` (a test's PGlite or PostgreSQL); undefined goes back to the default. */
export function setDatabaseForTests(db: Database | undefined): void {
  holder.__diaryDb = db ? Promise.resolve(db) : undefined;
}

/**
 * True when PostgreSQL's SQLSTATE on the error, or on an error it wraps (Drizzle wraps the
 * driver's), is `code`.
 */
export function hasDatabaseCode(error: unknown, code: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === code) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

type Row = Record<string, unknown>;
type PgDriver = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }>;
};
type PgliteDriver = {
  exec(text: string): Promise<unknown>;
  query(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
};

/**
 * Runs one hand-written statement on the driver under drizzle, for the hot paths where building
 * the query with drizzle would cost more than the database does. On PostgreSQL it is a named
 * prepared statement, parsed and planned once per connection. Column types come from the
 * drivers' own parsers, which agree for what these statements return: timestamptz as a Date,
 * numbers as numbers, uuid and text as strings (cast a date to text). Inside a transaction it
 * runs on the transaction's connection, so it sees what the transaction wrote.
 */
export async function rawQuery(db: Database, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const driver = driverOf(db);
  if ('exec' in driver) return (await driver.query(text, values)).rows;
  return (await driver.query({ name, text, values })).rows;
}

/**
 * The database's own driver (a pg Pool, or PGlite), or a transaction's connection: drizzle keeps
 * the one on `$client`, the other on its session (not in its types, present on both engines).
 */
function driverOf(db: Database): PgDriver | PgliteDriver {
  const held = db as { $client?: PgDriver | PgliteDriver; session?: { client?: PgDriver | PgliteDriver } };
  const driver = held.$client ?? held.session?.client;
  if (!driver) throw new Error('no driver under this drizzle database');
  return driver;
}

async function openDatabase(): Promise<Database> {
  if (env.DATABASE_URL) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: env.DATABASE_URL, max: 10 });
    // An idle connection that the server drops (a restart, a failover) must not crash the
    // process: the pool replaces it, and the next query reconnects.
    pool.on('error', (error) =>
      logger.warn({ error: loggableError(error) }, 'idle database connection lost'),
    );
    const forget = closeOnStop(() => pool.end());
    watchDatabase({ engine: 'postgres', pool });
    try {
      await migratePostgres(pool, MIGRATIONS_FOLDER);
    } catch (error) {
      await abandon(forget, () => pool.end());
      throw error;
    }
    return drizzle(pool, { schema });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The process that opens the folder holds it (server/data-dir-lock.mjs); a server took it as
  // it started, so this is nothing there.
  holdDataDir(env.DATA_DIR);
  const directory = path.resolve(env.DATA_DIR, 'pglite');
  // PGlite does not create missing parent directories itself.
  await mkdir(directory, { recursive: true });
  const client = new PGlite(directory);
  const forget = closeOnStop(() => client.close());
  watchDatabase({ engine: 'pglite' });
  try {
    await client.waitReady;
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return db;
  } catch (error) {
    await abandon(forget, () => client.close());
    throw error;
  }
}

/**
 * Closes a database that failed to open, and takes it off the stop's list: getDb() makes a new
 * one at its next call. Kept, each try through an outage (a readiness probe every few seconds)
 * left one more pool open until the stop, and a PGlite that failed stayed open on the folder
 * the next try opened again.
 */
async function abandon(forget: () => void, close: () => Promise<void>): Promise<void> {
  forget();
  await close().catch((error: unknown) =>
    logger.warn({ error: loggableError(error) }, 'closing a database that did not open failed'),
  );
}
