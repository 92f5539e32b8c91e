// A packaged food typed as its label prints it, per serving: stored per 100 g, logged in
// servings, and shown in the diary by the serving's name.
import { expect, test } from './fixtures';
import { addGuestSession, fill, messages, setLocale, startAccount, onScreenOf } from './helpers';

const bar = {
  en: { name: 'Granola bar test', serving: '1 bar', noun: 'bar', per100: /466[.,]7 kcal/ },
  ru: { name: 'Батончик мюсли тест', serving: '1 батончик', noun: 'батончик', per100: /466[.,]7 ккал/ },
} as const;

// Once per mode: the form's refusal, preview and decimal comma in both languages are the
// component tier's (tests/components/food-form.test.tsx).
for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const) {
  test(
    `${mode}, ${locale}: a food typed per serving from its label logs as "2 × ${bar[locale].noun}"`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].diary;
      const tFood = messages[locale].food;
      if (mode === 'guest') await addGuestSession(context);
      else await startAccount(context);
      await setLocale(context, locale);
      await page.goto('/dashboard');

      await page.getByRole('button', { name: fill(t.addTo, { meal: t.meals.snacks }) }).click();
      await page.getByPlaceholder(t.searchPlaceholder).fill(bar[locale].name);
      await page.getByRole('option', { name: new RegExp(bar[locale].name) }).click();
      const form = page.getByTestId('food-form');
      await form.getByText(tFood.basisPerServing).click();
      await form.getByLabel(tFood.servingLabel).fill(bar[locale].serving);
      await form.getByLabel(tFood.servingGrams).fill('10');
      await form.getByLabel(tFood.kcal, { exact: true }).fill('210');
      await form.getByLabel(tFood.protein).fill('4');
      await form.getByLabel(tFood.fat).fill('10');
      await form.getByLabel(tFood.carbs).fill('25');
      // 210 kcal in 10 g would be 2,100 kcal per 100 g: refused, saying why.
      await form.getByRole('button', { name: tFood.create }).click();
      await expect(form.getByLabel(tFood.kcal, { exact: true })).toHaveAccessibleDescription(
        /2[\s,.\u00a0\u202f]?100.*900/,
      );
      await form.getByLabel(tFood.servingGrams).fill('45');
      await expect(page.getByTestId('per100-preview')).toContainText(bar[locale].per100);
      await form.getByRole('button', { name: tFood.create }).click();

      // The amount step counts servings of the label's bar.
      await page.getByLabel(t.amount).fill('2');
      await expect(page.getByTestId('entry-preview')).toContainText('420');
      await page.getByRole('button', { name: t.logIt }).click();
      const row = page.getByTestId('meal-snacks').getByTestId('entry-row');
      await expect(row).toContainText(`2 × ${bar[locale].noun}`);
      await expect(row).toContainText('420');
      await expect(page.getByTestId('eaten-kcal')).toContainText('420');

      // Stored per 100 g: the food page shows the figures a label per 100 g would.
      await page.goto('/food');
      await expect(page.getByTestId('food-row').filter({ hasText: bar[locale].name })).toContainText(
        /466[.,]7/,
      );
    },
  );
}
