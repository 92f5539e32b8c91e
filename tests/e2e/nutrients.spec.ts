// Nutrients beyond the macros, as a user meets them: a catalog food's vitamin C in the day's panel
// against the target of the language's source, an entry that knows none read as "at least", salt
// typed from a label per serving stored as sodium per 100 g, a food edited after logging that
// leaves the day alone, a recipe's fibre per serving, and a Cronometer import's vitamin C.
// Guest and account, English on the desktop and Russian on the phone (onScreenOf).
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  chooseImportFiles,
  confirmImport,
  fill,
  locales,
  messages,
  onScreenOf,
  quickAdd,
  setOnline,
  startDiary,
  upToValue,
  waitForController,
  type Locale,
  onScreen,
} from './helpers';

// This spec goes offline or reads the service worker, which playwright.config.ts blocks by default.
test.use({ serviceWorkers: 'allow' });

const words = {
  en: {
    banana: { query: 'banana', name: /^Banana/ },
    crackers: 'Salted crackers test',
    recipe: { name: 'Buckwheat with butter test', buckwheat: 'buckwheat dry', butter: 'butter unsalted' },
  },
  ru: {
    banana: { query: 'банан', name: /^Банан/ },
    crackers: 'Крекеры солёные тест',
    recipe: { name: 'Гречка с маслом тест', buckwheat: 'гречка сухая', butter: 'масло сливочное несолёное' },
  },
} as const;

/** A number as the locale writes it: 8.7 is "8,7" in Russian. */
const decimal = (locale: Locale, value: string) => (locale === 'ru' ? value.replace('.', ',') : value);

/** The panel's row of a nutrient, with all nutrients shown. */
async function nutrientRow(page: Page, locale: Locale, key: string) {
  const t = messages[locale].nutrients;
  const panel = page.getByTestId('nutrient-panel');
  const toggle = panel.getByRole('button', { name: new RegExp(`^(${t.showAll}|${t.showFewer})$`) });
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return panel.getByTestId(`nutrient-${key}`);
}

const amountText = (locale: Locale, value: string, unit: 'g' | 'mg') => {
  const t = messages[locale].nutrients;
  return fill(t.amount, { value: decimal(locale, value), unit: t.unitNames[unit] });
};

for (const mode of ['guest', 'account'] as const)
  for (const locale of locales) {
    const w = words[locale];
    const tN = messages[locale].nutrients;

    test(
      `${mode}, ${locale}: a catalog food's vitamin C reaches the day's panel against its target, and an entry that knows none is no 0`,
      onScreenOf(locale),
      async ({ page, context }) => {
        const t = messages[locale].diary;
        await startDiary(context, mode, locale);
        await page.goto('/dashboard');

        // 100 g of banana: USDA's 8.7 mg of vitamin C and 2.6 g of fibre.
        await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.breakfast }) }).click();
        await page.getByPlaceholder(t.searchPlaceholder).fill(w.banana.query);
        await page.getByRole('option', { name: w.banana.name }).first().click();
        await page.getByLabel(t.unit, { exact: true }).selectOption({ label: t.unitGrams });
        await page.getByLabel(t.amount, { exact: true }).fill('100');
        await expect(page.getByTestId('entry-nutrients')).toContainText(
          `${tN.names.fibre} ${amountText(locale, '2.6', 'g')}`,
        );
        await page.getByRole('button', { name: t.logIt }).click();
        await expect(page.getByTestId('meal-breakfast').getByTestId('entry-row')).toHaveCount(1);

        const vitaminC = await nutrientRow(page, locale, 'vitaminC');
        await expect(vitaminC.getByTestId('nutrient-amount')).toHaveText(amountText(locale, '8.7', 'mg'));
        // The adult's target of the language's source: the US RDA (90 mg for a man, the higher
        // while sex is not set) or МР 2.3.1.0253-21 (100 mg).
        await expect(vitaminC).toContainText(
          fill(tN.target, { value: locale === 'ru' ? '100' : '90', unit: tN.unitNames.mg }),
        );
        await expect(page.getByTestId('nutrient-panel')).toContainText(
          locale === 'ru' ? 'МР 2.3.1.0253-21' : 'Dietary Reference Intakes',
        );

        // A quick add knows no nutrient: the day has at least the banana's, and says 1 of 2 knew.
        await quickAdd(page, locale, '300', '389');
        await expect(vitaminC.getByTestId('nutrient-amount')).toHaveText(
          fill(tN.atLeast, { value: decimal(locale, '8.7'), unit: tN.unitNames.mg }),
        );
        await expect(vitaminC).toHaveAttribute('data-known', 'some');
        await expect(page.getByTestId('nutrients-some-unknown')).toHaveText(
          fill(tN.someUnknown, { known: '1', of: '2' }),
        );

        // After a reload, read from storage: the same.
        await page.reload();
        const again = await nutrientRow(page, locale, 'vitaminC');
        await expect(again.getByTestId('nutrient-amount')).toHaveText(
          fill(tN.atLeast, { value: decimal(locale, '8.7'), unit: tN.unitNames.mg }),
        );

        // The week's stats: the daily average of its one logged day, and vitamin C by day.
        const tStats = messages[locale].stats;
        await page.goto('/stats');
        await page.getByRole('button', { name: tStats.nutrientsShow }).click();
        const average = page.getByTestId('nutrient-average');
        await average.getByRole('button', { name: tN.showAll }).click();
        await expect(average.getByTestId('nutrient-vitaminC').getByTestId('nutrient-amount')).toHaveText(
          fill(tN.atLeast, { value: decimal(locale, '8.7'), unit: tN.unitNames.mg }),
        );
        await page
          .getByRole('combobox', { name: tStats.nutrientPick })
          .selectOption({ label: tN.names.vitaminC });
        const table = page.getByTestId('nutrient-table');
        await expect(table.getByRole('row')).toHaveCount(7);
        await expect(table.getByRole('row').last()).toContainText(amountText(locale, '8.7', 'mg'));
        await expect(table.getByRole('row').first()).toContainText(tN.unknown);
      },
    );
  }

// The label's salt once per mode: the form itself reads it in both languages in the component
// tier (tests/components/food-form.test.tsx).
for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const) {
  const w = words[locale];
  const tN = messages[locale].nutrients;
  test(
    `${mode}, ${locale}: salt typed per serving from a label is sodium per 100 g, and editing the food later leaves the day`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      const tFood = messages[locale].food;
      await startDiary(context, mode, locale);
      await page.goto('/dashboard');

      await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.snacks }) }).click();
      await page.getByPlaceholder(t.searchPlaceholder).fill(w.crackers);
      await page.getByRole('option', { name: new RegExp(w.crackers) }).click();
      const form = page.getByTestId('food-form');
      await form.getByText(tFood.basisPerServing).click();
      await form.getByLabel(tFood.servingLabel).fill(locale === 'ru' ? '1 пачка' : '1 pack');
      await form.getByLabel(tFood.servingGrams).fill('30');
      await form.getByLabel(tFood.kcal, { exact: true }).fill('130');
      // The label: 0.6 g of salt and 0.9 g of fibre in a 30 g pack.
      await form.getByRole('button', { name: upToValue(tFood.moreNutrients).trim() }).click();
      const saltLabel = fill(tFood.nutrientLabel, { name: tN.names.salt, unit: tN.unitNames.g });
      await form.getByLabel(saltLabel, { exact: true }).fill(decimal(locale, '0.6'));
      await form
        .getByLabel(fill(tFood.nutrientLabel, { name: tN.names.fibre, unit: tN.unitNames.g }), {
          exact: true,
        })
        .fill(decimal(locale, '0.9'));
      await form.getByRole('button', { name: tFood.create }).click();

      // 100 g: 2 g of salt, which is 786.8 mg of sodium (salt is 39.34 % sodium).
      await page.getByLabel(t.unit, { exact: true }).selectOption({ label: t.unitGrams });
      await page.getByLabel(t.amount, { exact: true }).fill('100');
      await page.getByRole('button', { name: t.logIt }).click();
      await expect(page.getByTestId('meal-snacks').getByTestId('entry-row')).toHaveCount(1);
      const panel = page.getByTestId('nutrient-panel');
      const sodium = panel.getByTestId('nutrient-sodium');
      await expect(sodium.getByTestId('nutrient-amount')).toHaveText(amountText(locale, '787', 'mg'));
      await expect(sodium).toContainText(fill(tN.saltOf, { value: '2' }));
      await expect(panel.getByTestId('nutrient-fibre').getByTestId('nutrient-amount')).toHaveText(
        amountText(locale, '3', 'g'),
      );

      // The food's salt per 100 g as stored, shown when it is opened again; changed to 1 g.
      await page.goto('/food');
      await page
        .getByTestId('food-row')
        .filter({ hasText: w.crackers })
        .getByRole('button', { name: new RegExp(`^${w.crackers}`) })
        .click();
      const edit = page.getByTestId('food-form');
      const salt = edit.getByLabel(saltLabel, { exact: true });
      await expect(salt).toHaveValue('2');
      await salt.fill('1');
      await edit.getByRole('button', { name: tFood.save }).click();
      await expect(edit).toBeHidden();

      // The day keeps what was eaten: 787 mg, not the food's new 393 mg.
      await page.goto('/dashboard');
      await expect(page.getByTestId('nutrient-sodium').getByTestId('nutrient-amount')).toHaveText(
        amountText(locale, '787', 'mg'),
      );
    },
  );
}

// The recipe and the import once per mode and language, between them every pair.
for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const) {
  test(
    `${mode}, ${locale}: a recipe's fibre per serving comes from its ingredients`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const tFood = messages[locale].food;
      const tN = messages[locale].nutrients;
      const recipe = words[locale].recipe;
      await startDiary(context, mode, locale);
      await page.goto('/food');

      await page.getByRole('button', { name: tFood.newRecipe }).click();
      const form = page.getByTestId('recipe-form');
      await form.getByLabel(tFood.name).fill(recipe.name);
      await form.getByLabel(tFood.recipeServings).fill('4');
      const search = form.getByPlaceholder(tFood.addIngredient);
      await search.fill(recipe.buckwheat);
      await search.press('Enter');
      await page.keyboard.type('200');
      await search.fill(recipe.butter);
      await form.getByRole('list', { name: tFood.addIngredient }).getByRole('button').first().click();
      await page.keyboard.type('20');
      // 200 g of buckwheat at 10.3 g of fibre per 100 g and butter with none: 20.6 g in 4 servings.
      await expect(form.getByTestId('recipe-serving-nutrients')).toContainText(
        `${tN.names.fibre} ${amountText(locale, '5.15', 'g')}`,
      );
      await form.getByRole('button', { name: tFood.create }).click();
      await expect(page.getByTestId('food-row').filter({ hasText: recipe.name })).toBeVisible();
    },
  );
}

for (const [mode, locale] of [
  ['account', 'en'],
  ['guest', 'ru'],
] as const) {
  test(
    `${mode}, ${locale}: a Cronometer import brings its vitamin C, and a blank cell stays unknown`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const tN = messages[locale].nutrients;
      await startDiary(context, mode, locale);
      await page.goto('/settings');
      await chooseImportFiles(
        page,
        path.join(__dirname, '..', 'fixtures', 'importers', 'cronometer', 'servings-nutrients.csv'),
      );
      await confirmImport(page, locale);

      await page.goto('/dashboard?date=2024-05-06');
      await expect(page.getByTestId('entry-row')).toHaveCount(2);
      // The orange's 74.76 mg; the soup's cell was blank.
      const vitaminC = await nutrientRow(page, locale, 'vitaminC');
      await expect(vitaminC.getByTestId('nutrient-amount')).toHaveText(
        fill(tN.atLeast, { value: decimal(locale, '74.8'), unit: tN.unitNames.mg }),
      );
      await expect(vitaminC).toContainText(fill(tN.knownOf, { known: '1', of: '2' }));
      // Both know their fibre: 3.36 g and 11 g.
      const fibre = page.getByTestId('nutrient-fibre').getByTestId('nutrient-amount');
      await expect(fibre).toHaveText(amountText(locale, '14.4', 'g'));

      // The soup came as a quick add with its own figures: editing its kcal keeps its fibre.
      const t = messages[locale].diary;
      await page
        .getByTestId('entry-row')
        .filter({ hasText: 'Lentil Soup' })
        .getByRole('button', { name: new RegExp(`^${t.editEntry}`) })
        .click();
      const sheet = page.getByRole('dialog', { name: t.editEntry });
      await sheet.getByRole('textbox', { name: t.kcalShort, exact: true }).fill('250');
      await sheet.getByRole('button', { name: t.save }).click();
      await expect(sheet).toBeHidden();
      await expect(page.getByTestId('entry-row').filter({ hasText: 'Lentil Soup' })).toContainText('250');
      await expect(fibre).toHaveText(amountText(locale, '14.4', 'g'));
    },
  );
}

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  // One screen is enough: the same outbox on a phone.
  test(
    "an account logs a catalog food's nutrients offline, and the server has them once back",
    onScreen('desktop'),
    async ({ page, context }) => {
      test.slow();
      const t = messages.en.diary;
      await startDiary(context, 'account', 'en');
      await page.goto('/dashboard');
      await waitForController(page);
      const logBanana = async (meal: 'breakfast' | 'dinner') => {
        await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals[meal] }) }).click();
        await page.getByPlaceholder(t.searchPlaceholder).fill('banana');
        await page
          .getByRole('option', { name: /^Banana/ })
          .first()
          .click();
        await page.getByLabel(t.unit, { exact: true }).selectOption({ label: t.unitGrams });
        await page.getByLabel(t.amount, { exact: true }).fill('200');
        await expect(page.getByTestId('entry-nutrients')).toContainText('Fibre 5.2 g');
        await page.getByRole('button', { name: t.logIt }).click();
        await expect(page.getByTestId(`meal-${meal}`).getByTestId('entry-row')).toHaveCount(1);
      };
      // Online once, so the catalog's nutrient file is kept by the service worker.
      await logBanana('breakfast');

      await setOnline(context, false);
      await logBanana('dinner');
      const vitaminC = await nutrientRow(page, 'en', 'vitaminC');
      await expect(vitaminC.getByTestId('nutrient-amount')).toHaveText('34.8 mg');

      await setOnline(context, true);
      const today = await page.evaluate(() => {
        const now = new Date();
        return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      });
      await expect
        .poll(async () => {
          const answer = await page.request.get(`/api/days/${today}`);
          const day = (await answer.json()) as { entries?: Array<{ nutrients?: { vitaminC?: number } }> };
          return (day.entries ?? []).map((entry) => entry.nutrients?.vitaminC ?? null);
        })
        .toEqual([8.7, 8.7]);
    },
  );
});
