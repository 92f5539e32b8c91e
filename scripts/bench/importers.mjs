// Bench section: ten years of a Cronometer diary (servings.csv, about 11 MB, written by
// ./cronometer-file.mjs) imported through Settings > Your data in Chromium, against the
// production server on PGlite: into an account (in parts of under 1 MB), and as a guest, whose
// browser storage holds about 5 MB: ten years are refused with nothing stored, three years fit.
// Times are measured around the page: from choosing the file to the preview (read in the
// worker, checked, compared with the diary), and from Import to the result.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium, QUIET_CHROMIUM_ARGS } from '../lib/chromium.mjs';
import { cronometerServingsCsv } from './cronometer-file.mjs';

export const IMPORT_YEARS = 10;
const GUEST_YEARS = 3;

/** Chooses the file on the settings page and times the preview and the import, in ms. */
async function importOnce(page, file) {
  const started = Date.now();
  await page.getByTestId('foreign-import-file').setInputFiles(file);
  const dialog = page.getByTestId('foreign-import-dialog');
  await dialog.getByTestId('foreign-import-preview').waitFor({ timeout: 300_000 });
  const previewMs = Date.now() - started;
  const counts = await dialog.getByTestId('foreign-import-counts').textContent();
  const importStarted = Date.now();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await dialog
    .getByTestId('foreign-import-result')
    .or(dialog.getByTestId('foreign-import-error'))
    .waitFor({ timeout: 600_000 });
  const importMs = Date.now() - importStarted;
  const error = await dialog
    .getByTestId('foreign-import-error')
    .textContent({ timeout: 100 })
    .catch(() => null);
  const result = error ?? (await dialog.getByTestId('foreign-import-result').textContent());
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  return { previewMs, importMs, counts, result };
}

async function openSettings(browser, baseUrl, mode) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'i18n_redirected', value: 'en', url: baseUrl }]);
  if (mode === 'guest') {
    await context.addCookies([{ name: 'session-state', value: 'guest', url: baseUrl }]);
    await context.addInitScript(() => localStorage.setItem('token', 'guest'));
  } else {
    const response = await context.request.post(`${baseUrl}/api/auth/register`, {
      headers: { 'x-forwarded-for': '10.9.8.7' },
      data: { email: `import-${randomUUID()}@bench.test`, password: 'bench password 2026' },
    });
    if (response.status() !== 201) throw new Error(`register answered ${response.status()}`);
  }
  const page = await context.newPage();
  await page.goto(`${baseUrl}/settings`);
  await page.getByTestId('foreign-import-file').waitFor({ state: 'attached', timeout: 60_000 });
  return { page, context };
}

/** A generated servings.csv of `years` years, written to `folder`: its path, size and rows. */
async function servingsFile(folder, years) {
  const file = join(folder, `servings-${years}y.csv`);
  const text = cronometerServingsCsv({ years });
  await writeFile(file, text);
  return { file, years, megabytes: Buffer.byteLength(text) / 1e6, rows: text.split('\n').length - 2 };
}

export async function importersSection(ctx) {
  const folder = await mkdtemp(join(tmpdir(), 'bench-import-'));
  const long = await servingsFile(folder, IMPORT_YEARS);
  // What a guest's browser storage (about 5 MB in Chromium) holds of such a diary.
  const short = await servingsFile(folder, GUEST_YEARS);
  const server = await ctx.startServer({});
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: QUIET_CHROMIUM_ARGS,
  });
  const rows = [];
  try {
    for (const [mode, source] of [
      ['guest', long],
      ['guest', short],
      ['account', long],
    ]) {
      const { page, context } = await openSettings(browser, server.baseUrl, mode);
      try {
        const first = await importOnce(page, source.file);
        rows.push({ mode, years: source.years, run: 'first', ...first });
        if (first.result.startsWith('Imported')) {
          rows.push({ mode, years: source.years, run: 'again', ...(await importOnce(page, source.file)) });
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(folder, { recursive: true });
  }
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  return {
    target: 'ten years of a diary imported in seconds, a second import adding nothing',
    columns: [
      { key: 'mode', label: 'mode' },
      { key: 'years', label: 'years', align: 'right' },
      { key: 'run', label: 'import' },
      { key: 'previewMs', label: 'file → preview', align: 'right', format: seconds },
      { key: 'importMs', label: 'Import → done', align: 'right', format: seconds },
      { key: 'result', label: 'result' },
    ],
    rows,
    notes: [
      ...[long, short].map(
        (source) =>
          `servings.csv of ${source.years} years: ${source.megabytes.toFixed(1)} MB, ${source.rows.toLocaleString('en')} rows.`,
      ),
      `Counted in ${IMPORT_YEARS} years: ${rows.find((row) => row.years === IMPORT_YEARS)?.counts ?? '–'}.`,
      'The preview includes reading in the worker, the schema check and the comparison with the diary (for an account, one dry-run request per part).',
    ],
  };
}
