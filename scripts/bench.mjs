#!/usr/bin/env node
// Measures the production build: first-load JS per route and Lighthouse scores.
//
//   npm run bench                      # builds first if .next/BUILD_ID is missing
//   node scripts/bench.mjs --no-lighthouse --port 4100
//   npm run bench -- --only service --profile   # the API through nginx, with a CPU profile
//   npm run bench -- --only lighthouse --routes /settings   # some pages' Lighthouse runs only
//   npm run bench -- --only apicost --servers app,bare --loads read   # a quicker API cost run
//
// Prints a table per section and writes every figure to bench-results/shell.json.
// It is a measurement, not a gate: misses against the targets are reported and the exit
// code stays 0. It exits non-zero only when a section crashes (no build, server won't
// start, no browser, ...).
//
// Sections are listed in `sections` below; each is an async function taking the shared
// context (running server, paths, options) and returning rows, so a new measurement is a
// new entry in that list.
import { spawn, spawnSync } from 'node:child_process';
import { guestDataSection } from './bench/guest-data.mjs';
import { accountsSection } from './bench/accounts.mjs';
import { outboxSection, REPLAY_CHANGES } from './bench/outbox.mjs';
import { barcodeSection } from './bench/barcode.mjs';
import { searchSection, SEARCH_FOODS } from './bench/search.mjs';
import { phraseSection } from './bench/phrase.mjs';
import { importersSection, IMPORT_YEARS } from './bench/importers.mjs';
import { serviceLoadSection, skipWithoutNginx } from './bench/service-load.mjs';
import { apiCostSection } from './bench/api-cost.mjs';
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { findChromium } from './lib/chromium.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NEXT_DIR = join(ROOT, '.next');
const RESULTS_FILE = join(ROOT, 'bench-results', 'shell.json');

/** The cookie the middleware reads to treat the browser as a guest (lib/session/state.ts). */
export const GUEST_COOKIE = 'session-state=guest';
/** localStorage key/value the client keeps for a guest session (AUTH_STORAGE_KEY). */
const GUEST_STORAGE = { key: 'token', value: 'guest' };

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

// `screen` picks Lighthouse's form factor: its default mobile config, or its desktop preset.
// /settings is measured on both, as it once jumped while loading (decision 0032).
export const LIGHTHOUSE_TARGETS = [
  { path: '/', as: 'visitor', screen: 'mobile' },
  { path: '/Login', as: 'visitor', screen: 'mobile' },
  { path: '/dashboard', as: 'guest', screen: 'mobile' },
  { path: '/settings', as: 'guest', screen: 'mobile' },
  { path: '/settings', as: 'guest', screen: 'desktop' },
  // The food library, once 44 on a phone (issue 55): it fetched the whole table and built its
  // index before its lead text painted.
  { path: '/food', as: 'guest', screen: 'mobile' },
  { path: '/food', as: 'guest', screen: 'desktop' },
  { path: '/stats', as: 'guest', screen: 'mobile' },
];
export const LIGHTHOUSE_RUNS = 3;
export const LIGHTHOUSE_GOALS = { performance: 95, accessibility: 100, cls: 0.02 };

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
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

const kB = (bytes) => (bytes == null ? '–' : `${(bytes / 1000).toFixed(1)} kB`);
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

function cookieFor(as) {
  return as === 'guest' ? GUEST_COOKIE : null;
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
    const page = await fetchPage(ctx.baseUrl, route.path, cookieFor(route.as));
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
// Section 2: Lighthouse

/** puppeteer-core is lighthouse's own dependency; resolve it from there, not from the app. */
function loadPuppeteer() {
  const lighthousePkg = realpathSync(createRequire(import.meta.url).resolve('lighthouse/package.json'));
  return createRequire(lighthousePkg)('puppeteer-core');
}

/**
 * Writes the guest's localStorage before the runs. Lighthouse's storage reset only clears
 * file systems, shader cache, service workers and cache storage (its default
 * clearStorageTypes) plus the HTTP cache, so localStorage survives into every run and the
 * page sees `token=guest` as in a real guest's browser, while the runs stay cold-cache.
 */
async function seedGuestStorage(chromePort, baseUrl) {
  const puppeteer = loadPuppeteer();
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chromePort}`,
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    // localStorage needs a document of the app's origin. Answer the navigation with an
    // empty page from here, so no app code runs and the server is not involved.
    await page.setRequestInterception(true);
    page.on('request', (req) =>
      req.respond({ status: 200, contentType: 'text/html', body: '<!doctype html>' }),
    );
    await page.goto(new URL('/__bench_seed__', baseUrl).href, { waitUntil: 'load' });
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), GUEST_STORAGE);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

async function launchChrome(chromePath) {
  const chromeLauncher = await import('chrome-launcher');
  // handleSIGINT off: our own 'exit' cleanup kills it, in the same place as the server.
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  const kill = () => chrome.kill();
  cleanups.add(kill);
  return {
    port: chrome.port,
    kill: () => {
      cleanups.delete(kill);
      chrome.kill();
    },
  };
}

const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));

/**
 * One Lighthouse navigation with simulated throttling: its default config is a mobile
 * screen; 'desktop' takes its desktop preset (screen, throttling and user agent).
 */
async function lighthouseOnce(lighthouse, desktopConfig, chromePort, url, as, screen) {
  const cookie = cookieFor(as);
  const flags = {
    port: chromePort,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie && { extraHeaders: { Cookie: cookie } }),
  };
  const { lhr } = await lighthouse(url, flags, screen === 'desktop' ? desktopConfig : undefined);
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
    // The offending elements' snippets, so a miss can be fixed without rerunning Lighthouse.
    .map((ref) => ({
      id: ref.id,
      nodes: (lhr.audits[ref.id].details?.items ?? []).map((item) => item.node?.snippet).filter(Boolean),
    }));
  // Every script the browser fetched during the load, lazy imports included: a real-browser
  // cross-check of the HTML-based first-load figure (transfer size, server compression).
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  return {
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    // What moved, so a CLS miss can be fixed without rerunning Lighthouse.
    shiftedNodes: (lhr.audits['layout-shifts']?.details?.items ?? [])
      .map((item) => `${item.node?.snippet ?? '(no element)'} ${item.score?.toFixed(3) ?? ''}`)
      .slice(0, 3),
    // Lighthouse's own CPU speed probe; low or scattered values mean a busy machine.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    scriptTransferBytes: scripts?.transferSize ?? null,
    scriptRequests: scripts?.requestCount ?? null,
    finalUrl: lhr.finalDisplayedUrl,
    runtimeError: lhr.runtimeError?.code ?? null,
    warnings: lhr.runWarnings ?? [],
    failedA11y,
  };
}

/** The run with the median performance score (a failed run sorts lowest). */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The Lighthouse targets `--routes` names, all of them without it. */
function lighthouseTargets(routes) {
  if (!routes) return LIGHTHOUSE_TARGETS;
  const targets = LIGHTHOUSE_TARGETS.filter((target) => routes.includes(target.path));
  if (!targets.length)
    throw new Error(`--routes names none of ${LIGHTHOUSE_TARGETS.map((t) => t.path).join(', ')}`);
  return targets;
}

async function lighthouseSection(ctx) {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium found: install chromium or set CHROME_PATH.');
  const targets = lighthouseTargets(ctx.opts.routes);
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const rows = [];
  const notes = [`Chromium: ${chromePath}; ${LIGHTHOUSE_RUNS} runs per page, median by performance score.`];
  // Simulated throttling scales the main-thread time it observes, so anything else running
  // on the machine (a build, e2e tests) inflates TBT and lowers scores: record the load.
  const loadBefore = loadavg()[0];

  for (const target of targets) {
    const url = new URL(target.path, ctx.baseUrl).href;
    const page = `${target.path} (${target.screen})`;
    const runs = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      ctx.progress(`lighthouse ${page} run ${i + 1}/${LIGHTHOUSE_RUNS}`);
      // A fresh Chrome (fresh profile) per run: Lighthouse leaves IndexedDB and
      // localStorage alone, so a reused profile would make runs 2 and 3 a returning visit
      // (the app opens IndexedDB on load) and leak the guest's storage into visitor pages.
      const chrome = await launchChrome(chromePath);
      try {
        if (target.as === 'guest') await seedGuestStorage(chrome.port, ctx.baseUrl);
        runs.push(
          await lighthouseOnce(lighthouse, desktopConfig, chrome.port, url, target.as, target.screen),
        );
      } finally {
        chrome.kill();
      }
    }
    const med = medianRun(runs);
    rows.push({
      route: target.path,
      as: target.as,
      screen: target.screen,
      performance: med.performance,
      performanceRuns: runs.map((r) => r.performance),
      accessibility: med.accessibility,
      lcpMs: med.lcpMs,
      tbtMs: med.tbtMs,
      cls: med.cls,
      clsRuns: runs.map((r) => r.cls),
      scriptTransferBytes: med.scriptTransferBytes,
      scriptRequests: med.scriptRequests,
      performancePass: (med.performance ?? -1) >= LIGHTHOUSE_GOALS.performance,
      accessibilityPass: (med.accessibility ?? -1) >= LIGHTHOUSE_GOALS.accessibility,
      clsPass: med.cls != null && med.cls <= LIGHTHOUSE_GOALS.cls,
      finalUrl: med.finalUrl,
      runs,
    });
    const finalPath = med.finalUrl ? new URL(med.finalUrl).pathname : null;
    if (finalPath && finalPath !== target.path) notes.push(`${page} ended on ${finalPath} (redirect).`);
    if (med.runtimeError) notes.push(`${page}: Lighthouse error ${med.runtimeError}.`);
    if (med.failedA11y.length)
      for (const { id, nodes } of med.failedA11y) {
        notes.push(
          `${page}: a11y audit ${id} fails on ${nodes.slice(0, 3).join(' ') || '(no element listed)'}`,
        );
      }
    if ((med.cls ?? 0) > LIGHTHOUSE_GOALS.cls) notes.push(`${page}: shifted ${med.shiftedNodes.join(' ')}`);
    for (const w of new Set(runs.flatMap((r) => r.warnings))) notes.push(`${page}: ${w}`);
  }
  const cores = availableParallelism();
  const loadAfter = loadavg()[0];
  notes.push(
    `Machine load (1-min avg) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${cores} cores; ` +
      `Lighthouse benchmarkIndex per run: ${rows.map((r) => r.runs.map((x) => Math.round(x.benchmarkIndex ?? 0)).join('/')).join(', ')}.`,
  );
  if (Math.max(loadBefore, loadAfter) > cores) {
    notes.push('The machine was busy: performance figures are likely pessimistic; rerun when it is idle.');
  }

  const ms = (v) => (v == null ? '–' : `${Math.round(v)} ms`);
  const passMiss = (p) => (p ? 'PASS' : 'MISS');
  const cls = (v) => (v == null ? '–' : v.toFixed(3));
  return {
    target: `performance ≥ ${LIGHTHOUSE_GOALS.performance}, accessibility = ${LIGHTHOUSE_GOALS.accessibility}, CLS ≤ ${LIGHTHOUSE_GOALS.cls}`,
    columns: [
      { key: 'route', label: 'Route' },
      { key: 'as', label: 'As' },
      { key: 'screen', label: 'Screen' },
      { key: 'performance', label: 'Perf', align: 'right', format: (v) => v ?? '–' },
      { key: 'performanceRuns', label: 'Runs', format: (v) => v.map((s) => s ?? '–').join('/') },
      { key: 'accessibility', label: 'A11y', align: 'right', format: (v) => v ?? '–' },
      { key: 'lcpMs', label: 'LCP', align: 'right', format: ms },
      { key: 'tbtMs', label: 'TBT', align: 'right', format: ms },
      { key: 'cls', label: 'CLS', align: 'right', format: cls },
      { key: 'clsRuns', label: 'CLS runs', format: (v) => v.map(cls).join('/') },
      { key: 'scriptTransferBytes', label: 'JS xfer', align: 'right', format: kB },
      { key: 'scriptRequests', label: 'JS reqs', align: 'right', format: (v) => v ?? '–' },
      { key: 'performancePass', label: `Perf≥${LIGHTHOUSE_GOALS.performance}`, format: passMiss },
      { key: 'accessibilityPass', label: `A11y=${LIGHTHOUSE_GOALS.accessibility}`, format: passMiss },
      { key: 'clsPass', label: `CLS≤${LIGHTHOUSE_GOALS.cls}`, format: passMiss },
    ],
    rows,
    notes,
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
    title: `Lighthouse (simulated throttling), median of ${LIGHTHOUSE_RUNS}`,
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
  'Usage: node scripts/bench.mjs [--no-lighthouse] [--port N] [--only SECTION] [--routes /a,/b (lighthouse: these pages only)] [--profile (service: CPU profile of one instance)] [--servers app,next,bare] [--loads health,read,upsert,mix] (apicost: these only)';

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
  let crashed = false;
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
        results.sections[section.id] = { title: section.title, ...data };
      } catch (err) {
        // One broken section should not hide the figures of the others.
        crashed = true;
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
  return crashed ? 1 : 0;
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
