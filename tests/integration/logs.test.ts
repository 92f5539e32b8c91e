import { once } from 'node:events';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logger } from '@/server/log.mjs';
import { logRequest } from '@/server/request-log.mjs';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

// A query that fails (a full disk, a deadlock, a failover) is logged without the
// values it carried. A registration's insert holds the email, the name and the argon2 hash of
// the password; a login's holds the email and the client's address.

/** The log lines written while a test runs, as the process's logger writes them to stdout. */
const lines: string[] = [];
const stream = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
beforeEach(() => {
  lines.length = 0;
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => lines.push(line),
  };
});
afterEach(() => {
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = stream;
});

describe.each(engines)('a failing query in the log on $name', (engine) => {
  const db = useDatabase(engine);

  /** Makes every insert into `table` fail as PostgreSQL does when the disk is full (53100). */
  async function failInsertsInto(table: 'users' | 'auth_attempts') {
    await db().execute(
      sql.raw(`create or replace function fail_insert() returns trigger language plpgsql as $$
        begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`),
    );
    await db().execute(
      sql.raw(
        `create trigger fail_insert before insert on ${table} for each row execute function fail_insert()`,
      ),
    );
    return () => db().execute(sql.raw(`drop trigger fail_insert on ${table}`));
  }

  type Line = Record<string, unknown> & { text: string };
  function errorLines(): Line[] {
    return lines
      .map((text): Line => ({ ...(JSON.parse(text) as Record<string, unknown>), text }))
      .filter((line) => line.level === 'error');
  }

  it('a registration whose insert fails logs the SQL and the code, not the email, name or hash', async () => {
    const restore = await failInsertsInto('users');
    try {
      const client = new TestClient('http://localhost', '203.0.113.77');
      const email = `disk-full-${Date.now()}@example.com`;
      const answer = await client.post('/api/auth/register', {
        email,
        password: 'correct horse battery',
        name: 'Zinaida Confidential',
      });
      expect(answer).toMatchObject({ status: 500, body: { error: 'internal' } });
      const [line, ...more] = errorLines();
      expect(more).toEqual([]);
      expect(line).toMatchObject({
        msg: 'unexpected error',
        error: { code: '53100', query: expect.stringMatching(/^insert into "users"/) },
      });
      expect(line!.text).toContain('No space left on device');
      for (const secret of [email, 'Zinaida', '$argon2id$', '203.0.113.77']) {
        expect(line!.text).not.toContain(secret);
      }
    } finally {
      await restore();
    }
  });

  it('a login whose query fails logs the SQL and the code, not the email or the address', async () => {
    const { email, password } = await signUp();
    const restore = await failInsertsInto('auth_attempts');
    try {
      const client = new TestClient('http://localhost', '203.0.113.78');
      const answer = await client.post('/api/auth/login', { email, password });
      expect(answer).toMatchObject({ status: 500, body: { error: 'internal' } });
      const [line, ...more] = errorLines();
      expect(more).toEqual([]);
      expect(line).toMatchObject({
        error: { code: '53100', query: expect.stringMatching(/^insert into "auth_attempts"/) },
      });
      for (const secret of [email, '203.0.113.78', password]) expect(line!.text).not.toContain(secret);
    } finally {
      await restore();
    }
  });
});

// A share link's secret opens a period of someone's diary to whoever holds it: the request line of
// /shared/{secret} and /api/shared/{secret} must not hand it to whoever reads the log.
describe("a share link's request line", () => {
  it('keeps the path of a share link without its secret, however the path is written', async () => {
    const server = createServer((request, response) => {
      logRequest(request, response);
      response.statusCode = 404;
      response.end();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const secret = 'Zq0-s3cretOfTheLink_4fGh1jK2lM3nO4pQ5rS6tU7';
    const paths = [
      `/shared/${secret}`,
      `/api/shared/${secret}?utm=1`,
      `/%73hared/${secret}`,
      `/api//shared/${secret}`,
      `/x/../shared/${secret}`,
    ];
    try {
      for (const path of paths) {
        await new Promise<void>((resolve, reject) =>
          request({ host: '127.0.0.1', port, path }, (answer) => answer.resume().on('end', resolve))
            .on('error', reject)
            .end(),
        );
      }
    } finally {
      server.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    const logged = lines.map((text) => JSON.parse(text) as { req?: { path: string } });
    expect(logged.map((line) => line.req?.path)).toEqual([
      '/shared/[redacted]',
      '/api/shared/[redacted]',
      '/shared/[redacted]',
      '/api/shared/[redacted]',
      '/shared/[redacted]',
    ]);
    expect(lines.join('\n')).not.toContain(secret);
  });
});
