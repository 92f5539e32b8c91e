import type { APIResponse } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { splitExport } from '../../lib/data/api/import-chunks';
import type { Day } from '../../lib/schemas/day';
import { guestExport } from '../support/diary-data';
import { entry } from '../support/fixtures';
import { expect, test } from './fixtures';
import { ServerProcess } from './server-process';

// `npm start`'s server (server/server.mjs) stopped with SIGTERM, as docker
// stop, systemd or Kubernetes stop it, while writes are in flight. Each test starts its own
// server on the embedded PGlite, the harder case for durability: the database runs inside the
// very process being stopped, so whatever it has not written to DATA_DIR by the exit is gone.

const BASE_PORT = Number(process.env.E2E_PORT ?? 3210) + 10;
/** server/server.mjs's STOP_DEADLINE_MS: past it the process exits with requests still open. */
const STOP_DEADLINE_MS = 10_000;
const PASSWORD = 'correct horse battery staple';

// The servers these tests start would compete for the machine's two cores: one after another.
test.describe.configure({ mode: 'default' });

const started: ServerProcess[] = [];
const dataDirs: string[] = [];

async function startServer(port: number, dataDir?: string): Promise<ServerProcess> {
  await expectFreePort(port);
  const dir = dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'diary-graceful-stop-')));
  if (!dataDir) dataDirs.push(dir);
  const server = ServerProcess.start(port, dir);
  started.push(server);
  return server;
}

/** A server left over on the port (a run killed midway) would answer in place of this one. */
async function expectFreePort(port: number): Promise<void> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(new Error(`port ${port} is taken: ${error.message}`)));
    probe.listen(port, () => probe.close(() => resolve()));
  });
}

test.afterAll(async () => {
  // Whatever happened, no server of these tests outlives them.
  for (const server of started.splice(0)) server.kill();
  for (const dir of dataDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** One write of the burst: what it is, and the ids of the entries it stores. */
type Write = { label: string; entryIds: string[]; send: () => Promise<APIResponse> };
/** What became of a write: an HTTP answer, or the error its connection ended with. */
type Outcome = Omit<Write, 'send'> & { status?: number; error?: string; answeredAt?: number };

async function outcomeOf({ send, ...write }: Write): Promise<Outcome> {
  try {
    const answer = await send();
    const answeredAt = Date.now();
    const error = answer.ok() ? undefined : (await answer.text()).slice(0, 300);
    return { ...write, status: answer.status(), error, answeredAt };
  } catch (error) {
    // The first line: what became of the connection (the rest is Playwright's call log).
    return { ...write, error: (error instanceof Error ? error.message : String(error)).split('\n')[0] };
  }
}

/** An outcome in a line, for the messages of failed expectations. */
const described = (outcome: Outcome) =>
  `${outcome.label}: ${outcome.status ?? ''} ${outcome.error ?? ''}`.trim();

/** The request's refusal at connect: the listener was closed, so it never reached the server. */
const neverReached = (outcome: Outcome) => /ECONNREFUSED/.test(outcome.error ?? '');

/**
 * A GET /api/ready whose head is sent in two halves on its own connection: the first now, the
 * rest by finish(). A request that began before SIGTERM and ends after it, as a slow client's
 * does; its answer tells what the server says of itself while stopping.
 */
async function readyInTwoHalves(port: number) {
  const socket = net.connect(port, 'localhost');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  socket.write('GET /api/ready HTTP/1.1\r\nHost: localhost\r\n');
  return {
    async finish() {
      socket.write('\r\n');
      await closed;
      const end = received.indexOf('\r\n\r\n');
      // The body is chunked: its JSON is what lies between the first brace and the last.
      return { head: received.slice(0, end), json: received.slice(end).match(/\{[^]*\}/)?.[0] ?? '' };
    },
  };
}

test('SIGTERM during a burst of writes: each is answered, the process exits 0, none is lost', async ({
  request,
  playwright,
}) => {
  // Two server starts, the first on a PGlite database made and migrated from nothing, and a burst
  // of writes with two large import parts: on a 2-core machine, too close to the 30 s a test gets.
  test.slow();
  const port = BASE_PORT;
  const server = await startServer(port);
  await server.ready(request);
  const email = `graceful-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await request.post(`${server.url}/api/auth/register`, {
    data: { email, password: PASSWORD },
  });
  expect(registered.status()).toBe(201);
  const session = await request.storageState();
  const token = session.cookies.find((cookie) => cookie.name === 'session')!.value;

  // Writes a person's devices could send: entry upserts, distinct ids over three days, and two
  // import parts as the client cuts a large file (lib/data/api/import-chunks.ts), which take the
  // server long enough to be sure to be in flight when the signal comes.
  const importParts = splitExport(guestExport('2023-01-01', 720, 11, 18));
  expect(importParts).toHaveLength(2);
  const writes: Write[] = [
    ...importParts.map((part, index) => ({
      label: `import part ${index + 1}`,
      entryIds: part.days.flatMap((day) => day.entries.map((item) => item.id)),
      send: () => request.post(`${server.url}/api/import`, { data: part }),
    })),
    ...Array.from({ length: 60 }, (_, index) => {
      const item = entry({ name: `Write ${index}`, kcal: index });
      const date = `2026-11-${20 + (index % 3)}`;
      return {
        label: `entry ${index}`,
        entryIds: [item.id],
        send: () => request.put(`${server.url}/api/days/${date}/entries/${item.id}`, { data: item }),
      };
    }),
  ];

  const probe = await readyInTwoHalves(port);
  const sent = writes.map(outcomeOf);
  // The signal comes once the server has answered something: it is busy with the rest.
  await Promise.race(sent);
  const signalledAt = server.terminate();
  const outcomes = await Promise.all(sent);

  const answered = outcomes.filter((outcome) => outcome.status !== undefined);
  const afterSignal = answered.filter((outcome) => outcome.answeredAt! > signalledAt);
  const refused = outcomes.filter(neverReached).map((outcome) => outcome.label);
  test.info().annotations.push({
    type: 'outcomes',
    description: `${answered.length - afterSignal.length} answered before SIGTERM, ${afterSignal.length} after; refused at connect: ${refused.join(', ') || 'none'}`,
  });
  // Every request was made before the signal. Each got an HTTP answer, or was refused at connect
  // (Playwright had not sent it yet and the listener had closed: it never reached the server).
  // None may lose its connection once the server has it, be it only in the kernel's queue.
  const lost = outcomes.filter((outcome) => outcome.status === undefined && !neverReached(outcome));
  expect(lost.map(described)).toEqual([]);
  expect(answered.filter((outcome) => outcome.status !== 200).map(described)).toEqual([]);
  // Otherwise the signal came too late to test anything.
  expect(afterSignal.length).toBeGreaterThan(0);

  await server.line((line) => line.includes('stopping: finishing the requests in flight'));
  const ready = await probe.finish();
  expect(ready.head).toMatch(/^HTTP\/1\.1 503 /);
  expect(ready.head).toMatch(/^connection: close$/im);
  expect(JSON.parse(ready.json)).toEqual({ status: 'stopping' });

  const exit = await server.exited;
  expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
  expect(exit.at - signalledAt).toBeLessThan(STOP_DEADLINE_MS);
  test.info().annotations.push({ type: 'exit', description: `${exit.at - signalledAt} ms after SIGTERM` });

  // The log: JSON, one object a line, and nothing secret.
  const notJson = server.lines.filter((line) => !isCanonicalJson(line));
  expect(notJson, 'lines that are not one JSON object each, or that repeat a key').toEqual([]);
  const logged = server.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const stopping = logged.find((line) => line.msg === 'stopping: finishing the requests in flight');
  // How many were in flight is left open: between two requests the server may hold none.
  expect(stopping).toMatchObject({ signal: 'SIGTERM', inFlight: expect.any(Number) });
  const entryLines = logged.filter(
    (line) =>
      line.msg === 'request completed' && /\/entries\//.test(String((line.req as { path?: string })?.path)),
  );
  expect(entryLines).toHaveLength(answered.filter((outcome) => outcome.label.startsWith('entry')).length);
  for (const line of entryLines) {
    expect(line).toMatchObject({
      reqId: expect.stringMatching(/\S/),
      req: { method: 'PUT' },
      res: { status: 200 },
      responseTime: expect.any(Number),
    });
  }
  const stdout = server.lines.join('\n');
  const secrets = { password: PASSWORD, 'session cookie': token, 'email address': email };
  for (const [name, secret] of Object.entries(secrets)) {
    expect(stdout.includes(secret), `the log holds the ${name}`).toBe(false);
  }

  // Started again on the same data: every write that was answered 2xx is there.
  const again = await startServer(port, server.dataDir);
  const reader = await playwright.request.newContext({ storageState: session });
  try {
    await again.ready(reader);
    const stored = await reader.get(`${again.url}/api/days?from=2023-01-01&to=2026-12-31`);
    expect(stored.status()).toBe(200);
    const storedIds = new Set(
      ((await stored.json()) as Day[]).flatMap((day) => day.entries.map((item) => item.id)),
    );
    const acknowledged = answered.flatMap((outcome) => outcome.entryIds);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
  } finally {
    await reader.dispose();
  }
  again.terminate();
  expect((await again.exited).code).toBe(0);
});

test('SIGTERM with no traffic: the process exits 0 at once', async ({ playwright }) => {
  const server = await startServer(BASE_PORT + 1);
  // Its own context, disposed before the signal, so no connection of the test is left open.
  const poller = await playwright.request.newContext();
  try {
    await server.ready(poller);
  } finally {
    await poller.dispose();
  }
  const signalledAt = server.terminate();
  const exit = await server.exited;
  expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
  expect(exit.at - signalledAt).toBeLessThan(2_000);
  test.info().annotations.push({ type: 'exit', description: `${exit.at - signalledAt} ms after SIGTERM` });
  expect(JSON.parse(server.lines.at(-1)!)).toMatchObject({ msg: 'stopped' });
});

test('SIGTERM with a page listening for changes: its stream ends, and the process exits 0 at once', async ({
  playwright,
}) => {
  const server = await startServer(BASE_PORT + 2);
  const request = await playwright.request.newContext();
  let token: string;
  try {
    await server.ready(request);
    const registered = await request.post(`${server.url}/api/auth/register`, {
      data: { email: `listening-${randomUUID().slice(0, 8)}@example.com`, password: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    token = (await request.storageState()).cookies.find((cookie) => cookie.name === 'session')!.value;
  } finally {
    await request.dispose();
  }
  // The stream as a browser's EventSource holds it: open, read as it comes.
  const stream = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http
      .get(`${server.url}/api/changes`, { headers: { cookie: `session=${token}` } }, resolve)
      .once('error', reject),
  );
  expect(stream.statusCode).toBe(200);
  expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
  const ended = new Promise<void>((resolve) => {
    stream.resume();
    stream.once('end', resolve);
    stream.once('close', resolve);
  });
  const signalledAt = server.terminate();
  await ended;
  const exit = await server.exited;
  expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
  // Not held to the deadline (STOP_DEADLINE_MS) by the stream.
  expect(exit.at - signalledAt).toBeLessThan(3_000);
  expect(JSON.parse(server.lines.at(-1)!)).toMatchObject({ msg: 'stopped' });
});

/**
 * Whether a log line is exactly one JSON object as JSON.stringify writes it (pino does): a key
 * given twice parses, but JSON.parse keeps only the last one, and some log stores (Elasticsearch)
 * refuse the line.
 */
function isCanonicalJson(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && JSON.stringify(value) === line;
  } catch {
    return false;
  }
}
