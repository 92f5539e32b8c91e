import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '@/lib/server/db/client';
import { migratePostgres } from '@/server/migrate-postgres.mjs';

// Several instances of the app start at once on one PostgreSQL; each migrates before
// it serves. Only PostgreSQL is shared between processes (PGlite is one process's own).
const url = process.env.TEST_DATABASE_URL;
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  it('four instances starting at once on an empty database all start, and migrate it once', async () => {
    const name = `diary_migrate_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client(url);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    const pools = Array.from({ length: 4 }, () => {
      const pool = new pg.Pool({ connectionString: target.toString(), max: 2 });
      // DROP DATABASE ... WITH (FORCE) may end a connection the pool is still closing.
      pool.on('error', () => undefined);
      return pool;
    });
    try {
      const started = await Promise.allSettled(pools.map((pool) => migratePostgres(pool, MIGRATIONS_FOLDER)));
      expect(started.map((result) => result.status)).toEqual(Array(4).fill('fulfilled'));
      const applied = await pools[0]!.query(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0].count).toBe(journal.entries.length);
      const tables = await pools[0]!.query(
        "select count(*)::int as count from information_schema.tables where table_schema = 'public' and table_name = 'users'",
      );
      expect(tables.rows[0].count).toBe(1);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
