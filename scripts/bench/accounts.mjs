// Bench sections for accounts, against the production server (server/server.mjs):
//   1. entry upserts: 50 concurrent clients (50 accounts) for 20 s, with autocannon;
//   2. stats over ten years of one account (3,650 days, about 30,000 entries);
//   3. durability: kill -9 in the middle of a stream of upserts, restart, count what survived.
// Each runs on the embedded PGlite and on PostgreSQL (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else the local server), in a database made for the run and dropped after.
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const UPSERT_TARGET = { perSecond: 1000, p99Ms: 50 };
export const STATS_TARGET_MS = 50;
const CONNECTIONS = 50;
const DURATION_S = 20;
const FLOOR_DURATION_S = 10;
const PASSWORD = 'bench password 2026';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL for the run: a fresh database on the configured server, or null when none answers. */
export async function createPostgresDatabase() {
  const admin =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test';
  const name = `diary_bench_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await client.end().catch(() => undefined);
    return { skipped: `PostgreSQL not reachable at ${admin.replace(/\/\/[^@]*@/, '//')}: ${error.message}` };
  }
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Each engine with a server factory: PGlite in a throwaway DATA_DIR, PostgreSQL in a fresh database. */
async function engines(ctx) {
  const list = [{ name: 'PGlite', env: {} }];
  const postgres = await createPostgresDatabase();
  if (postgres.skipped) list.push({ name: 'PostgreSQL', skipped: postgres.skipped });
  else
    list.push({
      name: 'PostgreSQL',
      // A production server with DATABASE_URL refuses to start without a session secret.
      env: { DATABASE_URL: postgres.url, AUTH_SECRET: randomUUID() + randomUUID() },
      drop: postgres.drop,
    });
  return list.map((engine) => ({
    ...engine,
    start: async (dataDir) => ctx.startServer({ env: engine.env, dataDir }),
  }));
}

const randomOctets = () => Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join('.');

export async function register(baseUrl, email) {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    // Each account from an address of its own, as separate people (the server trusts loopback).
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${randomOctets()}` },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return cookie;
}

export function entryBody(id, kcal, now = new Date().toISOString()) {
  return {
    id,
    meal: 'lunch',
    food: null,
    name: 'Bench soup',
    amount: kcal,
    unit: 'kcal',
    grams: null,
    kcal,
    protein: 1,
    fat: 1,
    carbs: 1,
    loggedAt: now,
    updatedAt: now,
  };
}

export function dateOf(dayIndex) {
  return new Date(Date.UTC(2024, 0, 1) + dayIndex * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Imports `days` into the account of `cookie`, in parts of 300 days: the import takes at most
 * 1 MB a request, and the app's own client sends a large file in such parts.
 */
export async function importDays(baseUrl, cookie, days) {
  const settings = await (await fetch(`${baseUrl}/api/settings`, { headers: { cookie } })).json();
  for (let start = 0; start < days.length; start += 300) {
    const part = {
      format: 'calorie-diary',
      version: 1,
      exportedAt: new Date().toISOString(),
      settings,
      foods: [],
      days: days.slice(start, start + 300),
    };
    const response = await fetch(`${baseUrl}/api/import`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(part),
    });
    if (!response.ok) throw new Error(`import answered ${response.status}: ${await response.text()}`);
  }
}

// ---------------------------------------------------------------------------------------

async function upsertLoad(baseUrl) {
  const cookies = [];
  for (let i = 0; i < CONNECTIONS; i++)
    cookies.push(await register(baseUrl, `load-${i}-${randomUUID()}@bench.test`));
  let connection = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_S,
    // Each client is one account writing new entries over a year of days.
    setupClient: (client) => {
      client.setHeaders({ cookie: cookies[connection++ % CONNECTIONS], 'content-type': 'application/json' });
    },
    requests: [
      {
        method: 'PUT',
        setupRequest: (request) => {
          const id = randomUUID();
          const date = dateOf(Math.floor(Math.random() * 365));
          return {
            ...request,
            path: `/api/days/${date}/entries/${id}`,
            body: JSON.stringify(entryBody(id, 100)),
          };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The same load against the same route without a session cookie: the handler answers 401
 * before any database work, so this is what Next.js alone serves on this machine, the ceiling
 * any upsert stays under.
 */
async function frameworkFloor(baseUrl) {
  const result = await autocannon({
    url: `${baseUrl}/api/days/${dateOf(0)}/entries/${randomUUID()}`,
    method: 'PUT',
    connections: CONNECTIONS,
    duration: FLOOR_DURATION_S,
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  return {
    perSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    unexpected:
      result.errors +
      result.timeouts +
      Object.entries(result.statusCodeStats)
        .filter(([status]) => status !== '401')
        .reduce((sum, [, stats]) => sum + stats.count, 0),
  };
}

/** Ten years of an account's days, the last on `lastDate`: 7 to 9 entries a day, a weight a week. */
export function tenYearsOfDays(lastDate) {
  const last = Date.parse(`${lastDate}T00:00:00Z`);
  return Array.from({ length: 3650 }, (_, index) => {
    const date = new Date(last - (3649 - index) * 86_400_000).toISOString().slice(0, 10);
    const at = `${date}T12:00:00.000Z`;
    return {
      date,
      goal: 2200,
      weight: index % 7 === 0 ? 70 + (index % 50) / 10 : null,
      entries: Array.from({ length: 7 + (index % 3) }, (_, slot) => ({
        ...entryBody(randomUUID(), 150 + slot * 40, at),
        protein: 10,
        fat: 5,
        carbs: 20,
      })),
      updatedAt: at,
    };
  });
}

async function statsOverTenYears(baseUrl) {
  const cookie = await register(baseUrl, `stats-${randomUUID()}@bench.test`);
  const days = tenYearsOfDays(dateOf(999));
  const entries = days.reduce((sum, day) => sum + day.entries.length, 0);
  await importDays(baseUrl, cookie, days);
  const from = days[0].date;
  const to = days.at(-1).date;
  const times = [];
  let report;
  for (let run = 0; run < 11; run++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/stats?from=${from}&to=${to}&today=${to}`, {
      headers: { cookie },
    });
    report = await response.json();
    times.push(performance.now() - started);
  }
  times.shift(); // the first run warms caches and JIT
  times.sort((a, b) => a - b);
  return {
    days: days.length,
    entries,
    loggedDays: report.loggedDays,
    medianMs: times[Math.floor(times.length / 2)],
    maxMs: times.at(-1),
  };
}

async function durability(engine) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-durable-'));
  let server = await engine.start(dataDir);
  const cookie = await register(server.baseUrl, `durable-${randomUUID()}@bench.test`);
  const acknowledged = [];
  let stop = false;
  const date = dateOf(10);
  // Eight writers stream upserts; the server is killed with SIGKILL after 3 s.
  const writers = Array.from({ length: 8 }, async () => {
    while (!stop) {
      const id = randomUUID();
      try {
        const response = await fetch(`${server.baseUrl}/api/days/${date}/entries/${id}`, {
          method: 'PUT',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(entryBody(id, 50)),
        });
        if (response.ok) acknowledged.push(id);
        else await response.body?.cancel();
      } catch {
        // The connection died with the server: not acknowledged.
      }
    }
  });
  await sleep(3000);
  server.kill('SIGKILL');
  await sleep(200);
  stop = true;
  await Promise.all(writers);
  server = await engine.start(dataDir);
  try {
    const day = await (await fetch(`${server.baseUrl}/api/days/${date}`, { headers: { cookie } })).json();
    const stored = new Set(day.entries.map((entry) => entry.id));
    const lost = acknowledged.filter((id) => !stored.has(id)).length;
    return { acknowledged: acknowledged.length, stored: stored.size, lost };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------

export async function accountsSection(ctx) {
  const rows = [];
  const notes = [];
  for (const engine of await engines(ctx)) {
    if (engine.skipped) {
      notes.push(`${engine.name}: skipped (${engine.skipped}).`);
      continue;
    }
    try {
      await measureEngine(engine, ctx, rows, notes);
    } catch (error) {
      // One engine failing should not hide the other's figures.
      notes.push(`${engine.name}: failed: ${error.message}`);
    } finally {
      await engine.drop?.();
    }
  }
  return report(rows, notes);
}

async function measureEngine(engine, ctx, rows, notes) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-accounts-'));
  const server = await engine.start(dataDir);
  let row;
  try {
    ctx.progress(`accounts on ${engine.name}: framework floor (401 before the database)`);
    const floor = await frameworkFloor(server.baseUrl);
    notes.push(
      `${engine.name}: the same ${CONNECTIONS} clients for ${FLOOR_DURATION_S} s on the route without a session (a 401 before any database work, i.e. Next.js alone): ${floor.perSecond}/s, p50 ${floor.p50Ms} ms, p99 ${floor.p99Ms} ms${floor.unexpected ? ` (${floor.unexpected} answers were not 401)` : ''}.`,
    );
    ctx.progress(`accounts on ${engine.name}: upserts`);
    const load = await upsertLoad(server.baseUrl);
    notes.push(littlesLaw(engine.name, load));
    ctx.progress(`accounts on ${engine.name}: stats over ten years`);
    const stats = await statsOverTenYears(server.baseUrl);
    row = { engine: engine.name, ...load, statsMedianMs: stats.medianMs, statsMaxMs: stats.maxMs };
    rows.push(row);
    notes.push(
      `${engine.name}: stats over ${stats.days} days and ${stats.entries} entries (${stats.loggedDays} logged days reported), median of 10 requests.`,
    );
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  ctx.progress(`accounts on ${engine.name}: kill -9 during upserts`);
  const survived = await durability(engine);
  row.durability = survived;
  notes.push(
    `${engine.name}: kill -9 after 3 s of upserts: ${survived.acknowledged} acknowledged, ${survived.lost} lost after restart (${survived.stored} stored).`,
  );
}

/**
 * Each of the 50 clients sends its next upsert when the last one is answered, so the mean
 * latency is fixed by the throughput (Little's law: clients = throughput × mean latency). The
 * note says what throughput the latency target needs, to read the measured figures against.
 */
function littlesLaw(engineName, load) {
  const meanAtTarget = (CONNECTIONS / UPSERT_TARGET.perSecond) * 1000;
  return `${engineName}: with ${CONNECTIONS} clients each waiting for its answer, mean latency = ${CONNECTIONS} / throughput (Little's law): ${Math.round((CONNECTIONS / Math.max(load.perSecond, 1)) * 1000)} ms at the measured ${load.perSecond}/s, and ${meanAtTarget} ms at ${UPSERT_TARGET.perSecond}/s, so a p99 under ${UPSERT_TARGET.p99Ms} ms needs well over ${UPSERT_TARGET.perSecond}/s from this load.`;
}

function report(rows, notes) {
  const ms = (value) => (value == null ? '–' : `${value.toFixed(1)} ms`);
  return {
    target: `PostgreSQL: ≥ ${UPSERT_TARGET.perSecond} upserts/s at p99 < ${UPSERT_TARGET.p99Ms} ms, no errors; stats over 10 years < ${STATS_TARGET_MS} ms; nothing acknowledged is lost`,
    columns: [
      { key: 'engine', label: 'Engine' },
      { key: 'perSecond', label: 'Upserts/s', align: 'right' },
      { key: 'p50Ms', label: 'p50', align: 'right', format: (v) => `${v} ms` },
      { key: 'p99Ms', label: 'p99', align: 'right', format: (v) => `${v} ms` },
      { key: 'errors', label: 'Errors', align: 'right' },
      { key: 'requests', label: 'Requests', align: 'right' },
      { key: 'statsMedianMs', label: 'Stats 10 y', align: 'right', format: ms },
      {
        key: 'durability',
        label: 'Lost after kill -9',
        align: 'right',
        format: (v) => (v ? `${v.lost}/${v.acknowledged}` : '–'),
      },
    ],
    rows,
    notes,
  };
}
