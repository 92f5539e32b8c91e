// A recipe made on the food page, from catalog ingredients, and logged in the diary as a
// serving, in both languages and both modes.
import { expect, test } from './fixtures';
import { addGuestSession, fill, locales, messages, setLocale, startAccount, onScreenOf } from './helpers';

const recipe = {
  en: { name: 'Buckwheat with butter test', buckwheat: 'buckwheat dry', butter: 'butter unsalted' },
  ru: { name: 'Гречка с маслом тест', buckwheat: 'гречка сухая', butter: 'масло сливочное несолёное' },
} as const;

for (const mode of ['guest', 'account'] as const)
  for (const locale of locales) {
    test(
      `${mode}, ${locale}: a recipe of two catalog foods logs as one serving`,
      onScreenOf(locale),
      async ({ page, context }) => {
        const t = messages[locale].diary;
        const tFood = messages[locale].food;
        if (mode === 'guest') await addGuestSession(context);
        else await startAccount(context);
        await setLocale(context, locale);
        await page.goto('/food');

        await page.getByRole('button', { name: tFood.newRecipe }).click();
        const form = page.getByTestId('recipe-form');
        await form.getByLabel(tFood.name).fill(recipe[locale].name);
        await form.getByLabel(tFood.recipeServings).fill('4');
        await form.getByLabel(tFood.recipeCooked).fill('600');
        const search = form.getByPlaceholder(tFood.addIngredient);
        // Enter adds the first result; its grams are selected, ready to type.
        await search.fill(recipe[locale].buckwheat);
        await search.press('Enter');
        await page.keyboard.type('200');
        await search.fill(recipe[locale].butter);
        await form.getByRole('list', { name: tFood.addIngredient }).getByRole('button').first().click();
        await page.keyboard.type('20');
        await expect(form.getByTestId('recipe-ingredients').getByRole('listitem')).toHaveCount(2);
        // 200 g of dry buckwheat (346 kcal/100 g) and 20 g of butter (717) = 835.4 kcal in 4 servings.
        await expect(form.getByTestId('recipe-summary')).toContainText(/208[.,]9/);
        await form.getByRole('button', { name: tFood.create }).click();
        const row = page.getByTestId('food-row').filter({ hasText: recipe[locale].name });
        await expect(row).toContainText(tFood.recipe);

        // Logged like any food: one serving, its figures copied into the entry.
        await page.goto('/dashboard');
        await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.dinner }) }).click();
        await page.getByPlaceholder(t.searchPlaceholder).fill(recipe[locale].name);
        await page.getByRole('option', { name: new RegExp(`^${recipe[locale].name}`) }).click();
        await expect(page.getByTestId('entry-preview')).toContainText('209');
        await page.getByRole('button', { name: t.logIt }).click();
        await expect(page.getByTestId('meal-dinner').getByTestId('entry-row')).toContainText('209');

        // Editing opens the recipe again, with its ingredients.
        await page.goto('/food');
        await row.getByRole('button', { name: new RegExp(`^${recipe[locale].name}`) }).click();
        await expect(page.getByTestId('recipe-ingredients').getByRole('listitem')).toHaveCount(2);
      },
    );
  }
