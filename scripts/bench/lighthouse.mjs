// Bench section: Lighthouse over every page, in both modes (a guest with ten years of data in the
// browser, an account with ten years on the server), on its mobile and desktop presets. Each page
// has a budget (issue 55); the section fails, and the bench exits non-zero, when a page misses it.
import { createRequire } from 'node:module';
import { realpathSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg } from 'node:os';
import { findChromium } from '../lib/chromium.mjs';
import { bundleForBrowser } from './browser-bundle.mjs';
import { kB } from './figures.mjs';
import { importDays, register, tenYearsOfDays } from './accounts.mjs';

/** The cookie the middleware reads to treat the browser as a guest (lib/session/state.ts). */
export const GUEST_COOKIE = 'session-state=guest';
/** localStorage key/value the client keeps for a guest session (AUTH_STORAGE_KEY). */
const GUEST_STORAGE = { key: 'token', value: 'guest' };

const REPORTS_DIR = fileURLToPath(new URL('../../bench-results/lighthouse', import.meta.url));

/** How long the browser is left to commit the guest's freshly written storage before a run. */
const GUEST_SETTLE_MS = 3000;

const APP_PAGES = ['/dashboard', '/food', '/stats', '/settings'];
const MODES = ['guest', 'account'];
const SCREENS = ['mobile', 'desktop'];

/**
 * `/` and /Login redirect a guest or an account away (middleware.ts), so they are measured as an
 * anonymous visitor; every page of the app as both kinds of user, on both form factors
 * (Lighthouse's default mobile config, or its desktop preset).
 */
export const LIGHTHOUSE_TARGETS = [
  { path: '/', as: 'visitor', screen: 'mobile' },
  { path: '/Login', as: 'visitor', screen: 'mobile' },
  ...APP_PAGES.flatMap((path) => MODES.flatMap((as) => SCREENS.map((screen) => ({ path, as, screen })))),
];
/** Runs per page; the page's figure is the worse of the two (a budget holds on every load). */
export const LIGHTHOUSE_RUNS = 2;
/** What every page must reach on every run's worst (issue 55). */
export const LIGHTHOUSE_BUDGET = { performance: 90, accessibility: 100, tbtMs: 200, cls: 0.02 };

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

/** puppeteer-core is lighthouse's own dependency; resolve it from there, not from the app. */
function loadPuppeteer() {
  const lighthousePkg = realpathSync(createRequire(import.meta.url).resolve('lighthouse/package.json'));
  return createRequire(lighthousePkg)('puppeteer-core');
}

/**
 * Writes ten years of a heavy guest's diary into the fresh browser's localStorage, through the
 * app's own storage format (scripts/bench/guest-data-entry.ts), and the guest's session. Lighthouse's
 * storage reset only clears file systems, shader cache, service workers and cache storage plus
 * the HTTP cache, so localStorage survives into the run, which stays cold-cache.
 */
async function seedGuestStorage(chromePort, baseUrl, guestScript) {
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
    await page.addScriptTag({ content: guestScript });
    const written = await page.evaluate(() => window.writeTenYears());
    if (written.writeError) throw new Error(`ten years of guest data: ${written.writeError}`);
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), GUEST_STORAGE);
    await page.close();
    return written;
  } finally {
    await browser.disconnect();
  }
}

async function launchChrome(ctx, chromePath) {
  const chromeLauncher = await import('chrome-launcher');
  // handleSIGINT off: the bench's own exit cleanup kills it, in the same place as the server.
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  });
  const forget = ctx.onExit(() => chrome.kill());
  return {
    port: chrome.port,
    kill: () => {
      forget();
      chrome.kill();
    },
  };
}

const score = (category) => (category?.score == null ? null : Math.round(category.score * 100));

/** The first `count` items of an audit's table, each as `format` writes it. */
const auditItems = (lhr, id, format, count = 3) =>
  (lhr.audits[id]?.details?.items ?? []).slice(0, count).map(format);

/**
 * One Lighthouse navigation with simulated throttling: its default config is a mobile
 * screen; 'desktop' takes its desktop preset (screen, throttling and user agent).
 */
async function lighthouseOnce(lighthouse, desktopConfig, chromePort, url, cookie, screen, reportFile) {
  const flags = {
    port: chromePort,
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie && { extraHeaders: { Cookie: cookie } }),
  };
  const { lhr } = await lighthouse(url, flags, screen === 'desktop' ? desktopConfig : undefined);
  // The whole report, for the Lighthouse viewer or a look at its trace-based audits.
  await writeFile(reportFile, JSON.stringify(lhr));
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const failedA11y = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
    // The offending elements' snippets, so a miss can be fixed without rerunning Lighthouse.
    .map((ref) => ({
      id: ref.id,
      nodes: (lhr.audits[ref.id].details?.items ?? []).map((item) => item.node?.snippet).filter(Boolean),
    }));
  // Every script the browser fetched during the load, lazy imports included.
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  // The LCP element sits in the first table of the audit's list.
  const lcpTable = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
  return {
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    // What a miss needs to be mended without rerunning Lighthouse: the element of the largest
    // paint, what moved, and which scripts ran longest.
    lcpElement: lcpTable?.items?.[0]?.node?.snippet ?? null,
    shiftedNodes: auditItems(
      lhr,
      'layout-shifts',
      (item) => `${item.node?.snippet ?? '(no element)'} ${item.score?.toFixed(3) ?? ''}`,
    ),
    longTasks: auditItems(
      lhr,
      'long-tasks',
      (item) => `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(item.duration)} ms`,
    ),
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

/** The run with the lowest performance score (a failed run sorts lowest). */
export function worstRun(runs) {
  return [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1))[0];
}

/** Which of the budget's figures a page's runs miss: every run must hold (a missing figure misses). */
export function budgetMisses(runs, budget = LIGHTHOUSE_BUDGET) {
  const below = (value, floor) => value == null || value < floor;
  const above = (value, ceiling) => value == null || value > ceiling;
  const misses = [];
  if (runs.some((r) => below(r.performance, budget.performance))) misses.push('performance');
  if (runs.some((r) => below(r.accessibility, budget.accessibility))) misses.push('accessibility');
  if (runs.some((r) => above(r.tbtMs, budget.tbtMs))) misses.push('TBT');
  if (runs.some((r) => above(r.cls, budget.cls))) misses.push('CLS');
  return misses;
}

/** The targets the command line names (`--routes`, `--as`), all of them without it. */
export function lighthouseTargets({ routes, as } = {}) {
  const targets = LIGHTHOUSE_TARGETS.filter(
    (target) => (!routes || routes.includes(target.path)) && (!as || as.includes(target.as)),
  );
  if (!targets.length) throw new Error('--routes and --as name none of the Lighthouse targets');
  return targets;
}

/** The account the runs sign in as: registered on the bench's server, ten years imported. */
async function benchAccount(baseUrl) {
  const cookie = await register(baseUrl, `lighthouse-${crypto.randomUUID()}@bench.test`);
  const days = tenYearsOfDays(new Date().toISOString().slice(0, 10));
  await importDays(baseUrl, cookie, days);
  // A returning browser has told the server its time zone (lib/preferences/time-zone.ts), which
  // is how the server knows the day to draw in the dashboard's first paint.
  const zone = `time-zone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;
  return {
    cookie: `${cookie}; ${zone}`,
    days: days.length,
    entries: days.reduce((sum, day) => sum + day.entries.length, 0),
  };
}

export async function lighthouseSection(ctx) {
  const chromePath = findChromium();
  if (!chromePath) throw new Error('No Chromium found: install chromium or set CHROME_PATH.');
  const targets = lighthouseTargets(ctx.opts);
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const notes = [`Chromium: ${chromePath}; ${LIGHTHOUSE_RUNS} runs per page, the worse one shown.`];
  const guestScript = targets.some((t) => t.as === 'guest')
    ? await bundleForBrowser(new URL('./guest-data-entry.ts', import.meta.url))
    : null;
  const account = targets.some((t) => t.as === 'account') ? await benchAccount(ctx.baseUrl) : null;
  if (account) notes.push(`The account holds ${account.days} days, ${account.entries} entries.`);
  const cookieOf = { visitor: null, guest: GUEST_COOKIE, account: account?.cookie };
  // Simulated throttling scales the main-thread time it observes, so anything else running
  // on the machine (a build, e2e tests) inflates TBT and lowers scores: record the load.
  const loadBefore = loadavg()[0];
  const rows = [];
  await mkdir(REPORTS_DIR, { recursive: true });
  notes.push(`Each run's report: ${REPORTS_DIR}.`);

  for (const target of targets) {
    const url = new URL(target.path, ctx.baseUrl).href;
    const page = `${target.path} (${target.as}, ${target.screen})`;
    const runs = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      ctx.progress(`lighthouse ${page} run ${i + 1}/${LIGHTHOUSE_RUNS}`);
      // A fresh Chrome (fresh profile) per run: Lighthouse leaves IndexedDB and
      // localStorage alone, so a reused profile would make the next run a returning visit
      // (the app opens IndexedDB on load) and leak the guest's storage into visitor pages.
      const chrome = await launchChrome(ctx, chromePath);
      try {
        if (target.as === 'guest') {
          const written = await seedGuestStorage(chrome.port, ctx.baseUrl, guestScript);
          if (!rows.length && !runs.length)
            notes.push(`The guest holds ${written.days} days, ${written.entries} entries in localStorage.`);
          // A real guest's years were written on earlier visits, not a moment ago: let the browser
          // finish committing the 3 MB before the measured load opens the same storage.
          await sleep(GUEST_SETTLE_MS);
        }
        const report = `${target.path.slice(1) || 'home'}-${target.as}-${target.screen}-${i + 1}.json`;
        runs.push(
          await lighthouseOnce(
            lighthouse,
            desktopConfig,
            chrome.port,
            url,
            cookieOf[target.as],
            target.screen,
            join(REPORTS_DIR, report),
          ),
        );
      } finally {
        chrome.kill();
      }
    }
    const worst = worstRun(runs);
    const misses = budgetMisses(runs);
    rows.push({
      route: target.path,
      as: target.as,
      screen: target.screen,
      performance: worst.performance,
      performanceRuns: runs.map((r) => r.performance),
      accessibility: worst.accessibility,
      lcpMs: worst.lcpMs,
      tbtMs: worst.tbtMs,
      tbtRuns: runs.map((r) => r.tbtMs),
      cls: worst.cls,
      clsRuns: runs.map((r) => r.cls),
      scriptTransferBytes: worst.scriptTransferBytes,
      scriptRequests: worst.scriptRequests,
      misses,
      finalUrl: worst.finalUrl,
      runs,
    });
    const finalPath = worst.finalUrl ? new URL(worst.finalUrl).pathname : null;
    if (finalPath && finalPath !== target.path) notes.push(`${page} ended on ${finalPath} (redirect).`);
    if (worst.runtimeError) notes.push(`${page}: Lighthouse error ${worst.runtimeError}.`);
    for (const { id, nodes } of worst.failedA11y)
      notes.push(
        `${page}: a11y audit ${id} fails on ${nodes.slice(0, 3).join(' ') || '(no element listed)'}`,
      );
    if (misses.length) {
      notes.push(`${page}: largest paint ${worst.lcpElement ?? '(none)'}`);
      if (worst.longTasks.length) notes.push(`${page}: long tasks ${worst.longTasks.join(', ')}`);
      const shifts = runs.flatMap((r) => r.shiftedNodes);
      if (misses.includes('CLS')) notes.push(`${page}: shifted ${shifts.join(' ')}`);
    }
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
  const missed = rows.filter((row) => row.misses.length);

  const ms = (v) => (v == null ? '–' : `${Math.round(v)} ms`);
  const cls = (v) => (v == null ? '–' : v.toFixed(3));
  const b = LIGHTHOUSE_BUDGET;
  return {
    target: `every run: performance ≥ ${b.performance}, accessibility = ${b.accessibility}, TBT ≤ ${b.tbtMs} ms, CLS ≤ ${b.cls}`,
    columns: [
      { key: 'route', label: 'Route' },
      { key: 'as', label: 'As' },
      { key: 'screen', label: 'Screen' },
      { key: 'performance', label: 'Perf', align: 'right', format: (v) => v ?? '–' },
      { key: 'performanceRuns', label: 'Runs', format: (v) => v.map((s) => s ?? '–').join('/') },
      { key: 'accessibility', label: 'A11y', align: 'right', format: (v) => v ?? '–' },
      { key: 'lcpMs', label: 'LCP', align: 'right', format: ms },
      { key: 'tbtMs', label: 'TBT', align: 'right', format: ms },
      {
        key: 'tbtRuns',
        label: 'TBT runs',
        format: (v) => v.map((t) => (t == null ? '–' : Math.round(t))).join('/'),
      },
      { key: 'cls', label: 'CLS', align: 'right', format: cls },
      { key: 'clsRuns', label: 'CLS runs', format: (v) => v.map(cls).join('/') },
      { key: 'scriptTransferBytes', label: 'JS xfer', align: 'right', format: kB },
      { key: 'scriptRequests', label: 'JS reqs', align: 'right', format: (v) => v ?? '–' },
      { key: 'misses', label: 'Budget', format: (v) => (v.length ? `MISS ${v.join(', ')}` : 'PASS') },
    ],
    rows,
    notes,
    failed: missed.length
      ? `${missed.length} of ${rows.length} pages over budget: ${missed.map((r) => `${r.route} (${r.as}, ${r.screen})`).join(', ')}`
      : null,
  };
}
