#!/usr/bin/env node
// Measures the production build: first-load JS per route and Lighthouse scores.
//
//   npm run bench                      # builds first if .next/BUILD_ID is missing
//   node scripts/bench.mjs --no-lighthouse --port 4100
//   npm run bench -- --only service --profile   # the API through nginx, with a CPU profile
//   npm run bench -- --only lighthouse --routes /settings --as account   # some Lighthouse runs only
//   npm run bench -- --only apicost --servers app,bare --loads read   # a quicker API cost run
//
// Prints a table per section and writes every figure to bench-results/shell.json.
// It is a measurement, not a test: most sections report misses against their targets and
// keep the exit code 0. A section with a budget (Lighthouse) fails when a page misses it, and
// the bench then exits non-zero, as it does when a section crashes (no build, server won't
// start, no browser, ...).
//
// Sections are listed in `sections` below; each is an async function taking the shared
// context (running server, paths, options) and returning rows, so a new measurement is a
// new entry in that list.
import { spawn, spawnSync } from 'node:child_process';
import { guestDataSection } from './bench/guest-data.mjs';
import { kB } from './bench/figures.mjs';
import { GUEST_COOKIE, LIGHTHOUSE_RUNS, lighthouseSection } from './bench/lighthouse.mjs';
import { accountsSection } from './bench/accounts.mjs';
import { outboxSection, REPLAY_CHANGES } from './bench/outbox.mjs';
import { barcodeSection } from './bench/barcode.mjs';
import { searchSection, SEARCH_FOODS } from './bench/search.mjs';
import { phraseSection } from './bench/phrase.mjs';
import { recipeLinesSection } from './bench/recipe-lines.mjs';
import { importersSection, IMPORT_YEARS } from './bench/importers.mjs';
import { serviceLoadSection, skipWithoutNginx } from './bench/service-load.mjs';
import { apiCostSection } from './bench/api-cost.mjs';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NEXT_DIR = join(ROOT, '.next');
const RESULTS_FILE = join(ROOT, 'bench-results', 'shell.json');

/** First-load JS budget per route, gzip bytes (170 kB, decimal as in Next's build table). */
export const FIRST_LOAD_BUDGET_BYTES = 170 * 1000;

// `as` picks the identity: protected pages need the guest cookie, while `/`, /Login and
// /Register *redirect* a signed-in or guest browser away (middleware.ts), so they are
// measured as an anonymous visitor.
export const FIRST_LOAD_ROUTES = [
  { path: '/', as: 'visitor' },
  { path: '/Login', as: 'visitor' },
  { path: '/Register', as: 'visitor' },
  { path: '/dashboard', as: 'guest' },
  { path: '/food', as: 'guest' },
  { path: '/stats', as: 'guest' },
  { path: '/settings', as: 'guest' },
  { path: '/no-such-page', as: 'visitor' },
];

// ---------------------------------------------------------------------------------------
// Cleanup: the Next server and Chrome run in their own process groups, so a crash or
// Ctrl-C in this script would otherwise leave them running (and holding the port).
// Every such resource registers a synchronous killer here; they all run on exit.

const cleanups = new Set();
process.on('exit', () => {
  for (const fn of cleanups) {
    try {
      fn();
    } catch {
      // Already gone.
    }
  }
});
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => process.exit(code)); // 'exit' handlers above still run.
}

// ---------------------------------------------------------------------------------------
// Small helpers

const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port nobody listens on right now: bind port 0 and let the OS choose. */
export function findFreePort() {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * GET a page and follow redirects by hand, so the report can say that e.g. /dashboard was
 * really /Login (a missing cookie shows up instead of silently measuring the wrong page).
 */
export async function fetchPage(baseUrl, path, cookie) {
  let url = new URL(path, baseUrl);
  const hops = [];
  for (let i = 0; i < 5; i++) {
    const headers = { accept: 'text/html' };
    if (cookie) headers.cookie = cookie;
    const res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(60_000) });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      url = new URL(location, url);
      hops.push(`${res.status}→${url.pathname}`);
      continue;
    }
    return { status: res.status, finalPath: url.pathname, hops, html: await res.text() };
  }
  throw new Error(`Too many redirects for ${path}: ${hops.join(' ')}`);
}

// ---------------------------------------------------------------------------------------
// Build and server

function ensureBuild() {
  if (existsSync(join(NEXT_DIR, 'BUILD_ID'))) return;
  console.log('No production build (.next/BUILD_ID missing): running `npm run build` first.\n');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

/**
 * Starts the production server (server/server.mjs) in its own process group (detached) so stop() can kill it together
 * with any worker it forks. DATA_DIR points at a throwaway directory so the bench never
 * touches real data. `nodeArgs` go to node before the script (`--cpu-prof`, which NODE_OPTIONS
 * does not take).
 */
export async function startNextServer({
  port,
  root = ROOT,
  readyTimeoutMs = 90_000,
  env = {},
  dataDir: givenDataDir,
  nodeArgs = [],
}) {
  // A given DATA_DIR belongs to the caller (it outlives a restart); otherwise a throwaway one.
  const dataDir = givenDataDir ?? (await mkdtemp(join(tmpdir(), 'bench-data-')));
  const ownsDataDir = givenDataDir === undefined;
  // `npm start`'s server, behind a proxy on loopback as far as it knows: the bench's clients
  // each send an X-Forwarded-For of their own, and count as separate people for the limits on
  // registrations and logins per address (README, Security).
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'server', 'server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killGroup = (signal) => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, signal);
  };
  const emergencyKill = () => {
    killGroup('SIGKILL');
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  cleanups.add(emergencyKill);

  // Keep the tail of the server log: shown when it fails to start, otherwise not printed.
  const log = [];
  const keep = (chunk) => {
    log.push(...String(chunk).split('\n').filter(Boolean));
    log.splice(0, Math.max(0, log.length - 60));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', r));

  const stop = async () => {
    try {
      killGroup('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(5000).then(() => true)]);
      if (timedOut) killGroup('SIGKILL');
    } catch {
      // Already gone.
    } finally {
      cleanups.delete(emergencyKill);
      if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
    }
  };
  /** Kills the server at once, as a crash would (the durability bench). */
  const kill = (signal) => {
    killGroup(signal);
    cleanups.delete(emergencyKill);
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
      }
      try {
        // Any HTTP answer means it is listening; /favicon.ico skips the middleware.
        const res = await fetch(`${baseUrl}/favicon.ico`, { signal: AbortSignal.timeout(2000) });
        await res.body?.cancel();
        break;
      } catch {
        if (Date.now() > deadline) throw new Error(`the server did not answer within ${readyTimeoutMs} ms`);
        await sleep(300);
      }
    }
  } catch (err) {
    await stop();
    err.message += `\n--- server log (tail) ---\n${log.join('\n')}`;
    throw err;
  }
  return { baseUrl, port, pid: child.pid, stop, kill, log };
}

// ---------------------------------------------------------------------------------------
// Section 1: first-load JS per route

const TAG_RE = /<(script|link)\b([^>]*)>/gi;
const ATTR_RE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const INLINE_SCRIPT_RE = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
// Chunk URLs inside the inline RSC payload (self.__next_f.push(...)): Turbopack writes
// "/_next/static/chunks/x.js", webpack writes "static/chunks/x.js". The browser loads
// these while hydrating, so they are first-load JS even if no <script> tag names them.
const PAYLOAD_CHUNK_RE = /(\/_next\/static\/|(?<=["'])static\/chunks\/)[^"'\\\s<>?#]+?\.js(?![\w.])/g;

function parseAttrs(text) {
  const attrs = {};
  for (const m of text.matchAll(ATTR_RE)) attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return attrs;
}

const decodeEntities = (s) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/**
 * Every script URL the page loads up front, with how we found it:
 * 'script' (<script src>), 'preload' (<link rel=preload as=script | modulepreload>) or
 * 'payload' (named in the inline RSC payload). `nomodule` scripts are skipped: modern
 * browsers never download them (Next's legacy polyfills), and Next's own table left them out.
 */
export function extractScriptUrls(html) {
  const found = new Map(); // url -> via (first way we saw it)
  const add = (url, via) => {
    if (url && !found.has(url)) found.set(url, via);
  };
  for (const [, tag, rawAttrs] of html.matchAll(TAG_RE)) {
    const attrs = parseAttrs(rawAttrs);
    if (tag.toLowerCase() === 'script') {
      if ('src' in attrs && !('nomodule' in attrs)) add(decodeEntities(attrs.src), 'script');
    } else {
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      const isScriptPreload =
        rel.includes('modulepreload') || (rel.includes('preload') && attrs.as === 'script');
      if (isScriptPreload && attrs.href) add(decodeEntities(attrs.href), 'preload');
    }
  }
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT_RE)) {
    if (/\bsrc\s*=/.test(attrs)) continue;
    for (const m of body.matchAll(PAYLOAD_CHUNK_RE)) {
      add(m[1] === '/_next/static/' ? m[0] : `/_next/${m[0]}`, 'payload');
    }
  }
  return [...found].map(([url, via]) => ({ url, via }));
}

/**
 * Maps a script URL to its file under .next/static, or null when it is not a build asset.
 * `/_next/static/X` is served from `.next/static/X`; a basePath/assetPrefix before `/_next`
 * and a `?dpl=` query are ignored.
 */
export function staticFileFor(url, staticDir) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return null;
  }
  const marker = '/_next/static/';
  const at = pathname.indexOf(marker);
  if (at < 0 || !pathname.endsWith('.js')) return null;
  const file = resolve(staticDir, pathname.slice(at + marker.length));
  return file.startsWith(staticDir + sep) ? file : null; // never read outside .next/static
}

/** Sums the on-disk chunks one page's HTML loads. `sizes` caches per file across routes. */
export async function measureHtml(html, staticDir, sizes = new Map()) {
  const chunks = [];
  const notCounted = [];
  const counted = new Set(); // by file: a preload and its <script> may differ in ?dpl=
  for (const { url, via } of extractScriptUrls(html)) {
    const file = staticFileFor(url, staticDir);
    if (!file) {
      notCounted.push({ url, via, reason: 'not under /_next/static' });
      continue;
    }
    if (counted.has(file)) continue;
    counted.add(file);
    if (!sizes.has(file)) {
      const buf = await readFile(file).catch(() => null);
      sizes.set(file, buf && { raw: buf.length, gzip: gzipSize(buf) });
    }
    const size = sizes.get(file);
    if (!size) notCounted.push({ url, via, reason: 'file missing in .next/static' });
    else chunks.push({ url, via, ...size });
  }
  const sum = (k) => chunks.reduce((n, c) => n + c[k], 0);
  return { chunks, notCounted, rawBytes: sum('raw'), gzipBytes: sum('gzip') };
}

async function firstLoadJsSection(ctx) {
  const staticDir = join(ctx.nextDir, 'static');
  const sizes = new Map();
  const rows = [];
  const notes = [];
  for (const route of FIRST_LOAD_ROUTES) {
    const page = await fetchPage(ctx.baseUrl, route.path, route.as === 'guest' ? GUEST_COOKIE : null);
    const m = await measureHtml(page.html, staticDir, sizes);
    rows.push({
      route: route.path,
      as: route.as,
      status: [...page.hops, String(page.status)].join(' '),
      chunks: m.chunks.length,
      rawBytes: m.rawBytes,
      gzipBytes: m.gzipBytes,
      htmlGzipBytes: gzipSize(Buffer.from(page.html)),
      pass: m.gzipBytes <= FIRST_LOAD_BUDGET_BYTES,
      chunkList: m.chunks,
      notCounted: m.notCounted,
    });
    if (page.hops.length)
      notes.push(`${route.path} redirected (${page.hops.join(' ')}); measured ${page.finalPath}.`);
  }
  // One note per uncounted script, naming the routes, instead of one per route.
  const uncounted = new Map();
  for (const row of rows) {
    for (const n of row.notCounted) {
      const key = `${n.url} (${n.reason})`;
      uncounted.set(key, [...(uncounted.get(key) ?? []), row.route]);
    }
  }
  for (const [what, routes] of uncounted) notes.push(`Not counted: ${what} on ${routes.join(', ')}.`);

  // What every page pays regardless of route (framework + layout): a hint where to cut.
  const [first, ...others] = rows.map((r) => new Set(r.chunkList.map((c) => c.url)));
  const shared = first ? [...first].filter((u) => others.every((s) => s.has(u))) : [];
  const sharedGzip =
    rows[0]?.chunkList.filter((c) => shared.includes(c.url)).reduce((n, c) => n + c.gzip, 0) ?? 0;
  notes.push(`Shared by all routes: ${shared.length} chunks, ${kB(sharedGzip)} gzip.`);
  notes.push(
    'Counted: <script src>, <link rel=preload as=script|modulepreload> and chunks named in the RSC payload; ' +
      'not counted: nomodule scripts and chunks a page import()s lazily after hydration ' +
      '(the Lighthouse section\'s "JS xfer" includes those).',
  );

  return {
    target: `gzip ≤ ${kB(FIRST_LOAD_BUDGET_BYTES)} per route`,
    columns: [
      { key: 'route', label: 'Route' },
      { key: 'as', label: 'As' },
      { key: 'status', label: 'HTTP' },
      { key: 'chunks', label: 'Chunks', align: 'right' },
      { key: 'rawBytes', label: 'Raw', align: 'right', format: kB },
      { key: 'gzipBytes', label: 'Gzip', align: 'right', format: kB },
      { key: 'htmlGzipBytes', label: 'HTML gz', align: 'right', format: kB },
      { key: 'pass', label: `≤ ${kB(FIRST_LOAD_BUDGET_BYTES)}`, format: (p) => (p ? 'PASS' : 'MISS') },
    ],
    rows,
    notes,
    sharedChunks: shared,
  };
}

// ---------------------------------------------------------------------------------------
// Sections and output

/**
 * Each section: { id, title, run(ctx) → { target, columns, rows, notes } }, optionally
 * skip(opts) → reason string. `columns` drive the printed table; `rows` go to the JSON
 * as they are (so they may carry more fields than are printed).
 */
export const sections = [
  {
    id: 'firstLoadJs',
    title: 'First-load JS per route (production build, gzip -9)',
    run: firstLoadJsSection,
  },
  {
    id: 'lighthouse',
    title: `Lighthouse (simulated throttling), every page as a guest and an account, the worse of ${LIGHTHOUSE_RUNS} runs`,
    run: lighthouseSection,
    skip: (opts) => (opts.lighthouse ? null : 'skipped (--no-lighthouse)'),
  },
  {
    id: 'guestData',
    title: 'Ten years of guest data in the browser (stats time, localStorage use)',
    run: guestDataSection,
  },
  {
    id: 'search',
    title: `Food search over the whole catalog and ${SEARCH_FOODS.toLocaleString('en')} own foods, key by key (phone-speed CPU)`,
    run: searchSection,
  },
  {
    id: 'phrase',
    title:
      '"Say what you ate": the phrase corpus read against the whole catalog, phrase by phrase (phone-speed CPU)',
    run: phraseSection,
  },
  {
    id: 'recipeLines',
    title: 'Recipes in from a page: 50 real pages read and their ingredient lines matched (phone-speed CPU)',
    run: recipeLinesSection,
  },
  {
    id: 'outbox',
    title: `Accounts offline: ${REPLAY_CHANGES} queued changes replayed after reconnecting`,
    run: outboxSection,
  },
  {
    id: 'accounts',
    title: `Accounts: entry upserts (50 clients, 20 s), stats over 10 years, kill -9 durability`,
    run: accountsSection,
  },
  {
    id: 'barcode',
    title: 'Barcode scan to diary entry (fake camera, Open Food Facts stand-in)',
    run: barcodeSection,
  },
  {
    id: 'import',
    title: `Import ${IMPORT_YEARS} years of a Cronometer diary (guest and account)`,
    run: importersSection,
  },
  {
    id: 'service',
    title: 'The API as a service: open-loop load through nginx to 1 and 2 instances on PostgreSQL',
    run: serviceLoadSection,
    skip: skipWithoutNginx,
  },
  {
    id: 'apicost',
    title: "The API's cost beyond its work: one instance vs a bare node:http + pg server, same queries",
    run: apiCostSection,
  },
];

export function renderTable(columns, rows) {
  const cells = rows.map((row) =>
    columns.map((c) => String(c.format ? c.format(row[c.key]) : (row[c.key] ?? '–'))),
  );
  const widths = columns.map((c, i) => Math.max(c.label.length, ...cells.map((r) => r[i].length)));
  const line = (values) =>
    values
      .map((v, i) => (columns[i].align === 'right' ? v.padStart(widths[i]) : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [
    line(columns.map((c) => c.label)),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...cells.map(line),
  ].join('\n');
}

const USAGE =
  'Usage: node scripts/bench.mjs [--no-lighthouse] [--port N] [--only SECTION] [--routes /a,/b] [--as visitor,guest,account] (lighthouse: these pages only) [--profile (service: CPU profile of one instance)] [--servers app,next,bare] [--loads health,read,upsert,mix] (apicost: these only)';

/** A bad command line: reported as one line plus usage, not as a stack trace. */
class UsageError extends Error {}

function parseOptions(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'no-lighthouse': { type: 'boolean', default: false },
        port: { type: 'string' },
        only: { type: 'string' },
        routes: { type: 'string' },
        as: { type: 'string' },
        profile: { type: 'boolean', default: false },
        servers: { type: 'string' },
        loads: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    throw new UsageError(err.message);
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
    throw new UsageError(`--port needs a port number, got "${values.port}"`);
  }
  if (values.only !== undefined && !sections.some((section) => section.id === values.only)) {
    throw new UsageError(`--only needs one of ${sections.map((section) => section.id).join(', ')}`);
  }
  return {
    lighthouse: !values['no-lighthouse'],
    port,
    only: values.only,
    routes: values.routes?.split(','),
    as: values.as?.split(','),
    profile: values.profile,
    servers: values.servers?.split(','),
    loads: values.loads?.split(','),
    help: values.help,
  };
}

async function main(argv) {
  const opts = parseOptions(argv);
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  ensureBuild();
  const buildId = readFileSync(join(NEXT_DIR, 'BUILD_ID'), 'utf8').trim();
  const port = opts.port ?? (await findFreePort());
  const server = await startNextServer({ port });

  const results = {
    generatedAt: new Date().toISOString(),
    buildId,
    node: process.version,
    baseUrl: server.baseUrl,
    sections: {},
  };
  const ctx = {
    baseUrl: server.baseUrl,
    // Sections that need servers of their own (other engines, restarts) start them here.
    startServer: async (options) => startNextServer({ port: await findFreePort(), ...options }),
    freePort: findFreePort,
    // For processes a section starts itself (nginx): killed even when the bench crashes.
    onExit: (kill) => {
      cleanups.add(kill);
      return () => cleanups.delete(kill);
    },
    nextDir: NEXT_DIR,
    opts,
    progress: (msg) => process.stderr.write(`  … ${msg}\n`),
  };
  let failed = false;
  console.log(`Bench of build ${buildId} at ${server.baseUrl} (Node ${process.version})`);
  try {
    for (const section of sections) {
      console.log(`\n== ${section.title} ==`);
      const skipped =
        opts.only && opts.only !== section.id ? `skipped (--only ${opts.only})` : section.skip?.(opts);
      if (skipped) {
        console.log(skipped);
        results.sections[section.id] = { title: section.title, skipped };
        continue;
      }
      try {
        const { columns, ...data } = await section.run(ctx);
        if (data.target) console.log(`Target: ${data.target}`);
        console.log(renderTable(columns, data.rows));
        for (const note of data.notes ?? []) console.log(`  · ${note}`);
        if (data.failed) {
          failed = true;
          console.log(`FAILED: ${data.failed}`);
        }
        results.sections[section.id] = { title: section.title, ...data };
      } catch (err) {
        // One broken section should not hide the figures of the others.
        failed = true;
        console.error(`Section ${section.id} failed: ${err.stack ?? err}`);
        results.sections[section.id] = { title: section.title, error: String(err.message ?? err) };
      }
    }
  } finally {
    await server.stop();
  }
  await mkdir(dirname(RESULTS_FILE), { recursive: true });
  await writeFile(RESULTS_FILE, JSON.stringify(results, null, 2) + '\n');
  console.log(`\nWrote ${RESULTS_FILE.slice(ROOT.length + 1)}`);
  return failed ? 1 : 0;
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      if (err instanceof UsageError) {
        console.error(`${err.message}\n${USAGE}`);
        process.exit(2);
      }
      console.error(err.stack ?? err);
      process.exit(1);
    },
  );
}
