import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '@/lib/limits';
import { setDatabaseForTests, type Database } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import { logger } from '@/server/log.mjs';
import { logRequest } from '@/server/request-log.mjs';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

// A database out of reach (a restart, a failover, a wrong address) is a state of the service, not
// a bug of the request: 503 `unavailable` with Retry-After, as /api/ready says not ready, and a
// log line without a stack; readiness says each change once, not on every probe.

/** The log lines written while a test runs (tests/integration/logs.test.ts does the same). */
const lines: Array<Record<string, unknown>> = [];
const stream = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
beforeEach(() => {
  lines.length = 0;
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>),
  };
});
afterEach(() => {
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = stream;
});

/** PostgreSQL at an address where nothing listens: port 1 of this machine. */
const closedPool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/diary', max: 2 });
const unreachable = drizzle(closedPool, { schema }) as unknown as Database;
afterAll(() => closedPool.end());
/** A database that answers `select 1`, all readiness asks. */
const answering = { execute: () => Promise.resolve({ rows: [{}] }) } as unknown as Database;

describe.each(engines)('the database out of reach, after sign-up on $name', (engine) => {
  const db = useDatabase(engine);
  afterEach(() => setDatabaseForTests(db()));

  it('answers a login and the days 503 unavailable with Retry-After, and logs no stack', async () => {
    const { client, email, password } = await signUp();
    setDatabaseForTests(unreachable);

    const retryAfter = TIMINGS.databaseRetryAfterSeconds;
    const answers = [
      await new TestClient().post('/api/auth/login', { email, password }),
      await client.get('/api/days?from=2026-01-01&to=2026-01-31'),
      await client.get('/api/days/2026-01-02'),
    ];
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 503, body: { error: 'unavailable', retryAfter } });
      expect(answer.headers.get('retry-after')).toBe(String(retryAfter));
    }
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    const said = lines.filter((line) => line.msg === 'the database is unavailable');
    expect(said).toHaveLength(answers.length);
    for (const line of said) {
      expect(line).toMatchObject({ level: 'warn', database: { code: 'ECONNREFUSED' } });
      expect(JSON.stringify(line)).not.toContain('stack');
    }

    // Back in reach: the same session goes on.
    setDatabaseForTests(db());
    expect((await client.get('/api/days/2026-01-02')).status).toBe(404);
  });
});

describe('readiness in the log', () => {
  const holder = globalThis as { __diaryDb?: Promise<unknown> };
  afterEach(() => setDatabaseForTests(undefined));

  it('says each change of readiness once, at info or warn, without a stack', async () => {
    const client = new TestClient();
    const probe = async (times: number, status: string) => {
      for (let index = 0; index < times; index++) {
        expect((await client.get('/api/ready')).body).toEqual({ status });
      }
    };
    // What getDb() answers while the migrations wait for another instance's lock.
    holder.__diaryDb = new Promise(() => {});
    await probe(2, 'starting');
    setDatabaseForTests(unreachable);
    await probe(3, 'unavailable');
    setDatabaseForTests(answering);
    await probe(2, 'ready');

    expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 'info', msg: 'not ready: the database is still opening (its migrations)' },
      { level: 'warn', msg: 'not ready: the database cannot be reached' },
      { level: 'info', msg: 'ready: the database answers' },
    ]);
    expect(lines[1]).toMatchObject({ database: { code: 'ECONNREFUSED' } });
    expect(JSON.stringify(lines)).not.toContain('stack');
  }, 15_000);

  it('logs a 503 answer as a warning, not as an error of the server', () => {
    const request = Object.assign(new EventEmitter(), { method: 'GET', url: '/api/ready', headers: {} });
    const response = Object.assign(new EventEmitter(), {
      statusCode: 503,
      writableEnded: true,
      setHeader: () => undefined,
    });
    logRequest(request as unknown as IncomingMessage, response as unknown as ServerResponse);
    response.emit('finish');
    expect(lines).toMatchObject([{ level: 'warn', res: { status: 503 } }]);
  });
});

describe('a database that cannot be opened', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
    setDatabaseForTests(undefined);
  });

  it('is closed and forgotten after each try, not kept open until the stop', async () => {
    vi.stubEnv('DATABASE_URL', 'postgres://postgres@127.0.0.1:1/diary');
    // lib/server/env.ts reads the environment as it loads: a fresh copy of the modules reads this one.
    vi.resetModules();
    const client = await import('@/lib/server/db/client');
    const ended = vi.spyOn(pg.Pool.prototype, 'end');
    const { closers } = (globalThis as { __diaryLifecycle?: { closers: unknown[] } }).__diaryLifecycle!;
    const kept = closers.length;
    client.setDatabaseForTests(undefined);
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(client.getDb()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    }
    expect(ended).toHaveBeenCalledTimes(3);
    expect(closers).toHaveLength(kept);
  });
});
