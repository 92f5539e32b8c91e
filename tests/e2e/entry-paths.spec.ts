// Every path of adding and editing an entry finishes or says why: a food with a long
// name and brand logs; Back steps back inside the add dialog and closes sheets instead of
// leaving the page; Enter typed while the dialog loads is kept; a dialog whose code is not
// there offline says so; and the edit sheet does all that adding does.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addGuestSession,
  fill,
  isDesktop,
  locales,
  messages,
  onScreenOf,
  quickAdd,
  setLocale,
  setOnline,
  sidewaysScroll,
  startAccount,
  waitForHydration,
  type Locale,
  metricLabel,
} from './helpers';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

const banana = { en: { query: 'banana', name: /^Banana/ }, ru: { query: 'банан', name: /^Банан/ } } as const;

async function openAdd(page: Page, locale: Locale, meal: 'breakfast' | 'lunch' = 'lunch') {
  const t = messages[locale].diary;
  await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals[meal] }) }).click();
  await expect(page.getByPlaceholder(t.searchPlaceholder)).toBeFocused();
}

/** Logs the catalog's banana to lunch in servings (1 medium banana, 118 g, 105 kcal). */
async function logBanana(page: Page, locale: Locale) {
  const t = messages[locale].diary;
  await openAdd(page, locale);
  await page.getByPlaceholder(t.searchPlaceholder).fill(banana[locale].query);
  await page.getByRole('option', { name: banana[locale].name }).first().click();
  // The amount starts as one of the food's serving, the first of its measures.
  await expect(page.getByLabel(t.unit, { exact: true }).locator('option:checked')).toHaveText(
    fill(t.unitServing, {
      label: locale === 'ru' ? '1 банан средний' : '1 medium banana',
      weight: fill(messages[locale].units.g, { value: '118' }),
    }),
  );
  await page.getByRole('button', { name: t.logIt }).click();
  await expect(page.getByTestId('meal-lunch').getByTestId('entry-row')).toHaveCount(1);
}

// A name of one unbroken word and a brand that together pass the entry's 120 characters.
const longName = 'Extraordinarilylongunbrokenproductnamefromaforeignlabelwithoutanyspaces' + 'Z'.repeat(20);
const longBrand = 'Manufacturer of very long brand names and subsidiaries incorporated';

async function createLongFood(page: Page, locale: Locale) {
  const tFood = messages[locale].food;
  await page.goto('/food');
  await page.getByRole('button', { name: tFood.newFood }).click();
  const form = page.getByTestId('food-form');
  await form.getByLabel(tFood.name, { exact: true }).fill(longName);
  await form.getByLabel(tFood.brand, { exact: true }).fill(longBrand);
  await form.getByLabel(tFood.kcal, { exact: true }).fill('200');
  await form.getByLabel(tFood.protein).fill('5');
  await form.getByLabel(tFood.fat).fill('5');
  await form.getByLabel(tFood.carbs).fill('30');
  await form.getByRole('button', { name: tFood.create }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

for (const locale of locales)
  test(
    `${locale}: a food whose name and brand pass 120 characters logs, its name wrapped`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      await addGuestSession(context);
      await setLocale(context, locale);
      // Stored before it is logged, as a food kept from an earlier version would be.
      await createLongFood(page, locale);

      await page.goto('/dashboard');
      await openAdd(page, locale);
      await page.getByPlaceholder(t.searchPlaceholder).fill('Extraordinarily');
      await page
        .getByRole('option', { name: /^Extraordinarily/ })
        .first()
        .click();
      const heading = page.getByTestId('entry-food');
      await expect(heading).toContainText(longName);
      await page.getByLabel(t.amount, { exact: true }).fill('150');
      // The heading wraps inside the sheet: nothing scrolls sideways.
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      const box = await heading.boundingBox();
      const dialog = await page.getByRole('dialog').boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(dialog!.x + dialog!.width);
      // No refusal, and it logs.
      await expect(page.getByText(fill(t.limits.name, { max: 120 }))).toHaveCount(0);
      await page.getByRole('button', { name: t.logIt }).click();
      const row = page.getByTestId('meal-lunch').getByTestId('entry-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(longName);
      await expect(page.getByTestId('eaten-kcal')).toContainText('300');
    },
  );

for (const locale of locales)
  test(
    `${locale}: Back steps back inside the add dialog and closes sheets, never leaving the page`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      const tFood = messages[locale].food;
      await addGuestSession(context);
      await setLocale(context, locale);
      await page.goto('/stats');
      await page.goto('/dashboard');
      await waitForHydration(page);

      // Amount step → Back → search; Back → the dialog closes; the diary stays.
      await openAdd(page, locale);
      await page.getByPlaceholder(t.searchPlaceholder).fill(banana[locale].query);
      await page.getByRole('option', { name: banana[locale].name }).first().click();
      await expect(page.getByLabel(t.amount, { exact: true })).toBeVisible();
      await page.goBack();
      await expect(page.getByPlaceholder(t.searchPlaceholder)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goBack();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page).toHaveURL(/\/dashboard$/);

      // New food from the search → Back → the search again, in the open dialog.
      await openAdd(page, locale);
      await page.getByPlaceholder(t.searchPlaceholder).fill('Qwxzy');
      await page.getByRole('option', { name: fill(messages[locale].ui.create, { label: 'Qwxzy' }) }).click();
      await expect(page.getByTestId('food-form')).toBeVisible();
      await page.goBack();
      await expect(page.getByPlaceholder(t.searchPlaceholder)).toBeVisible();

      // Closed by its own button, the dialog leaves no entry behind: Back goes to the page before.
      await page.getByRole('button', { name: messages[locale].ui.close }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // Logging an entry closes the dialog the same way.
      await quickAdd(page, locale, '250');
      await page.goBack();
      await expect(page).toHaveURL(/\/stats$/);

      // New food on the food page: Back closes the sheet and the page stays.
      await page.goto('/food');
      await page.getByRole('button', { name: tFood.newFood }).click();
      await page.getByTestId('food-form').getByLabel(tFood.name, { exact: true }).fill('Soup');
      await page.goBack();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page).toHaveURL(/\/food$/);
      await expect(page.getByRole('button', { name: tFood.newFood })).toBeVisible();
    },
  );

for (const locale of locales)
  test(
    `${locale}: Enter typed while the add dialog loads picks the first result; early digits reach the weight`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      await addGuestSession(context);
      await setLocale(context, locale);
      await page.goto('/dashboard');
      await waitForHydration(page);

      const add = page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) });
      await add.focus();
      await page.keyboard.press('Enter');
      // At once, key by key, as a keyboard sends them. Playwright's keyboard inserts Cyrillic as
      // text without key events, which no page sees while a button has the focus: the keys are
      // dispatched as a Russian layout sends them instead, in the same task as the tap's answer.
      await page.evaluate(
        (keys) => {
          for (const key of keys)
            (document.activeElement ?? document.body).dispatchEvent(
              new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
            );
        },
        [...banana[locale].query, 'Enter'],
      );
      // The amount step of the first result, as Enter on the results gives it.
      await expect(page.getByTestId('entry-food')).toContainText(banana[locale].name);
      await expect(page.getByLabel(t.amount, { exact: true })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('meal-lunch').getByTestId('entry-row')).toHaveCount(1);

      // Log weight: the digits typed at once after the tap land in the field, and Enter saves them.
      const weight = locale === 'ru' ? '81,5' : '81.5';
      await page.getByRole('button', { name: t.logWeight }).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.type(weight, { delay: 0 });
      await expect(page.getByLabel(metricLabel(t.weightLabel, 'kg'))).toHaveValue(weight);
      await page.keyboard.press('Enter');
      await expect(page.getByTestId('day-weight')).toContainText(weight);
    },
  );

test.describe('text without key events, and Enter before the first results', () => {
  // page.route sees the catalog's request only while no service worker answers it.
  test.use({ serviceWorkers: 'block' });

  test(
    'ru: Russian typed as a phone keyboard sends it, and Enter before the results, log the first one',
    onScreenOf('ru'),
    async ({ page, context }) => {
      const t = messages.ru.diary;
      await addGuestSession(context);
      await setLocale(context, 'ru');
      // The catalog's code is held back until the test lets it go: the results cannot have come.
      let release = () => {};
      const hold = () => new Promise<void>((resolve) => (release = resolve));
      let held = hold();
      await page.route('**/_next/static/chunks/**/*.js', async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes('Bananas, raw')) await held;
        await route.fulfill({ response, body });
      });
      await page.goto('/dashboard');
      await waitForHydration(page);

      // The tap, then the word as text with no key events (as a phone's keyboard or an input
      // method sends it) and Enter, in the same task: before the dialog can be on screen.
      const add = page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) });
      await add.evaluate((button: HTMLElement, text) => {
        button.click();
        document.execCommand('insertText', false, text);
        (document.activeElement ?? document.body).dispatchEvent(
          new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
        );
      }, banana.ru.query);
      const search = page.getByPlaceholder(t.searchPlaceholder);
      await expect(search).toHaveValue(banana.ru.query);
      release();
      await expect(page.getByTestId('entry-food')).toContainText(banana.ru.name);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // In the open field: the word typed and Enter pressed while the catalog is on its way.
      held = hold();
      await page.reload();
      await waitForHydration(page);
      await add.click();
      await expect(search).toBeFocused();
      await page.keyboard.type(banana.ru.query);
      await page.keyboard.press('Enter');
      await expect(search).toBeVisible();
      release();
      await expect(page.getByTestId('entry-food')).toContainText(banana.ru.name);
      await expect(page.getByLabel(t.amount, { exact: true })).toBeFocused();
    },
  );
});

test.describe('offline before the service worker has everything', () => {
  test.use({ serviceWorkers: 'block' });

  for (const locale of locales)
    test(
      `${locale}: tapping an entry whose sheet cannot load says why, and the page goes on`,
      onScreenOf(locale),
      async ({ page, context }) => {
        const t = messages[locale].diary;
        const ui = messages[locale].ui;
        await addGuestSession(context);
        await setLocale(context, locale);
        await page.goto('/dashboard');
        await quickAdd(page, locale, '320');

        await setOnline(context, false);
        const row = page.getByTestId('entry-row');
        await row.getByRole('button', { name: new RegExp(`^${t.editEntry}`) }).click();
        await expect(
          page.locator('li[data-variant="error"]').filter({ hasText: ui.offlineNotYet }),
        ).toBeVisible();
        await expect(page.getByRole('dialog')).toHaveCount(0);
        // Still the diary, and what works offline still works.
        await expect(page.getByTestId('eaten-kcal')).toContainText('320');
        await row.getByRole('button', { name: fill(t.deleteEntry, { name: t.quickAddName }) }).click();
        await expect(page.getByTestId('entry-row')).toHaveCount(0);
        await page.getByRole('button', { name: t.undo }).click();
        await expect(page.getByTestId('entry-row')).toHaveCount(1);

        // Back online, the same tap opens the sheet.
        await setOnline(context, true);
        await page.getByRole('button', { name: new RegExp(`^${t.editEntry}`) }).click();
        await expect(page.getByRole('dialog', { name: t.editEntry })).toBeVisible();
      },
    );
});

for (const mode of ['guest', 'account'] as const)
  for (const locale of locales)
    test(
      `${mode}, ${locale}: the edit sheet switches units, previews, edits a quick add and deletes with Undo`,
      onScreenOf(locale),
      async ({ page, context }) => {
        test.setTimeout(90_000);
        const t = messages[locale].diary;
        if (mode === 'guest') await addGuestSession(context);
        else await startAccount(context);
        await setLocale(context, locale);
        await page.goto('/dashboard');
        await waitForHydration(page);
        await logBanana(page, locale);
        await expect(page.getByTestId('eaten-kcal')).toContainText('105');

        // The amount is selected: typing replaces it.
        const lunch = page.getByTestId('meal-lunch');
        await lunch.getByRole('button', { name: new RegExp(`^${t.editEntry}`) }).click();
        const sheet = page.getByRole('dialog', { name: t.editEntry });
        const amount = sheet.getByLabel(t.amount, { exact: true });
        await expect(amount).toBeFocused();
        await page.keyboard.type('2');
        await expect(amount).toHaveValue('2');
        await expect(sheet.getByTestId('entry-preview')).toContainText('210');
        // Servings ↔ grams keeps the weight: 2 bananas are 236 g.
        await sheet.getByLabel(t.unit, { exact: true }).selectOption('g');
        await expect(amount).toHaveValue('236');
        await amount.fill('200');
        await expect(sheet.getByTestId('entry-preview')).toContainText('178');
        await sheet.getByLabel(t.meal, { exact: true }).selectOption('dinner');
        await sheet.getByRole('button', { name: t.save }).click();
        await expect(sheet).toHaveCount(0);
        const dinner = page.getByTestId('meal-dinner');
        await expect(dinner.getByTestId('entry-row')).toContainText(fill(t.grams, { value: 200 }));
        await expect(lunch.getByTestId('entry-row')).toHaveCount(0);
        await expect(page.getByTestId('eaten-kcal')).toContainText('178');

        // A quick add's description and figures are edited like the quick add form's.
        await quickAdd(page, locale, '300', '478');
        await lunch.getByRole('button', { name: new RegExp(`^${t.editEntry}`) }).click();
        await expect(sheet.getByLabel(t.kcalShort, { exact: true })).toBeFocused();
        // Logged without macros, it shows the 0 g the day counts, not empty fields.
        for (const macro of [t.protein, t.fat, t.carbs])
          await expect(sheet.getByLabel(macro)).toHaveValue('0');
        await page.keyboard.type('350');
        await sheet.getByLabel(t.quickAddLabel).fill(locale === 'ru' ? 'Торт' : 'Cake');
        await sheet.getByLabel(t.protein).fill('5');
        await sheet.getByRole('button', { name: t.save }).click();
        const cake = lunch.getByTestId('entry-row');
        await expect(cake).toContainText(locale === 'ru' ? 'Торт' : 'Cake');
        await expect(page.getByTestId('eaten-kcal')).toContainText('528');

        // What an account changes reached the server: a reload reads it back.
        if (mode === 'account') {
          await page.reload();
          await expect(page.getByTestId('eaten-kcal')).toContainText('528');
          await expect(cake).toContainText(locale === 'ru' ? 'Торт' : 'Cake');
        }

        // Delete from the sheet, then Undo from the toast, as the row's trash button does.
        await lunch.getByRole('button', { name: new RegExp(`^${t.editEntry}`) }).click();
        await sheet.getByRole('button', { name: t.delete, exact: true }).click();
        await expect(sheet).toHaveCount(0);
        await expect(lunch.getByTestId('entry-row')).toHaveCount(0);
        await expect(page.getByTestId('eaten-kcal')).toContainText('178');
        await page
          .locator('li[data-variant]')
          .filter({ hasText: t.deleted })
          .getByRole('button', { name: t.undo })
          .click();
        await expect(lunch.getByTestId('entry-row')).toContainText(locale === 'ru' ? 'Торт' : 'Cake');
        await expect(page.getByTestId('eaten-kcal')).toContainText('528');
      },
    );

test(
  'account: an entry edited offline waits in the outbox and reaches the server',
  onScreenOf('en'),
  async ({ page, context }) => {
    const t = messages.en.diary;
    await startAccount(context);
    await setLocale(context, 'en');
    await page.goto('/dashboard');
    await waitForHydration(page);
    await logBanana(page, 'en');
    // The edit sheet's code is fetched while online; the edit itself is made offline.
    await page.getByRole('button', { name: new RegExp(`^${t.editEntry}`) }).click();
    const sheet = page.getByRole('dialog', { name: t.editEntry });
    await sheet.getByLabel(t.unit, { exact: true }).selectOption('g');
    await setOnline(context, false);
    await sheet.getByLabel(t.amount, { exact: true }).fill('300');
    await sheet.getByRole('button', { name: t.save }).click();
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId('eaten-kcal')).toContainText('267');
    await setOnline(context, true);
    await expect(page.getByText(messages.en.sync.synced)).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expect(page.getByTestId('eaten-kcal')).toContainText('267');
    await expect(page.getByTestId('entry-row')).toContainText(fill(t.grams, { value: 300 }));
  },
);

// Screenshots for review (test-results/screens): the edit sheet and the add dialog with a long name.
test.describe('screenshots for review', () => {
  test.skip(!process.env.E2E_SCREENSHOTS, 'for review only: E2E_SCREENSHOTS=1');
  for (const locale of locales)
    for (const theme of ['light', 'dark'] as const)
      test(`${locale}, ${theme}: screenshots of the edit sheet and a long name`, async ({
        page,
        context,
      }, info) => {
        await addGuestSession(context);
        await setLocale(context, locale);
        await context.addInitScript((mode) => window.localStorage.setItem('nuxt-color-mode', mode), theme);
        const t = messages[locale].diary;
        await page.goto('/dashboard');
        await waitForHydration(page);
        await logBanana(page, locale);
        await page.getByRole('button', { name: new RegExp(`^${t.editEntry}`) }).click();
        await expect(page.getByRole('dialog', { name: t.editEntry })).toBeVisible();
        await page.waitForTimeout(400);
        const screen = isDesktop(info) ? 'desktop' : 'phone';
        await page.screenshot({ path: `test-results/screens/edit-${screen}-${locale}-${theme}.png` });
        await page.keyboard.press('Escape');
        await quickAdd(page, locale, '250', '355');
        await page
          .getByTestId('meal-lunch')
          .getByRole('button', { name: new RegExp(`^${t.editEntry}.*`) })
          .last()
          .click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `test-results/screens/edit-quick-${screen}-${locale}-${theme}.png` });
        await page.keyboard.press('Escape');
        await createLongFood(page, locale);
        await page.goto('/dashboard');
        await openAdd(page, locale);
        await page.getByPlaceholder(t.searchPlaceholder).fill('Extraordinarily');
        await page
          .getByRole('option', { name: /^Extraordinarily/ })
          .first()
          .click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `test-results/screens/add-long-${screen}-${locale}-${theme}.png` });
      });
});
