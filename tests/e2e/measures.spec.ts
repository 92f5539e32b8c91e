// Household measures: a catalog food logged in one of USDA's ("1 × large · 136 g"), the
// measure remembered for the next time, a food of the whole table counted in its own cup, and a
// food of the user's with several named measures. Guest and account, English on the desktop and
// Russian on the phone (onScreenOf).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addGuestSession, fill, locales, messages, onScreenOf, setLocale, startDiary } from './helpers';

const words = {
  en: {
    banana: { query: 'banana', name: /^Banana/, large: 'large (8" to 8-7/8" long)', noun: 'large' },
    brick: { query: 'cheese brick', name: /^Cheese, brick/, cup: 'cup, diced', amount: '0.5' },
    milk: {
      name: 'Test oat milk',
      glass: '1 glass',
      cup: '1 cup',
      tbsp: '1 tbsp',
      noun: 'tbsp',
      cupNoun: 'cup',
    },
  },
  ru: {
    banana: { query: 'банан', name: /^Банан/, large: 'крупный (20–23 см длиной)', noun: 'крупный' },
    brick: { query: 'cheese brick', name: /^Cheese, brick/, cup: 'стакан кубиками', amount: '0,5' },
    milk: {
      name: 'Тестовое овсяное молоко',
      glass: '1 стакан',
      cup: '1 чашка',
      tbsp: '1 ст. л.',
      noun: 'ст. л.',
      cupNoun: 'чашка',
    },
  },
} as const;

/** Picks the first food the search lists under `name` for `meal`. */
async function pickFood(
  page: Page,
  locale: 'en' | 'ru',
  meal: 'lunch' | 'dinner',
  query: string,
  name: RegExp,
) {
  const t = messages[locale].diary;
  await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals[meal] }) }).click();
  await page.getByPlaceholder(t.searchPlaceholder).fill(query);
  await page.getByRole('option', { name }).first().click();
}

for (const mode of ['guest', 'account'] as const)
  for (const locale of locales) {
    const w = words[locale];

    test(
      `${mode}, ${locale}: a catalog food logged in a household measure reads by it and is offered in it again`,
      onScreenOf(locale),
      async ({ page, context }) => {
        const t = messages[locale].diary;
        await startDiary(context, mode, locale);
        await page.goto('/dashboard');

        // One large banana: 136 g of 89 kcal per 100 g is 121 kcal.
        await pickFood(page, locale, 'lunch', w.banana.query, w.banana.name);
        const unit = page.getByLabel(t.unit, { exact: true });
        await unit.selectOption({
          label: fill(t.unitServing, {
            label: w.banana.large,
            weight: fill(messages[locale].units.g, { value: '136' }),
          }),
        });
        await page.getByLabel(t.amount, { exact: true }).fill('1');
        await expect(page.getByTestId('entry-preview')).toContainText('121');
        await page.getByRole('button', { name: t.logIt }).click();
        const lunch = page.getByTestId('meal-lunch').getByTestId('entry-row');
        await expect(lunch).toContainText(
          fill(t.servingsNamed, {
            count: '1',
            label: w.banana.noun,
            weight: fill(messages[locale].units.g, { value: '136' }),
          }),
        );

        // Picked again, the banana starts in the measure it was last logged in.
        await pickFood(page, locale, 'dinner', w.banana.query, w.banana.name);
        await expect(unit.locator('option:checked')).toHaveText(
          fill(t.unitServing, {
            label: w.banana.large,
            weight: fill(messages[locale].units.g, { value: '136' }),
          }),
        );
        await expect(page.getByLabel(t.amount, { exact: true })).toHaveValue('1');
        await page.keyboard.press('Escape');

        // A food of the whole USDA table, in its own measure: half a cup of diced brick cheese is
        // 66 g, 245 kcal. Its name stays USDA's in Russian, as it has no Russian one.
        await pickFood(page, locale, 'dinner', w.brick.query, w.brick.name);
        await unit.selectOption({
          label: fill(t.unitServing, {
            label: w.brick.cup,
            weight: fill(messages[locale].units.g, { value: '132' }),
          }),
        });
        await page.getByLabel(t.amount, { exact: true }).fill(w.brick.amount);
        await expect(page.getByTestId('entry-preview')).toContainText('245');
        await page.getByRole('button', { name: t.logIt }).click();
        const dinner = page.getByTestId('meal-dinner').getByTestId('entry-row');
        const halfCup = fill(t.servingsNamed, {
          count: w.brick.amount,
          label: w.brick.cup,
          weight: fill(messages[locale].units.g, { value: '66' }),
        });
        await expect(dinner).toContainText(halfCup);

        // Stored as a count and its grams: read back after a reload, named by the measure again.
        await page.reload();
        await expect(page.getByTestId('meal-dinner').getByTestId('entry-row')).toContainText(halfCup);
        await expect(page.getByTestId('meal-lunch').getByTestId('entry-row')).toContainText(
          fill(t.servingsNamed, {
            count: '1',
            label: w.banana.noun,
            weight: fill(messages[locale].units.g, { value: '136' }),
          }),
        );
        await expect(page.getByTestId('eaten-kcal')).toContainText('366');
      },
    );

    test(
      `${mode}, ${locale}: a food of one's own with several named measures logs in any of them`,
      onScreenOf(locale),
      async ({ page, context }) => {
        const t = messages[locale].diary;
        const tFood = messages[locale].food;
        await startDiary(context, mode, locale);
        await page.goto('/dashboard');

        await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) }).click();
        await page.getByPlaceholder(t.searchPlaceholder).fill(w.milk.name);
        await page.getByRole('option', { name: new RegExp(w.milk.name) }).click();
        const form = page.getByTestId('food-form');
        await form.getByLabel(tFood.kcal, { exact: true }).fill('46');
        await form.getByLabel(tFood.servingLabel).fill(w.milk.glass);
        await form.getByLabel(tFood.servingGrams).fill('250');
        const measures = form.getByTestId('food-measures');
        await measures.getByRole('button', { name: tFood.addMeasure }).click();
        await measures.getByLabel(tFood.measureLabel, { exact: true }).last().fill(w.milk.glass);
        await measures.getByLabel(tFood.measureGrams, { exact: true }).last().fill('240');
        await measures.getByRole('button', { name: tFood.addMeasure }).click();
        await measures.getByLabel(tFood.measureLabel, { exact: true }).last().fill(w.milk.tbsp);
        await measures.getByLabel(tFood.measureGrams, { exact: true }).last().fill('15');

        // The serving's name again is refused, on the measure that repeats it.
        await form.getByRole('button', { name: tFood.create }).click();
        await expect(
          measures.getByLabel(tFood.measureLabel, { exact: true }).first(),
        ).toHaveAccessibleDescription(tFood.errors.measureRepeated);
        await measures.getByLabel(tFood.measureLabel, { exact: true }).first().fill(w.milk.cup);
        await form.getByRole('button', { name: tFood.create }).click();

        // The amount step offers grams, the serving and both measures: 3 tbsp are 45 g, 21 kcal.
        const unit = page.getByLabel(t.unit, { exact: true });
        await expect(unit.locator('option')).toHaveText([
          t.unitGrams,
          fill(t.unitServing, {
            label: w.milk.glass,
            weight: fill(messages[locale].units.g, { value: '250' }),
          }),
          fill(t.unitServing, {
            label: w.milk.cup,
            weight: fill(messages[locale].units.g, { value: '240' }),
          }),
          fill(t.unitServing, {
            label: w.milk.tbsp,
            weight: fill(messages[locale].units.g, { value: '15' }),
          }),
        ]);
        await unit.selectOption({
          label: fill(t.unitServing, {
            label: w.milk.tbsp,
            weight: fill(messages[locale].units.g, { value: '15' }),
          }),
        });
        await page.getByLabel(t.amount, { exact: true }).fill('3');
        await expect(page.getByTestId('entry-preview')).toContainText('21');
        await page.getByRole('button', { name: t.logIt }).click();
        const row = page.getByTestId('meal-lunch').getByTestId('entry-row');
        await expect(row).toContainText(
          fill(t.servingsNamed, {
            count: '3',
            label: w.milk.noun,
            weight: fill(messages[locale].units.g, { value: '45' }),
          }),
        );

        // Edited into cups, the same 45 g: the weight stays, the count follows (0.19 cup); then a
        // whole cup, 240 g (its kcal scale from the entry's own figures, as every edit's do).
        await page
          .getByTestId('meal-lunch')
          .getByRole('button', { name: `${t.editEntry}: ${w.milk.name}` })
          .click();
        await unit.selectOption({
          label: fill(t.unitServing, {
            label: w.milk.cup,
            weight: fill(messages[locale].units.g, { value: '240' }),
          }),
        });
        await expect(page.getByLabel(t.amount, { exact: true })).toHaveValue('0.19');
        await page.getByLabel(t.amount, { exact: true }).fill('1');
        await page.getByRole('button', { name: t.save }).click();
        await expect(row).toContainText(
          fill(t.servingsNamed, {
            count: '1',
            label: w.milk.cupNoun,
            weight: fill(messages[locale].units.g, { value: '240' }),
          }),
        );
      },
    );
  }

test(
  'en: a catalog food copied to one’s foods brings its measures along',
  onScreenOf('en'),
  async ({ page, context }) => {
    const tFood = messages.en.food;
    await setLocale(context, 'en');
    await addGuestSession(context);
    await page.goto('/food');
    await page.getByRole('searchbox', { name: tFood.search }).fill('banana');
    const banana = page.getByTestId('catalog-row').filter({ hasText: /^Banana\d/ });
    await banana.getByRole('button', { name: tFood.copyToLibrary }).click();

    // The serving stays the serving; USDA's measures follow it, editable like any typed one.
    const form = page.getByTestId('food-form');
    await expect(form.getByLabel(tFood.servingLabel)).toHaveValue('1 medium banana');
    const measures = form.getByTestId('food-measures');
    await expect(measures.getByLabel(tFood.measureLabel, { exact: true }).first()).toHaveValue('cup, mashed');
    await expect(measures.getByLabel(tFood.measureGrams, { exact: true }).first()).toHaveValue('225');
    await form.getByRole('button', { name: tFood.create }).click();

    await expect(page.getByTestId('food-row').filter({ hasText: 'Banana' })).toBeVisible();
    const [copy] = await page.evaluate(() => JSON.parse(localStorage.getItem('food-items') ?? '[]'));
    expect(copy.serving).toEqual({ label: '1 medium banana', grams: 118 });
    expect(copy.measures).toContainEqual({ label: 'cup, sliced', grams: 150 });
    expect(copy.measures).toContainEqual({ label: 'large (8" to 8-7/8" long)', grams: 136 });
    // One row per size: USDA's medium banana weighs what the serving does, so it is the serving.
    expect(copy.measures.filter((measure: { grams: number }) => measure.grams === 118)).toEqual([]);
  },
);
