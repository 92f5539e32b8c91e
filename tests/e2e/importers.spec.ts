import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { BrowserContext, Page } from '@playwright/test';
import { cronometerServingsCsv } from '../../scripts/bench/cronometer-file.mjs';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  severeAxeViolations,
  setLocale,
  startAccount,
  waitForHydration,
  type Locale,
  onScreen,
} from './helpers';

// Another app's export brought in from Settings > Your data, as a user does it: choose the
// files, read the preview, import, find the days in the diary; the same files again add nothing.

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'importers');
const fixtures = (...names: string[]) => names.map((name) => path.join(FIXTURES, name));
const folder = (name: string) =>
  readdirSync(path.join(FIXTURES, name)).map((file) => path.join(FIXTURES, name, file));

type Mode = 'guest' | 'account';

type Case = {
  app: string;
  files: string[];
  /** What the preview counts in the files. */
  counts: string;
  /** A file of the export as the preview names it: found by its content, with the app and kind. */
  takenFor: string;
  /** The weight unit to choose, when the files do not say. */
  weightUnit?: 'Kilograms' | 'Pounds';
  /** A day of the file and an entry it has, as the diary shows it. */
  date: string;
  entry: string;
  kcal: string;
};

const CASES: Case[] = [
  {
    app: 'MyFitnessPal',
    files: folder('myfitnesspal/current'),
    counts: '2 days · 5 entries · 0 foods · 2 weights',
    takenFor: 'Measurement-Summary-2024-07-02-to-2024-07-03.csv: MyFitnessPal, measurements (weight)',
    weightUnit: 'Kilograms',
    date: '2024-07-02',
    entry: 'MyFitnessPal: Breakfast',
    kcal: '518',
  },
  {
    app: 'Cronometer',
    files: fixtures('cronometer/servings.csv', 'cronometer/biometrics.csv'),
    counts: '2 days · 10 entries',
    takenFor: 'servings.csv: Cronometer, food servings',
    date: '2024-03-04',
    entry: 'Chicken Breast, Roasted',
    kcal: '748',
  },
  {
    app: 'Waistline',
    files: fixtures('waistline/waistline_export.json'),
    counts: '3 days · 8 entries · 3 foods · 2 weights',
    takenFor: 'waistline_export.json: Waistline, diary export',
    date: '2024-03-04',
    entry: 'Porridge with milk',
    kcal: '281',
  },
  {
    app: 'OpenNutriTracker',
    files: [openNutriTrackerZip()],
    counts: '2 days · 7 entries · 3 foods · 0 weights',
    takenFor: 'user_intake.json: OpenNutriTracker, food intake',
    date: '2025-03-10',
    entry: 'Борщ с говядиной',
    kcal: '143',
  },
];

/** OpenNutriTracker's export ZIP, made of the fixture files as the app writes it. */
function openNutriTrackerZip(): string {
  const file = path.join(os.tmpdir(), `open-nutri-tracker-export-${process.pid}.zip`);
  const names = ['user_intake.json', 'user_tracked_day.json', 'user_activity.json'];
  const contents = Object.fromEntries(
    names.map((name) => [
      name,
      new Uint8Array(readFileSync(path.join(FIXTURES, 'open-nutri-tracker', name))),
    ]),
  );
  writeFileSync(file, zipSync(contents));
  return file;
}

async function begin(context: BrowserContext, mode: Mode, locale: Locale = 'en') {
  await setLocale(context, locale);
  if (mode === 'guest') await addGuestSession(context);
  else await startAccount(context, 'import');
}

async function openSettings(page: Page) {
  await page.goto('/settings');
  await waitForHydration(page);
  await expect(page.getByTestId('import-file')).toBeAttached();
}

/** Chooses the files and waits for the preview. */
async function choose(page: Page, files: string[], weightUnit?: string, timeout = 15_000) {
  await page.getByTestId('import-file').setInputFiles(files);
  const preview = page.getByTestId('import-preview');
  await expect(preview).toBeVisible({ timeout });
  if (weightUnit) {
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await page.getByRole('radio', { name: weightUnit }).check();
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeEnabled({ timeout: 30_000 });
  }
  return preview;
}

for (const mode of ['guest', 'account'] as const) {
  // Each importer once per mode, on the desktop layout; the phone runs the Russian flow below.
  test.describe(`importing another app's export (${mode})`, onScreen('desktop'), () => {
    for (const sample of CASES) {
      test(`${sample.app}: preview, import, the day in the diary, and again adds nothing`, async ({
        page,
        context,
      }) => {
        await begin(context, mode);
        await openSettings(page);
        const preview = await choose(page, sample.files, sample.weightUnit);
        const dialog = page.getByTestId('import-dialog');
        await expect(page.getByRole('dialog', { name: `Import from ${sample.app}` })).toBeVisible();
        await expect(preview.getByTestId('import-counts')).toContainText(sample.counts);
        await expect(preview.getByTestId('import-files')).toContainText(sample.takenFor);
        await expect(preview.getByTestId('import-plan')).toContainText('none already in your diary');

        await dialog.getByRole('button', { name: 'Import', exact: true }).click();
        await expect(dialog.getByTestId('import-result')).toContainText('Imported');
        await dialog.getByRole('button', { name: 'Close' }).last().click();

        await choose(page, sample.files, sample.weightUnit);
        await expect(page.getByTestId('import-plan')).toContainText('No new entries');
        await dialog.getByRole('button', { name: 'Import', exact: true }).click();
        await expect(dialog.getByTestId('import-result')).toHaveText(
          'Everything in these files is already in your diary.',
        );

        await page.goto(`/dashboard?date=${sample.date}`);
        const row = page.getByTestId('entry-row').filter({ hasText: sample.entry });
        await expect(row).toHaveCount(1);
        await expect(row).toContainText(sample.kcal);
      });
    }

    test('a malformed file is refused with its line, and nothing is stored', async ({ page, context }) => {
      await begin(context, mode);
      await openSettings(page);
      await page.getByTestId('import-file').setInputFiles(fixtures('cronometer/malformed-servings.csv'));
      const error = page.getByTestId('import-error');
      await expect(error).toContainText(/malformed-servings\.csv, line \d+/);
      await expect(error).toContainText('Nothing was imported.');
      await page.getByTestId('import-dialog').getByRole('button', { name: 'Close' }).last().click();
      await page.goto('/dashboard?date=2024-03-04');
      await expect(page.getByRole('heading', { name: 'Breakfast' })).toBeVisible();
      await expect(page.getByTestId('entry-row')).toHaveCount(0);
    });
  });
}

test.describe('stopping an import', () => {
  // The page's own requests, so the test can slow each part down (the service worker's fetches
  // are not routed): Stop then lands between parts however fast the server is.
  test.use({ serviceWorkers: 'block' });

  // The parts are the same on a phone.
  test(
    'an account import in parts can be stopped, and importing again adds only the rest',
    onScreen('desktop'),
    async ({ page, context }, testInfo) => {
      // Two years of a diary: reading, checking and writing several parts takes a while on CI.
      test.setTimeout(180_000);
      const file = testInfo.outputPath('servings.csv');
      writeFileSync(file, cronometerServingsCsv({ years: 2, seed: 7 }));
      await begin(context, 'account');
      await openSettings(page);
      const dialog = page.getByTestId('import-dialog');
      await choose(page, [file], undefined, 60_000);
      const counted = (await dialog.getByTestId('import-counts').textContent()) ?? '';
      const entries = Number(/([\d,]+) entries/.exec(counted)?.[1]?.replace(/,/g, ''));
      expect(entries).toBeGreaterThan(5_000);

      await page.route('**/api/import?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      // Once the first part is stored, and before the last.
      await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^[1-9]\d$/, {
        timeout: 60_000,
      });
      await dialog.getByRole('button', { name: 'Stop' }).click();
      await expect(dialog.getByTestId('import-error')).toContainText(
        /Stopped\. \d+ of \d+ parts? (was|were) stored\./,
      );
      const stored = await storedEntries(context);
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThan(entries);
      await page.unroute('**/api/import?*');

      await dialog.getByRole('button', { name: 'Close' }).last().click();
      await choose(page, [file], undefined, 60_000);
      await expect(dialog.getByTestId('import-plan')).toContainText(
        `${(entries - stored).toLocaleString('en')} new entries, ${stored.toLocaleString('en')} already in your diary`,
      );
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(dialog.getByTestId('import-result')).toContainText('Imported', { timeout: 60_000 });
      expect(await storedEntries(context)).toBe(entries);
    },
  );
});

// The desktop runs every app in English.
test('the Russian preview and result, on a phone', onScreen('mobile'), async ({ page, context }) => {
  await begin(context, 'guest', 'ru');
  await openSettings(page);
  await page.getByText('Как сделать экспорт в каждом приложении').click();
  await expect(page.getByText('servings.csv').first()).toBeVisible();
  await page
    .getByTestId('import-file')
    .setInputFiles(fixtures('cronometer/servings.csv', 'cronometer/biometrics.csv'));
  const dialog = page.getByRole('dialog', { name: 'Импорт из Cronometer' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('import-counts')).toContainText('2 дня · 10 записей');
  await expect(dialog.getByTestId('import-files')).toContainText(
    'biometrics.csv: Cronometer, биометрия (вес)',
  );
  await expect(dialog.getByTestId('import-plan')).toContainText('10 новых записей');
  await dialog.getByTestId('import-skipped').locator('summary').click();
  expect(await severeAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Импортировать' }).click();
  await expect(dialog.getByTestId('import-result')).toContainText('Перенесено 10 записей');
});

/** Entries an account holds, from its export. */
async function storedEntries(context: BrowserContext): Promise<number> {
  const answer = await context.request.get('/api/export');
  expect(answer.status()).toBe(200);
  const data = (await answer.json()) as { days: Array<{ entries: unknown[] }> };
  return data.days.reduce((sum, day) => sum + day.entries.length, 0);
}
