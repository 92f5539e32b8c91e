// Bench section: from a barcode in front of the camera to the entry in the diary, on the
// production server with the Open Food Facts stand-in (tests/support), in Chromium with a fake
// camera filming a real EAN-13 (the e2e tests' tests/support/fake-camera.ts, bundled here).
// For each product: one scan with an empty cache (the server reads the stand-in), then scans
// answered from the cache. Times are the page's own clock (performance marks of the scanner and
// of the lookup), so they do not include the bench's process; the logged time includes two
// automated clicks ("Log this food", "Add to diary"), each a few milliseconds.
import { build } from 'esbuild';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { fakeCameraArgs, findChromium, QUIET_CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { startStandIn } from '../../tests/support/open-food-facts-stand-in.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRODUCTS = [
  { barcode: '0722252387998', name: 'Chocolate chip energy bar minis' },
  { barcode: '4602541000592', name: 'Творог детский «Агуша» классический 4,5 %' },
];
export const WARM_RUNS = 4;

async function loadFakeCamera() {
  const result = await build({
    entryPoints: [join(ROOT, 'tests/support/fake-camera.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    absWorkingDir: ROOT,
    logLevel: 'error',
  });
  const folder = await mkdtemp(join(ROOT, 'node_modules', '.bench-camera-'));
  const file = join(folder, 'fake-camera.mjs');
  await writeFile(file, result.outputFiles[0].text);
  return { module: await import(pathToFileURL(file).href), cleanup: () => rm(folder, { recursive: true }) };
}

/** One scan by a new guest: open the dialog, scan, log; the page's timings in ms. */
async function scanOnce(browser, baseUrl, product) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  await context.addCookies([
    { name: 'session-state', value: 'guest', url: baseUrl },
    { name: 'i18n_redirected', value: 'en', url: baseUrl },
  ]);
  await context.addInitScript(() => localStorage.setItem('token', 'guest'));
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/dashboard`);
    const dialog = page.getByRole('dialog');
    // The button answers once the page has hydrated; until then a click does nothing.
    for (let tries = 0; !(await dialog.isVisible()); tries++) {
      if (tries > 50) throw new Error('the add dialog did not open');
      // Once the dialog is open its overlay takes the clicks: a click that finds it gives up at once.
      await page
        .getByRole('button', { name: 'Add to Lunch' })
        .click({ timeout: 1000 })
        .catch(() => undefined);
      await page.waitForTimeout(100);
    }
    await page.evaluate(() => {
      const eaten = document.querySelector('[data-testid="eaten-kcal"]');
      const before = eaten?.textContent;
      const observer = new MutationObserver(() => {
        if (eaten?.textContent !== before) {
          window.__loggedAt = performance.now();
          observer.disconnect();
        }
      });
      if (eaten) observer.observe(eaten, { subtree: true, childList: true, characterData: true });
      window.__openedAt = performance.now();
    });
    await dialog.getByRole('button', { name: 'Scan barcode' }).click();
    await dialog.getByTestId('scanned-name').filter({ hasText: product.name }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Log this food' }).click();
    await dialog.getByRole('button', { name: 'Add to diary' }).click();
    await page.waitForFunction(() => window.__loggedAt !== undefined, undefined, { timeout: 15_000 });
    return await page.evaluate(() => {
      const mark = (name) => performance.getEntriesByName(name).at(-1)?.startTime ?? NaN;
      const detected = mark('scan:detected');
      return {
        detector: document.documentElement.dataset.scanDetector ?? 'unknown',
        openToDetected: detected - window.__openedAt,
        detectedToShown: mark('scan:found') - detected,
        detectedToLogged: window.__loggedAt - detected,
      };
    });
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function barcodeSection(ctx) {
  const standIn = await startStandIn();
  const server = await ctx.startServer({
    env: { OPEN_FOOD_FACTS_URL: standIn.url, OPEN_FOOD_FACTS_CONTACT: 'bench' },
  });
  const camera = await loadFakeCamera();
  const rows = [];
  const detectors = new Set();
  try {
    for (const product of PRODUCTS) {
      const browser = await chromium.launch({
        executablePath: findChromium() ?? undefined,
        args: [...QUIET_CHROMIUM_ARGS, ...fakeCameraArgs(camera.module.fakeCameraFile(product.barcode))],
      });
      try {
        const readsBefore = standIn.calls.length;
        const cold = await scanOnce(browser, server.baseUrl, product);
        const coldReads = standIn.calls.length - readsBefore;
        const warm = [];
        for (let run = 0; run < WARM_RUNS; run++) warm.push(await scanOnce(browser, server.baseUrl, product));
        const warmReads = standIn.calls.length - readsBefore - coldReads;
        for (const run of [cold, ...warm]) detectors.add(run.detector);
        const row = (cache, runs, reads) => ({
          barcode: product.barcode,
          cache,
          runs: runs.length,
          reads,
          openToDetected: median(runs.map((run) => run.openToDetected)),
          detectedToShown: median(runs.map((run) => run.detectedToShown)),
          detectedToLogged: median(runs.map((run) => run.detectedToLogged)),
          worstDetectedToLogged: Math.max(...runs.map((run) => run.detectedToLogged)),
        });
        rows.push(row('cold', [cold], coldReads), row('cached', warm, warmReads));
      } finally {
        await browser.close();
      }
    }
  } finally {
    await camera.cleanup();
    await server.stop();
    await standIn.close();
  }
  const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
  return {
    target: 'a scanned product in the diary within a second of the barcode being read',
    columns: [
      { key: 'barcode', label: 'barcode' },
      { key: 'cache', label: 'cache' },
      { key: 'runs', label: 'runs', align: 'right' },
      { key: 'reads', label: 'OFF reads', align: 'right' },
      { key: 'openToDetected', label: 'open → read (median)', align: 'right', format: ms },
      { key: 'detectedToShown', label: 'read → product shown', align: 'right', format: ms },
      { key: 'detectedToLogged', label: 'read → entry logged', align: 'right', format: ms },
      { key: 'worstDetectedToLogged', label: 'worst', align: 'right', format: ms },
    ],
    rows,
    notes: [
      `Reader: ${[...detectors].join(', ')} (${findChromium() ?? "Playwright's Chromium"}, fake camera 640×480 at 10 fps).`,
      '"open → read" includes starting the camera and loading the reader (its WebAssembly on the first scan of a browser).',
      '"read → entry logged" includes the lookup, creating the food, and two automated clicks (Playwright waits for each button to settle after the step changes).',
    ],
  };
}
