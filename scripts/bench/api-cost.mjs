// Bench section `apicost`: what the app's API path costs beyond its work. In one run, one
// instance of the production server (its lean /api path, then /api through Next.js with
// LEAN_API=off, as before docs/decisions/0033) and a bare node:http + pg server doing the same queries
// (./bare-api.mjs) on one fresh PostgreSQL database, each under the same open-loop loads in
// rising steps: /api/health, a day read, an entry upsert, and their mix (75 % reads). CPU per
// request comes from /proc; the ratio app / bare is the figure to bring down to 2 or less.
import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase, dateOf, entryBody } from './accounts.mjs';
import {
  DAYS,
  localPostmaster,
  rampUp,
  SERVICE_TARGET_P99_MS,
  seedUsers,
  SLOTS,
  USERS,
} from './service-load.mjs';

const STEP_SECONDS = 5;
const HERE = dirname(fileURLToPath(import.meta.url));

/** The bare server on a free port; answers its pid and a stop that waits for it to exit. */
async function startBare(ctx, env) {
  const port = await ctx.freePort();
  const child = spawn(process.execPath, [join(HERE, 'bare-api.mjs')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const forget = ctx.onExit(() => child.kill('SIGKILL'));
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      forget();
    },
  };
}

/** The loads both servers answer, over the seeded accounts: a random account's day each time. */
function loads(users) {
  const read = () => {
    const { cookie } = users[randomInt(USERS)];
    return { method: 'GET', path: `/api/days/${dateOf(randomInt(DAYS))}`, headers: { cookie } };
  };
  const upsert = () => {
    const { cookie, slots } = users[randomInt(USERS)];
    const day = randomInt(DAYS);
    const id = slots[day][randomInt(SLOTS)];
    const body = JSON.stringify(entryBody(id, randomInt(50, 900)));
    const headers = { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    return { method: 'PUT', path: `/api/days/${dateOf(day)}/entries/${id}`, headers, body };
  };
  return [
    { name: 'health', nextRequest: () => ({ method: 'GET', path: '/api/health' }) },
    { name: 'read', nextRequest: read },
    { name: 'upsert', nextRequest: upsert },
    { name: 'mix', nextRequest: () => (Math.random() < 0.75 ? read() : upsert()) },
  ];
}

export async function apiCostSection(ctx) {
  const database = await createPostgresDatabase();
  if (database.skipped) return report([], [`skipped: ${database.skipped}`]);
  const env = { DATABASE_URL: database.url, AUTH_SECRET: randomUUID() + randomUUID() };
  const rows = [];
  try {
    const postmaster = await localPostmaster(database.url);
    let users;
    const chosen = ({ name }) => !ctx.opts.servers || ctx.opts.servers.includes(name);
    // The app as it serves /api (its lean path), and through Next.js as before (LEAN_API=off).
    const apps = [
      { name: 'app', extra: {} },
      { name: 'next', extra: { LEAN_API: 'off' } },
    ].filter(chosen);
    for (const { name, extra } of apps) {
      const app = await ctx.startServer({ env: { ...env, ...extra } });
      try {
        users ??= await seedUsers(app.baseUrl);
        await measure(ctx, { name, baseUrl: app.baseUrl, pid: app.pid }, users, postmaster, rows);
      } finally {
        await app.stop();
      }
    }
    if (chosen({ name: 'bare' })) {
      if (!users) {
        // The accounts are seeded through the app, which is not measured in this run.
        const app = await ctx.startServer({ env });
        users = await seedUsers(app.baseUrl).finally(() => app.stop());
      }
      const bare = await startBare(ctx, env);
      try {
        await measure(ctx, { name: 'bare', ...bare }, users, postmaster, rows);
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await database.drop();
  }
  return report(rows, []);
}

async function measure(ctx, server, users, postmaster, rows) {
  const chosen = loads(users).filter(({ name }) => !ctx.opts.loads || ctx.opts.loads.includes(name));
  for (const { name, nextRequest } of chosen) {
    const steps = await rampUp({
      baseUrl: server.baseUrl,
      nextRequest,
      processes: { app: [server.pid], ...(postmaster && { postgres: [postmaster] }) },
      progress: (rate) => ctx.progress(`apicost: ${server.name}, ${name}, ${rate}/s`),
      stepSeconds: STEP_SECONDS,
    });
    rows.push(...steps.map((step) => ({ server: server.name, load: name, ...step })));
  }
}

/**
 * Per load: the highest rate each server held, and the CPU per request of the app and of the
 * app through Next.js against the bare server's, compared step by step at the rates both held
 * (the median of those ratios). A server's CPU per request falls as its rate rises (timers and
 * idle work spread over more requests), so the ratio pairs equal rates, never one server's
 * busy steps with the other's quiet ones.
 */
function summarise(rows) {
  const median = (values) => {
    const sorted = values.filter((value) => value != null).sort((a, b) => a - b);
    return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
  };
  return ['health', 'read', 'upsert', 'mix'].map((load) => {
    const held = (server) => rows.filter((row) => row.server === server && row.load === load && row.held);
    const highest = (server) => held(server).at(-1)?.rate ?? 0;
    const cpu = (server) => median(held(server).map((row) => row.appCpuMs));
    const ratio = (server) => {
      const bare = new Map(held('bare').map((row) => [row.rate, row.appCpuMs]));
      return median(
        held(server)
          .filter((row) => bare.get(row.rate))
          .map((row) => row.appCpuMs / bare.get(row.rate)),
      );
    };
    return {
      load,
      appRate: highest('app'),
      nextRate: highest('next'),
      bareRate: highest('bare'),
      appCpuMs: cpu('app'),
      nextCpuMs: cpu('next'),
      bareCpuMs: cpu('bare'),
      ratio: ratio('app'),
      nextRatio: ratio('next'),
    };
  });
}

function report(rows, notes) {
  const cpu = (value) => (value == null ? '–' : value.toFixed(2));
  const times = (value) => (value == null ? '–' : `${value.toFixed(1)}x`);
  const summary = summarise(rows);
  if (rows.length) {
    notes.push(
      ...summary.map(
        (row) =>
          `${row.load}: CPU per request ${cpu(row.appCpuMs)} ms (app), ${cpu(row.nextCpuMs)} ms (through Next.js), ${cpu(row.bareCpuMs)} ms (bare); at equal rates the app takes ${times(row.ratio)} the bare server's CPU (target ≤ 2x), through Next.js ${times(row.nextRatio)}; highest rate held ${row.appRate}/s (app), ${row.nextRate}/s (through Next.js), ${row.bareRate}/s (bare).`,
      ),
      `CPU per request: the server's own process tree (user + system, from /proc), the median over the steps it held (the ratios: over the rates both servers held); PostgreSQL's share is its own column. Open loop, steps of ${STEP_SECONDS} s, p99 < ${SERVICE_TARGET_P99_MS} ms and no errors to hold (a step that misses is tried once more); ${USERS} accounts with ${DAYS} days each, seeded through the app.`,
    );
  }
  return {
    target: `CPU per request at most 2x the bare server's (issue: a lean API path)`,
    columns: [
      { key: 'server', label: 'Server' },
      { key: 'load', label: 'Load' },
      { key: 'rate', label: 'Rate/s', align: 'right' },
      { key: 'achieved', label: 'Achieved/s', align: 'right', format: (v) => Math.round(v) },
      { key: 'p50Ms', label: 'p50 ms', align: 'right', format: (v) => v.toFixed(1) },
      { key: 'p99Ms', label: 'p99 ms', align: 'right', format: (v) => v.toFixed(1) },
      { key: 'errors', label: 'Errors', align: 'right' },
      { key: 'appCpuMs', label: 'CPU/req server', align: 'right', format: cpu },
      { key: 'postgresCpuMs', label: 'PostgreSQL', align: 'right', format: cpu },
      { key: 'held', label: 'Held', format: (v) => (v ? 'held' : 'MISS') },
      { key: 'retried', label: 'Try', format: (v) => (v ? '2nd' : '1st') },
    ],
    rows,
    summary,
    notes,
  };
}
