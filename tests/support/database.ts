import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { MIGRATIONS_FOLDER, setDatabaseForTests, type Database } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';

export type TestDatabase = { db: Database; close: () => Promise<void> };
export type Engine = { name: string; open: () => Promise<TestDatabase> };

/** In-memory PGlite: one per test file, migrated like production. */
const pglite: Engine = {
  name: 'pglite',
  async open() {
    const client = new PGlite();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, close: () => client.close() };
  },
};

/** A fresh database on the TEST_DATABASE_URL server, dropped afterwards. */
const postgres = (url: string): Engine => ({
  name: 'postgres',
  async open() {
    const name = `diary_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client(url);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: target.toString(), max: 4 });
    // DROP DATABASE ... WITH (FORCE) may end a connection the pool is still closing.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      async close() {
        await pool.end();
        const dropper = new pg.Client(url);
        await dropper.connect();
        await dropper.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  },
});

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. For `describe.each`. */
export const engines: Engine[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];

/**
 * Opens the engine's database before the suite's tests and points the route handlers at it.
 * Call inside a `describe.each(engines)` block; answers a getter for the test's own queries.
 */
export function useDatabase(engine: Engine): () => Database {
  let opened: TestDatabase | undefined;
  beforeAll(async () => {
    opened = await engine.open();
    setDatabaseForTests(opened.db);
  });
  afterAll(async () => {
    setDatabaseForTests(undefined);
    await opened?.close();
  });
  return () => opened!.db;
}
