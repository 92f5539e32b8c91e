import type { Page } from '@playwright/test';
import { fakeCameraArgs, findTestChromium, QUIET_CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { fakeCameraFile } from '../support/fake-camera';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  baseURL,
  fill,
  messages,
  setLocale,
  startAccount,
  waitForHydration,
  type Locale,
  onScreen,
} from './helpers';

// Scanning a packaged food (docs/decisions/0017): Chromium's fake camera shows a real EAN-13
// drawn with bwip-js, the app reads it (the browser's BarcodeDetector where it has one for EAN,
// else the ZXing WebAssembly served from this origin), looks it up through the server, which
// asks the Open Food Facts stand-in of playwright.config.ts, and the product is logged. The
// typed barcode works with no camera at all.

const CLIF = '0722252387998';
const DANISSIMO = '4600605017265';
const MISSING_FIGURES = '2000000000060';

/** The launch options of playwright.config.ts plus a fake camera that films `barcode`. */
function cameraFilming(barcode: string) {
  return {
    permissions: ['camera'],
    launchOptions: {
      executablePath: findTestChromium() ?? undefined,
      args: [...QUIET_CHROMIUM_ARGS, ...fakeCameraArgs(fakeCameraFile(barcode))],
    },
  };
}

/** Keeps every camera stream the page opens, so a test can tell that each was stopped. */
async function recordCameraStreams(page: Page) {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { __cameraStreams: MediaStream[] }).__cameraStreams = streams;
    const original = navigator.mediaDevices?.getUserMedia?.bind(navigator.mediaDevices);
    if (!original) return;
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}

const liveCameraTracks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __cameraStreams: MediaStream[] }).__cameraStreams
        .flatMap((stream) => stream.getTracks())
        .filter((track) => track.readyState === 'live').length,
  );

async function openScan(page: Page, locale: Locale) {
  const t = messages[locale];
  await page.goto('/dashboard');
  await waitForHydration(page);
  await page.getByRole('button', { name: fill(t.diary.addTo, { meal: t.diary.meals.lunch }) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t.barcode.button }).click();
  await expect(dialog.getByRole('heading', { name: t.barcode.title })).toBeVisible();
  return dialog;
}

/** "Log this food", then the amount step's "Add to diary"; waits for the day's sum. */
async function logScanned(page: Page, locale: Locale, kcal: RegExp) {
  const t = messages[locale];
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t.barcode.useFood }).click();
  await dialog.getByRole('button', { name: t.diary.logIt }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('eaten-kcal')).toContainText(kcal);
}

// Launch options hold for the whole file: the fake camera films the Clif bar in every test.
test.use(cameraFilming(CLIF));

test.describe('the camera films a Clif bar (en, guest)', () => {
  test(
    'scan, see the product with its source, log one serving; the camera stops',
    onScreen('desktop'),
    async ({ page, context }) => {
      // On the desktop; the Russian account's scan below runs on the phone.
      const t = messages.en;
      await addGuestSession(context);
      await setLocale(context, 'en');
      await recordCameraStreams(page);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(request.url()));
      const dialog = await openScan(page, 'en');
      const scanner = dialog.getByTestId('barcode-scanner');

      await expect(dialog.getByTestId('scanned-name')).toHaveText('Chocolate chip energy bar minis', {
        timeout: 20_000,
      });
      const detector = await page.evaluate(() => document.documentElement.dataset.scanDetector);
      test.info().annotations.push({ type: 'detector', description: detector ?? 'unknown' });
      if (detector === 'zxing-wasm') {
        // The decoder's WebAssembly came from this origin, and nothing went anywhere else.
        expect(requests.some((url) => new URL(url).pathname === '/zxing/zxing_reader.wasm')).toBe(true);
      }
      expect(requests.filter((url) => !url.startsWith(baseURL()) && !/^(data|blob):/.test(url))).toEqual([]);
      await expect(scanner).toHaveCount(0);
      expect(await liveCameraTracks(page)).toBe(0);
      await expect(dialog.getByTestId('scanned-product')).toContainText('Clif');
      await expect(dialog.getByTestId('scanned-kcal')).toHaveText('357.1');
      await expect(dialog.getByTestId('scanned-serving')).toHaveText(
        fill(t.barcode.serving, { label: '1 BAR', grams: '28' }),
      );
      const source = dialog.getByRole('link', { name: 'Open Food Facts' });
      await expect(source).toHaveAttribute('href', `https://world.openfoodfacts.org/product/${CLIF}`);
      await expect(dialog.getByRole('link', { name: 'ODbL' })).toBeVisible();

      await dialog.getByRole('button', { name: t.barcode.useFood }).click();
      // The amount step starts at one serving of the food it made.
      await expect(dialog.getByRole('combobox', { name: t.diary.unit }).locator('option:checked')).toHaveText(
        fill(t.diary.unitServing, { label: '1 BAR', weight: fill(t.units.g, { value: '28' }) }),
      );
      await dialog.getByRole('button', { name: t.diary.logIt }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('eaten-kcal')).toContainText('100');
      await expect(
        page.getByRole('main').getByText('Chocolate chip energy bar minis (Clif)').first(),
      ).toBeVisible();

      // Scanning it again logs the same food of the library, not a copy.
      await openScan(page, 'en');
      await expect(page.getByTestId('scanned-name')).toHaveText('Chocolate chip energy bar minis', {
        timeout: 20_000,
      });
      await logScanned(page, 'en', /200/);
      const foods = await page.evaluate(
        () => JSON.parse(localStorage.getItem('food-items') ?? '[]') as unknown[],
      );
      expect(foods).toHaveLength(1);
      expect(await liveCameraTracks(page)).toBe(0);
    },
  );

  test('closing the dialog while the camera runs stops it', onScreen('mobile'), async ({ page, context }) => {
    await addGuestSession(context);
    await setLocale(context, 'en');
    await recordCameraStreams(page);
    // A reader that never finds the code, so the camera is still running when the dialog closes.
    await page.addInitScript(() => {
      (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = class {
        static getSupportedFormats = async () => ['ean_13', 'ean_8', 'upc_a'];
        detect = async () => [];
      };
    });
    const dialog = await openScan(page, 'en');
    await expect(dialog.getByTestId('barcode-scanner')).toHaveAttribute('data-status', 'scanning');
    await expect.poll(() => liveCameraTracks(page), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => liveCameraTracks(page)).toBe(0);
  });
});

test.describe('the camera films a Clif bar (ru, account)', () => {
  test(
    'an account scans with the interface in Russian and logs a serving',
    onScreen('mobile'),
    async ({ page, context }) => {
      const t = messages.ru;
      await startAccount(context, 'scan');
      await setLocale(context, 'ru');
      const dialog = await openScan(page, 'ru');
      // Open Food Facts has this product's name in English only: that is the name shown.
      await expect(dialog.getByTestId('scanned-name')).toHaveText('Chocolate chip energy bar minis', {
        timeout: 20_000,
      });
      await expect(dialog.getByTestId('scanned-kcal')).toHaveText('357,1');
      await expect(dialog.getByTestId('scanned-serving')).toHaveText(
        fill(t.barcode.serving, { label: '1 BAR', grams: '28' }),
      );
      await expect(dialog.getByTestId('scan-attribution')).toContainText('Данные: Open Food Facts (ODbL)');
      await logScanned(page, 'ru', /100/);
      // The food was made on the server, in the account's library.
      const foods = await (await context.request.get('/api/foods')).json();
      expect(foods).toEqual([
        expect.objectContaining({
          name: 'Chocolate chip energy bar minis',
          brand: 'Clif',
          serving: { label: '1 BAR', grams: 28 },
        }),
      ]);
    },
  );
});

test.describe('typing the barcode (camera refused)', () => {
  // The person said no to the camera: the browser refuses it, as it would after "Block".
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
  });

  test(
    'after an unknown barcode, a wrong check digit is refused alone; the right one finds a product',
    onScreen('desktop'),
    async ({ page, context }) => {
      const t = messages.en;
      await addGuestSession(context);
      await setLocale(context, 'en');
      const dialog = await openScan(page, 'en');
      // Refused, the camera's place says so plainly, and typing still works.
      await expect(dialog.getByTestId('barcode-scanner')).toHaveAttribute('data-status', 'denied');
      await expect(dialog.getByText(t.barcode.denied)).toBeVisible();
      const field = dialog.getByRole('textbox', { name: t.barcode.barcode });
      await expect(field).toHaveAttribute('inputmode', 'numeric');
      await field.fill('4012345000016');
      await dialog.getByRole('button', { name: t.barcode.find }).click();
      await expect(dialog.getByTestId('scan-not-found')).toContainText(
        fill(t.barcode.notFound, { barcode: '4012345000016' }),
      );
      // The next barcode mistyped: its own error alone, not beside the last barcode's card.
      await field.fill('4600605017266');
      await dialog.getByRole('button', { name: t.barcode.find }).click();
      await expect(dialog.getByText(t.barcode.invalid.checkDigit)).toBeVisible();
      await expect(dialog.getByTestId('scan-not-found')).toHaveCount(0);
      await field.fill('4 600605 017265');
      await dialog.getByRole('button', { name: t.barcode.find }).click();
      await expect(dialog.getByTestId('scanned-name')).toHaveText('Даниссимо Творожный с сочным киви 130г');
      await expect(dialog.getByTestId('scanned-product')).toContainText(DANISSIMO);
      await expect(dialog.getByTestId('scanned-serving')).toHaveText(t.barcode.noServing);
      await dialog.getByRole('button', { name: t.barcode.useFood }).click();
      await expect(dialog.getByRole('combobox', { name: t.diary.unit })).toHaveValue('g');
      await dialog.getByRole('button', { name: t.diary.logIt }).click();
      await expect(page.getByTestId('eaten-kcal')).toContainText('135');
    },
  );

  test(
    'missing figures open the food form prefilled; an unknown barcode offers to create the food',
    onScreen('desktop'),
    async ({ page, context }) => {
      const t = messages.ru;
      await addGuestSession(context);
      await setLocale(context, 'ru');
      const dialog = await openScan(page, 'ru');
      const field = dialog.getByRole('textbox', { name: t.barcode.barcode });
      await field.fill('4012345000016');
      await dialog.getByRole('button', { name: t.barcode.find }).click();
      await expect(dialog.getByTestId('scan-not-found')).toContainText(
        fill(t.barcode.notFound, { barcode: '4012345000016' }),
      );
      await expect(dialog.getByRole('button', { name: t.barcode.createFood })).toBeVisible();

      // A mistyped barcode next: its own error alone, not beside the last barcode's card.
      await field.fill('123');
      await dialog.getByRole('button', { name: t.barcode.find }).click();
      await expect(dialog.getByText(t.barcode.invalid.length)).toBeVisible();
      await expect(dialog.getByTestId('scan-not-found')).toHaveCount(0);

      await field.fill(MISSING_FIGURES);
      await dialog.getByRole('button', { name: t.barcode.find }).click();
      await expect(dialog.getByTestId('scanned-fat')).toHaveText('—');
      await dialog.getByRole('button', { name: t.barcode.completeFood }).click();
      const form = dialog.getByTestId('food-form');
      await expect(form.getByRole('textbox', { name: t.food.name, exact: true })).toHaveValue(
        'Даниссимо Творожный с сочным киви 130г',
      );
      await expect(form.getByRole('textbox', { name: t.food.kcal, exact: true })).toHaveValue('135');
      await expect(form.getByRole('textbox', { name: t.food.protein })).toHaveValue('5.5');
      await form.getByRole('textbox', { name: t.food.fat }).fill('5,5');
      await form.getByRole('textbox', { name: t.food.carbs }).fill('15,8');
      await form.getByRole('button', { name: t.food.create }).click();
      await dialog.getByRole('button', { name: t.diary.logIt }).click();
      await expect(page.getByTestId('eaten-kcal')).toContainText('135');
    },
  );
});
