import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from './fixtures';
import { ServerProcess } from './server-process';

// Operations, as docs/deploy.md runs the server: `npm start` under a process manager,
// /api/ready while another instance migrates, what the server answers before Next.js does, and
// how long a slow client may hold a connection. Each test starts its own server.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210) + 20;
/**
 * HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS for the trickling clients' server: shorter than the
 * defaults (10 s and 60 s), so the test takes seconds; what is tested is that they are enforced.
 */
const HEADERS_TIMEOUT_MS = 3_000;
const REQUEST_TIMEOUT_MS = 6_000;
/** server/server.mjs checks those timeouts this often: a connection may outlive one by that. */
const TIMEOUT_CHECK_MS = 1_000;
/** server/migrate-postgres.mjs's advisory lock. */
const MIGRATIONS_LOCK = 7_296_371_250;

test.describe.configure({ mode: 'default' });

const started: ServerProcess[] = [];
const dataDirs: string[] = [];

async function startServer(port: number, options?: Parameters<typeof ServerProcess.start>[2]) {
  await expectPort(port, 'free');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'diary-operations-'));
  dataDirs.push(dir);
  const server = ServerProcess.start(port, dir, options);
  started.push(server);
  return server;
}

/** Whether something listens on `port`, as a connection attempt finds it. */
async function expectPort(port: number, state: 'free' | 'taken'): Promise<void> {
  const listening = await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, 'localhost');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  expect(listening ? 'taken' : 'free', `port ${port}`).toBe(state);
}

test.afterAll(async () => {
  for (const server of started.splice(0)) server.kill();
  for (const dir of dataDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

test('SIGTERM to `npm start` (npm, not the server) stops the server gracefully and frees its port', async ({
  playwright,
}) => {
  test.slow();
  const port = BASE_PORT;
  const server = await startServer(port, { command: ['npm', 'start'] });
  const poller = await playwright.request.newContext();
  try {
    await server.ready(poller);
  } finally {
    await poller.dispose();
  }
  // What docker stop, or a process manager that signals only the process it started, does.
  const signalledAt = server.terminate();
  const exit = await server.exited;
  expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
  // npm exits once the server has: its graceful stop's last line is on npm's output.
  expect(server.lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
  expect(exit.at - signalledAt).toBeLessThan(5_000);
  await expectPort(port, 'free');
});

test('while migrations wait for another instance, /api/health says 200 and /api/ready 503 without waiting for it', async ({
  request,
}) => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  test.skip(!adminUrl, 'needs TEST_DATABASE_URL: the migrations lock is PostgreSQL’s');
  test.slow();
  const name = `diary_ready_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  // Another instance (or `npm run db:migrate`) migrating: it holds the lock.
  const other = new pg.Client(url.toString());
  await other.connect();
  await other.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
  try {
    const server = await startServer(BASE_PORT + 1, { env: { DATABASE_URL: url.toString() } });
    await server.line((line) => line.includes('waiting for another instance'), 30_000);
    // Both answer while the other instance still holds the lock: a probe that waited for the
    // migrations would wait here until the unlock below, and time out. (How fast a cold route
    // answers is the machine's, not this test's: it took 1,044 ms once beside a full CI run.)
    const probe = async (path: string) => {
      const answer = await request.get(`${server.url}${path}`, { timeout: 10_000 });
      return { status: answer.status(), body: await answer.json() };
    };
    expect(await probe('/api/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await probe('/api/ready')).toMatchObject({ status: 503, body: { status: 'starting' } });

    await other.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
    await server.ready(request);
  } finally {
    await other.end();
    for (const server of started.splice(0)) server.kill();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

test('an /api path with a broken percent-escape gets a JSON 400 with the API’s headers', async ({
  request,
}) => {
  const server = await startServer(BASE_PORT + 2);
  await server.ready(request);
  const health = await request.get(`${server.url}/api/health`);
  for (const broken of ['/api/foods/%E0%A4%A', '/api/days/%ZZ/entries/x', '/api/%']) {
    const answer = await request.get(`${server.url}${broken}`);
    expect(answer.status(), broken).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid' });
    const headers = answer.headers();
    for (const name of [
      'content-type',
      'cache-control',
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'x-frame-options',
      'strict-transport-security',
    ]) {
      expect(headers[name], `${broken}: ${name}`).toBe(health.headers()[name]);
    }
  }
  server.terminate();
  expect((await server.exited).code).toBe(0);
});

/** A raw connection that sends `head` now, then `trickle` one byte every `everyMs`. */
function slowClient(port: number, head: string, trickle = '', everyMs = 2_000) {
  const socket = net.connect(port, 'localhost');
  let received = '';
  const openedAt = Date.now();
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => {});
  let sent = 0;
  const timer = setInterval(() => {
    if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
  }, everyMs);
  socket.once('connect', () => socket.write(head));
  return new Promise<{ heldMs: number; received: string }>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ heldMs: Date.now() - openedAt, received });
    }),
  );
}

test('a client that trickles its headers or its body loses the connection at the timeouts set', async ({
  request,
}) => {
  // A server start, slow on a busy machine, and the body's timeout.
  test.setTimeout(REQUEST_TIMEOUT_MS + 60_000);
  const port = BASE_PORT + 3;
  const server = await startServer(port, {
    env: { HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
  });
  await server.ready(request);
  const [headers, body] = await Promise.all([
    slowClient(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: 1\r\n'.repeat(100)),
    // A login reads its body before anything else, so the server waits for the body.
    slowClient(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
      ' '.repeat(1000),
    ),
  ]);
  test.info().annotations.push({
    type: 'held',
    description: `headers ${headers.heldMs} ms, body ${body.heldMs} ms`,
  });
  expect(headers.heldMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 500);
  expect(headers.heldMs).toBeLessThan(HEADERS_TIMEOUT_MS + 2 * TIMEOUT_CHECK_MS + 1_000);
  expect(headers.received).toMatch(/^HTTP\/1\.1 408 /);
  expect(body.heldMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 500);
  expect(body.heldMs).toBeLessThan(REQUEST_TIMEOUT_MS + 2 * TIMEOUT_CHECK_MS + 1_000);
  expect(body.received).toMatch(/^HTTP\/1\.1 408 /);
  server.terminate();
  expect((await server.exited).code).toBe(0);
});

test('a client gone before its body ended is logged as aborted, not as an error of the server', async ({
  request,
}) => {
  const port = BASE_PORT + 4;
  const server = await startServer(port);
  await server.ready(request);
  const socket = net.connect(port, 'localhost');
  socket.on('error', () => {});
  socket.once('connect', () => {
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    setTimeout(() => socket.destroy(), 300);
  });
  const abortedLine = await server.line((line) => line.includes('"request aborted"'));
  expect((JSON.parse(abortedLine) as { req: { path: string } }).req.path).toBe('/api/auth/login');
  // The server's own error would be logged right after the abort (the 503s of /api/ready while
  // the server started come before it).
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = server.lines.slice(server.lines.indexOf(abortedLine) + 1);
  expect(after.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  server.terminate();
  expect((await server.exited).code).toBe(0);
});

test('the metrics answer on their own port, by route pattern, and not on the app’s port', async ({
  request,
}) => {
  const port = BASE_PORT + 5;
  const metricsPort = BASE_PORT + 6;
  await expectPort(metricsPort, 'free');
  // The e2e PostgreSQL database when there is one, so the pg Pool's connections are shown.
  const database = process.env.E2E_DATABASE_URL;
  const server = await startServer(port, {
    env: { METRICS_PORT: String(metricsPort), ...(database ? { DATABASE_URL: database } : {}) },
  });
  await server.ready(request);
  expect(await server.line((line) => line.includes('"metrics on http://127.0.0.1'))).toContain(
    `127.0.0.1:${metricsPort}/metrics`,
  );

  const token = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const statuses: number[] = [];
  for (const path of [
    `/api/shared/${token}`,
    `/api/days/2026-11-27/entries/${id}`,
    `/api/no-such-route/${id}`,
    `/shared/${token}`,
  ]) {
    statuses.push((await request.get(`${server.url}${path}`, { maxRedirects: 0 })).status());
  }
  expect(statuses.slice(0, 3)).toEqual([404, 405, 404]);
  // Not on the app's port: there /metrics is a page the app does not have.
  const onAppPort = await request.get(`${server.url}/metrics`, { maxRedirects: 0 });
  expect(onAppPort.status()).toBe(404);
  expect(await onAppPort.text()).not.toContain('http_requests_total');

  const scraped = await request.get(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(scraped.status()).toBe(200);
  const text = await scraped.text();
  for (const line of [
    'http_requests_total{route="/api/shared/{token}",method="GET",status_class="4xx"} 1',
    'http_requests_total{route="/api/days/{date}/entries/{id}",method="GET",status_class="4xx"} 1',
    'http_requests_total{route="/api/{path}",method="GET",status_class="4xx"} 1',
    'http_request_duration_seconds_count{route="/api/shared/{token}",method="GET"} 1',
    `db_pool_connections{engine="${database ? 'postgres' : 'pglite'}",state="max"} ${database ? 10 : 1}`,
    'imports_total{outcome="applied"} 0',
  ]) {
    expect(text).toContain(line);
  }
  expect(text).toMatch(/^http_requests_total\{route="page",method="GET",status_class="\dxx"\} [1-9]/m);
  expect(text).toMatch(/^http_requests_total\{route="\/api\/ready",method="GET",status_class="2xx"\} [1-9]/m);
  expect(text).toMatch(/^process_cpu_user_seconds_total [\d.]+$/m);
  for (const secret of [token, id, '2026-11-27', 'no-such-route']) expect(text).not.toContain(secret);

  server.terminate();
  expect((await server.exited).code).toBe(0);
});
