// Several foods logged at once, a meal saved under a name and logged again in one go with its
// amounts adjustable: in both languages and both modes.
import { expect, test } from './fixtures';
import {
  addGuestSession,
  fill,
  locales,
  messages,
  setLocale,
  startAccount,
  onScreenOf,
  onScreen,
} from './helpers';

// The ICU plurals of messages/*.json, as they read for two.
const words = {
  en: {
    banana: 'banana',
    tomato: 'tomato',
    mealName: 'Work lunch test',
    continueTwo: 'Continue with 2 foods',
    addTwo: 'Add 2 foods to the diary',
  },
  ru: {
    banana: 'банан',
    tomato: 'помидор',
    mealName: 'Обед на работе тест',
    continueTwo: 'Дальше: 2 продукта',
    addTwo: 'Добавить 2 продукта в дневник',
  },
} as const;

for (const mode of ['guest', 'account'] as const)
  for (const locale of locales) {
    test(
      `${mode}, ${locale}: pick several, save the meal, log it again with another amount`,
      onScreenOf(locale),
      async ({ page, context }) => {
        test.setTimeout(60_000);
        const t = messages[locale].diary;
        const w = words[locale];
        if (mode === 'guest') await addGuestSession(context);
        else await startAccount(context);
        await setLocale(context, locale);
        await page.goto('/dashboard');

        // Two foods picked together, logged in one go.
        await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.lunch }) }).click();
        await page.getByRole('button', { name: t.pickSeveral }).click();
        const search = page.getByPlaceholder(t.searchPlaceholder);
        await search.fill(w.banana);
        await page.getByRole('option').first().click();
        await search.fill(w.tomato);
        await page.getByRole('option').first().click();
        await page.getByRole('button', { name: w.continueTwo }).click();
        const several = page.getByTestId('several-foods');
        await expect(several.getByRole('listitem')).toHaveCount(2);
        await several.getByRole('button', { name: w.addTwo }).click();
        const lunch = page.getByTestId('meal-lunch');
        await expect(lunch.getByTestId('entry-row')).toHaveCount(2);
        const lunchKcal = Number((await page.getByTestId('eaten-kcal').textContent())?.replace(/\D/g, ''));
        expect(lunchKcal).toBeGreaterThan(0);

        // Saved under a name...
        await lunch.getByRole('button', { name: fill(t.saveMealTitle, { meal: t.meals.lunch }) }).click();
        const save = page.getByTestId('save-meal');
        await save.getByLabel(t.mealName).fill(w.mealName);
        await save.getByRole('button', { name: t.saveMeal }).click();
        await expect(save).toBeHidden();

        // ...and logged again for dinner, the first item doubled.
        await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.dinner }) }).click();
        await search.fill(w.mealName);
        await page.getByRole('option', { name: new RegExp(`^${w.mealName}`) }).click();
        await expect(several.getByText(w.mealName)).toBeVisible();
        // The banana was picked as one serving, and the saved meal keeps it in servings.
        const first = several.getByRole('textbox').first();
        const servings = Number(await first.inputValue());
        expect(servings).toBe(1);
        await first.fill(String(servings * 2));
        await several.getByRole('button', { name: w.addTwo }).click();
        const dinner = page.getByTestId('meal-dinner');
        await expect(dinner.getByTestId('entry-row')).toHaveCount(2);
        await expect(dinner.getByTestId('entry-row').filter({ hasText: `${servings * 2} ×` })).toHaveCount(1);
        const total = Number((await page.getByTestId('eaten-kcal').textContent())?.replace(/\D/g, ''));
        expect(total).toBeGreaterThan(2 * lunchKcal);
      },
    );
  }

test(
  'a meal heavier than a saved meal may be says so, and saves nothing',
  onScreen('desktop'),
  async ({ page, context }) => {
    const t = messages.en.diary;
    await addGuestSession(context);
    await setLocale(context, 'en');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.breakfast }) }).click();
    await page.getByPlaceholder(t.searchPlaceholder).fill('cucumber');
    await page
      .getByRole('option', { name: /^Cucumber/ })
      .first()
      .click();
    await page.getByRole('combobox', { name: t.unit }).selectOption('g');
    await page.getByLabel(t.amount).fill('6000');
    await page.getByRole('button', { name: t.logIt }).click();
    const breakfast = page.getByTestId('meal-breakfast');
    await expect(breakfast.getByTestId('entry-row')).toHaveCount(1);

    await breakfast.getByRole('button', { name: fill(t.saveMealTitle, { meal: t.meals.breakfast }) }).click();
    const save = page.getByTestId('save-meal');
    await expect(save.getByRole('alert')).toContainText(/6[,.\s\u00a0]?000 g/);
    await expect(save.getByRole('button', { name: t.saveMeal })).toBeDisabled();
  },
);
