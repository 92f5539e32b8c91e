import { expect, test } from './fixtures';
import {
  addGuestSession,
  fill,
  messages,
  onScreenOf,
  setLocale,
  setOnline,
  startAccount,
  waitForController,
} from './helpers';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

// The whole USDA table beside the curated foods: a food only the table has is found by its
// English name in either language (or, named in Russian by us, by its Russian name), logged by
// weight, and found again offline once fetched.

const ACEROLA = 'Acerola, (west indian cherry), raw';
// NDB 09205, "Апельсин с кожурой" in scripts/catalog/usda-ru-names.tsv.
const ORANGE = {
  en: { query: 'oranges raw with peel', name: /^Oranges, raw, with peel/ },
  ru: { query: 'апельсин с кожурой', name: /^Апельсин с кожурой/ },
};

// A guest in English on the desktop, an account in Russian on the phone: each mode, each language
// and each screen once (the table is fetched and read alike in all four pairs).
for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: a food of the whole USDA table is found, logged, and found again offline`,
    onScreenOf(locale),
    async ({ page, context }) => {
      // The whole table (38 files) is fetched and read, then read again from the worker's cache:
      // about 20 s on a quiet 2-core machine, past 30 s beside a full run (seen failing so).
      test.slow();
      const t = messages[locale].diary;
      await setLocale(context, locale);
      if (mode === 'guest') await addGuestSession(context);
      else await startAccount(context);
      await page.goto('/dashboard');
      await waitForController(page);

      const lunch = page.getByTestId('meal-lunch');
      await lunch.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) }).click();
      await page.getByPlaceholder(t.searchPlaceholder).fill('acerola raw');
      await page.getByRole('option', { name: new RegExp(ACEROLA.replace(/[(),]/g, '.')) }).click();
      // 32 kcal per 100 g, by weight: the table has no serving of ours.
      await page.getByLabel(t.amount, { exact: true }).fill('200');
      await expect(page.getByTestId('entry-preview')).toContainText('64');
      await page.getByRole('button', { name: t.logIt }).click();
      await expect(lunch.getByTestId('entry-row')).toContainText(ACEROLA);
      await expect(page.getByTestId('eaten-kcal')).toContainText('64');

      // Kept for offline use when it was fetched: found again without the network.
      await setOnline(context, false);
      await page.reload();
      await lunch.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) }).click();
      await page.getByPlaceholder(t.searchPlaceholder).fill('acerola juice');
      await expect(page.getByRole('option', { name: /Acerola juice, raw/ })).toBeVisible();
      // A row named in Russian by us is found and shown by that name in Russian.
      await page.getByPlaceholder(t.searchPlaceholder).fill(ORANGE[locale].query);
      await expect(page.getByRole('option').first()).toHaveAccessibleName(ORANGE[locale].name);
      await setOnline(context, true);
    },
  );

test(
  'the food library fetches the table only to search it, and keeps every key meanwhile (en)',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.food;
    await setLocale(context, 'en');
    await addGuestSession(context);
    const tableRequests: string[] = [];
    let releaseTable!: () => void;
    const tableHeld = new Promise<void>((resolve) => (releaseTable = resolve));
    await context.route('**/catalog/usda/**', async (route) => {
      tableRequests.push(route.request().url());
      await tableHeld;
      await route.continue();
    });
    await page.goto('/food');
    // The curated foods paint at once; the page asks for no part of the table to show them.
    const dairy = page.getByRole('radiogroup', { name: t.categoriesLabel }).getByRole('radio', {
      name: t.categories.dairy,
    });
    await dairy.click();
    await expect(page.getByTestId('catalog-row').first()).toBeVisible();
    await dairy.click();
    expect(tableRequests).toEqual([]);

    // Typed key by key while the table is held: every key is kept, curated foods answer meanwhile.
    const search = page.getByRole('searchbox', { name: t.search });
    await search.pressSequentially('acerola juice', { delay: 30 });
    await expect(search).toHaveValue('acerola juice');
    expect(tableRequests.length).toBeGreaterThan(0);
    releaseTable();
    await expect(page.getByTestId('catalog-row').filter({ hasText: 'Acerola juice, raw' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(search).toHaveValue('acerola juice');
  },
);
