// Bench section `service`: the account API judged as a service is, by the highest arrival rate
// it holds with a p99 under 50 ms and no errors. nginx (docs/deploy/nginx.conf, over plain
// HTTP) in front of one, then two instances of the production server on one fresh PostgreSQL
// database; an open-loop load (./open-loop.mjs) of the diary's mix of requests, and of
// /api/health, the framework floor (Next.js answering without database work), in rising steps.
// CPU per request is read from /proc for the app, nginx and PostgreSQL. With --profile, one more
// instance runs under `node --cpu-prof` at a steady rate and its profile is summarised.
import { randomInt, randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import pg from 'pg';
import { createPostgresDatabase, dateOf, entryBody, importDays, register } from './accounts.mjs';
import { summariseProfile } from './cpu-profile.mjs';
import { hasNginx, startNginx } from './nginx.mjs';
import { loadAgent, openLoop } from './open-loop.mjs';
import { machineBusyMs, parentPid, processName, treeCpuMs } from './process-cpu.mjs';

export const SERVICE_TARGET_P99_MS = 50;
const RATES = [50, 100, 150, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000];
const STEP_SECONDS = 10;
const WARM_UP = { rate: 100, seconds: 5 };
const PROFILE_SECONDS = 20;

export const USERS = 20;
export const DAYS = 30;
// Entry ids each day may hold, of which the seed stores SEEDED: an upsert picks one of the
// SLOTS, so it adds an entry or changes one, and a day keeps 8 to 10 entries all run long (the
// reads of the last step cost what those of the first did).
export const SLOTS = 10;
const SEEDED = 8;

/** The section's line when nginx is missing: the bench never installs anything. */
export function skipWithoutNginx() {
  return hasNginx() ? null : 'skipped: nginx is not on PATH (install it with `apt-get install nginx`)';
}

/** USERS accounts, registered through the proxy each from an address of its own, with DAYS days each. */
export async function seedUsers(baseUrl) {
  const users = [];
  for (let index = 0; index < USERS; index++) {
    const cookie = await register(baseUrl, `service-${index}-${randomUUID()}@bench.test`);
    const slots = Array.from({ length: DAYS }, () => Array.from({ length: SLOTS }, () => randomUUID()));
    const at = `${dateOf(0)}T12:00:00.000Z`;
    const days = slots.map((ids, day) => ({
      date: dateOf(day),
      goal: 2200,
      weight: null,
      entries: ids.slice(0, SEEDED).map((id, slot) => entryBody(id, 100 + slot * 50, at)),
      updatedAt: at,
    }));
    await importDays(baseUrl, cookie, days);
    users.push({ cookie, slots });
  }
  return users;
}

/** The loads: the floor, and the mix of what the diary's screens ask: 70 % days, 25 % upserts, 5 % stats. */
function loads(users) {
  const stats = `/api/stats?from=${dateOf(0)}&to=${dateOf(DAYS - 1)}`;
  const mix = () => {
    const { cookie, slots } = users[randomInt(USERS)];
    const day = randomInt(DAYS);
    const date = dateOf(day);
    const draw = Math.random();
    if (draw < 0.7) return { method: 'GET', path: `/api/days/${date}`, headers: { cookie } };
    if (draw < 0.95) {
      const id = slots[day][randomInt(SLOTS)];
      const body = JSON.stringify(entryBody(id, randomInt(50, 900)));
      const headers = {
        cookie,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      };
      return { method: 'PUT', path: `/api/days/${date}/entries/${id}`, headers, body };
    }
    return { method: 'GET', path: stats, headers: { cookie } };
  };
  return [
    { name: 'floor', nextRequest: () => ({ method: 'GET', path: '/api/health' }) },
    { name: 'mix', nextRequest: mix },
  ];
}

/** PostgreSQL's postmaster when the database runs on this machine (its CPU is then ours to read), else null. */
export async function localPostmaster(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select pg_backend_pid() as pid');
    const backend = rows[0].pid;
    const postmaster = parentPid(backend);
    return processName(backend) === 'postgres' && processName(postmaster) === 'postgres' ? postmaster : null;
  } finally {
    await client.end();
  }
}

/** CPU ms so far of each tree of `processes`, and of this process (the load generator) as `bench`. */
function cpuNow(processes) {
  const own = process.cpuUsage();
  return {
    ...treeCpuMs(processes),
    bench: (own.user + own.system) / 1000,
    machine: machineBusyMs(),
    at: performance.now(),
  };
}

/**
 * The share of the machine's CPU over a step that went to processes other than the measured ones
 * (another build or test run): above a few per cent, the step's figures are pessimistic.
 */
function othersShare(before, after) {
  if (before.machine == null || before.app == null) return null;
  const ours = ['app', 'nginx', 'postgres', 'bench'].reduce(
    (sum, name) => sum + (after[name] ?? 0) - (before[name] ?? 0),
    0,
  );
  const capacity = (after.at - before.at) * availableParallelism();
  return Math.max(0, (after.machine - before.machine - ours) / capacity);
}

/**
 * Steps of rising rate after a warm-up, up to the first rate that misses the target twice. A
 * step that misses is run once more at the same rate (both are kept, the second marked
 * `retried`): one stall of the machine (a disk flush under PostgreSQL, another process) would
 * otherwise end the ramp of whichever server it fell on, and the rates held would measure luck.
 */
export async function rampUp({ baseUrl, nextRequest, processes, progress, stepSeconds = STEP_SECONDS }) {
  const agent = loadAgent();
  const steps = [];
  try {
    await openLoop({ agent, baseUrl, ...WARM_UP, nextRequest });
    for (const rate of RATES) {
      let held = false;
      for (const retried of [false, true]) {
        progress(retried ? `${rate} (again)` : rate);
        const before = cpuNow(processes);
        const step = await openLoop({ agent, baseUrl, rate, seconds: stepSeconds, nextRequest });
        const after = cpuNow(processes);
        const perRequest = (name) =>
          before[name] == null || after[name] == null ? null : (after[name] - before[name]) / step.requests;
        held = step.p99Ms < SERVICE_TARGET_P99_MS && step.errors === 0;
        steps.push({
          ...step,
          appCpuMs: perRequest('app'),
          nginxCpuMs: perRequest('nginx'),
          postgresCpuMs: perRequest('postgres'),
          benchCpuMs: perRequest('bench'),
          othersShare: othersShare(before, after),
          held,
          retried,
        });
        if (held) break;
      }
      if (!held) break;
    }
  } finally {
    agent.destroy();
  }
  return steps;
}

/**
 * One instance under `node --cpu-prof`, alone behind nginx, under the mix at `rate` for
 * PROFILE_SECONDS after a warm-up; only the samples of that window are summarised.
 */
async function profileOneInstance(ctx, { env, users, rate }) {
  const dir = await mkdtemp(join(tmpdir(), 'bench-profile-'));
  try {
    const server = await ctx.startServer({ env, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
    let window;
    try {
      const proxy = await startNginx({
        port: await ctx.freePort(),
        appPorts: [server.port],
        onExit: ctx.onExit,
      });
      const agent = loadAgent();
      try {
        const { nextRequest } = loads(users).find((load) => load.name === 'mix');
        await openLoop({ agent, baseUrl: proxy.baseUrl, ...WARM_UP, nextRequest });
        // The profile's timestamps are microseconds of the same monotonic clock as hrtime.
        const fromUs = Number(process.hrtime.bigint() / 1000n);
        const cpuBefore = treeCpuMs({ app: [server.pid] }).app;
        const step = await openLoop({
          agent,
          baseUrl: proxy.baseUrl,
          rate,
          seconds: PROFILE_SECONDS,
          nextRequest,
        });
        // The samples give the shares; what the process used comes from /proc, since on a busy
        // machine a sample also spans the time the process waited for a core.
        const cpuMs = treeCpuMs({ app: [server.pid] }).app - cpuBefore;
        const toUs = Number(process.hrtime.bigint() / 1000n);
        window = { fromUs, toUs, step, cpuMsPerRequest: cpuMs / step.requests };
      } finally {
        agent.destroy();
        await proxy.stop();
      }
    } finally {
      await server.stop(); // SIGTERM: the server exits by itself, and Node writes the profile
    }
    const file = (await readdir(dir)).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no CPU profile');
    // Kept for a closer look: Chrome DevTools (Performance, Load profile) or VS Code open it.
    const kept = join(ctx.nextDir, '..', 'bench-results', 'service.cpuprofile');
    await mkdir(dirname(kept), { recursive: true });
    await copyFile(join(dir, file), kept);
    const profile = JSON.parse(await readFile(kept, 'utf8'));
    return {
      rate,
      seconds: PROFILE_SECONDS,
      file: relative(process.cwd(), kept),
      ...window,
      ...summariseProfile(profile, window, ctx.nextDir),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function serviceLoadSection(ctx) {
  const database = await createPostgresDatabase();
  if (database.skipped) return report([], null, [`skipped: ${database.skipped}`]);
  // The same secret for every instance, so a session made on one is valid on the other.
  const env = { DATABASE_URL: database.url, AUTH_SECRET: randomUUID() + randomUUID() };
  const servers = [];
  const rows = [];
  let profile = null;
  try {
    const postmaster = await localPostmaster(database.url);
    let users;
    for (const instances of [1, 2]) {
      while (servers.length < instances) servers.push(await ctx.startServer({ env }));
      const proxy = await startNginx({
        port: await ctx.freePort(),
        appPorts: servers.map((server) => server.port),
        onExit: ctx.onExit,
      });
      try {
        users ??= await seedUsers(proxy.baseUrl);
        const processes = {
          app: servers.map((server) => server.pid),
          nginx: [proxy.pid],
          ...(postmaster && { postgres: [postmaster] }),
        };
        for (const { name, nextRequest } of loads(users)) {
          const progress = (rate) => ctx.progress(`service: ${instances} instance(s), ${name}, ${rate}/s`);
          const steps = await rampUp({ baseUrl: proxy.baseUrl, nextRequest, processes, progress });
          rows.push(...steps.map((step) => ({ instances, load: name, ...step })));
        }
      } finally {
        await proxy.stop();
      }
    }
    for (const server of servers.splice(0)) await server.stop();
    if (ctx.opts.profile) {
      // Below the rate one instance held, so the profile shows work and not a queue.
      const rate = Math.max(50, Math.round(0.6 * heldRate(rows, 1, 'mix')));
      ctx.progress(`service: CPU profile of one instance under the mix at ${rate}/s`);
      profile = await profileOneInstance(ctx, { env, users, rate });
    }
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
  return report(rows, profile, []);
}

/** The highest rate that held in a series: its steps stop at the first miss. */
function heldRate(rows, instances, load) {
  const held = rows.filter((row) => row.instances === instances && row.load === load && row.held);
  return held.at(-1)?.rate ?? 0;
}

function report(rows, profile, notes) {
  const ms = (value) => (value == null ? '–' : value.toFixed(1));
  const cpu = (value) => (value == null ? '–' : value.toFixed(2));
  const summary = [1, 2].map((instances) => ({
    instances,
    floor: heldRate(rows, instances, 'floor'),
    mix: heldRate(rows, instances, 'mix'),
  }));
  if (rows.length) {
    notes.push(
      ...summary.map(
        ({ instances, floor, mix }) =>
          `${instances} instance${instances > 1 ? 's' : ''}: highest rate held (p99 < ${SERVICE_TARGET_P99_MS} ms, no errors): floor ${floor}/s, mix ${mix}/s, the mix at ${floor ? Math.round((mix / floor) * 100) : '–'} % of the floor.`,
      ),
      `CPU columns: ms of CPU per request over each step (user + system, from /proc): the app's instances together, nginx (master and workers), PostgreSQL (the whole server: postmaster and every backend) and this load generator. Others: the share of the machine's CPU that other processes took meanwhile; the figures of a step with more than a few per cent there are pessimistic.`,
      `The load generator, nginx, PostgreSQL and the app share this machine's ${availableParallelism()} cores: a second instance adds no CPU, only a second event loop to spread the work over.`,
      `Open loop: request i is sent at t0 + i/rate whether or not the earlier ones were answered, and its latency counts from then. Steps of ${STEP_SECONDS} s after ${WARM_UP.seconds} s at ${WARM_UP.rate}/s, up to the first step that misses; errors are non-2xx answers and answers not given within 10 s. The sender fell behind its own schedule by at most ${ms(Math.max(0, ...rows.map((row) => row.lateMs)))} ms.`,
      `nginx runs docs/deploy/nginx.conf with plain HTTP on loopback instead of TLS; ${USERS} accounts registered through it, each from its own X-Forwarded-For, with ${DAYS} days of ${SEEDED}–${SLOTS} entries; the mix: 70 % GET a day, 25 % PUT an entry (a new or existing id), 5 % GET ${DAYS} days of stats, of a random account.`,
    );
    const busiest = Math.max(...rows.map((row) => row.othersShare ?? 0));
    if (busiest > 0.1) {
      notes.push(
        `The machine was busy: other processes took up to ${Math.round(busiest * 100)} % of its CPU during the steps, so the rates held are pessimistic; rerun on an idle machine.`,
      );
    }
    for (const row of rows.filter((each) => each.errors)) {
      notes.push(
        `${row.instances} instance(s), ${row.load} at ${row.rate}/s: errors by status (0: no answer) ${JSON.stringify(row.errorsByStatus)}.`,
      );
    }
  }
  if (profile) notes.push(...profileNotes(profile));
  return {
    target: `the highest arrival rate with p99 < ${SERVICE_TARGET_P99_MS} ms and no errors, for the mix and for the framework floor (/api/health)`,
    columns: [
      { key: 'instances', label: 'Instances', align: 'right' },
      { key: 'load', label: 'Load' },
      { key: 'rate', label: 'Rate/s', align: 'right' },
      { key: 'achieved', label: 'Achieved/s', align: 'right', format: (v) => Math.round(v) },
      { key: 'p50Ms', label: 'p50 ms', align: 'right', format: ms },
      { key: 'p99Ms', label: 'p99 ms', align: 'right', format: ms },
      { key: 'maxMs', label: 'max ms', align: 'right', format: ms },
      { key: 'errors', label: 'Errors', align: 'right' },
      { key: 'appCpuMs', label: 'CPU/req app', align: 'right', format: cpu },
      { key: 'nginxCpuMs', label: 'nginx', align: 'right', format: cpu },
      { key: 'postgresCpuMs', label: 'PostgreSQL', align: 'right', format: cpu },
      { key: 'benchCpuMs', label: 'generator', align: 'right', format: cpu },
      {
        key: 'othersShare',
        label: 'Others',
        align: 'right',
        format: (v) => (v == null ? '–' : `${Math.round(v * 100)} %`),
      },
      { key: 'held', label: 'Held', format: (v) => (v ? 'held' : 'MISS') },
      { key: 'retried', label: 'Try', format: (v) => (v ? '2nd' : '1st') },
    ],
    rows,
    summary,
    profile,
    notes,
  };
}

function profileNotes(profile) {
  const share = (ms) => `${((ms / profile.totalMs) * 100).toFixed(1)} %`;
  return [
    `CPU profile (${profile.file}) of one instance under the mix at ${profile.rate}/s for ${profile.seconds} s (p99 ${profile.step.p99Ms.toFixed(1)} ms, ${profile.cpuMsPerRequest.toFixed(2)} ms of CPU a request from /proc). Self time by group: ${profile.groups.map((group) => `${group.name} ${share(group.ms)}`).join(', ')}.`,
    ...profile.top.map((fn) => `  self ${share(fn.ms).padStart(6)}  ${fn.group}: ${fn.name} (${fn.where})`),
    `Our code's functions by total time (their own and what they call before their first await): ${profile.ours
      .map((fn) => `${fn.name} ${share(fn.totalMs)} (${fn.where})`)
      .join(', ')}.`,
  ];
}
