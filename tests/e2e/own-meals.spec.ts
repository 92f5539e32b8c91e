// Meals of one's own (issue 52): a полдник added in the settings, put before the snacks, the
// snacks hidden; the day shows the meals in that order and logs into the new one, which stays
// after a reload and (an account) on the server. A guest in English on the desktop; an account in
// Russian on the phone.
import { expect, test } from './fixtures';
import { fill, localDate, messages, onScreenOf, startDiary } from './helpers';
import type { Day } from '@/lib/schemas/day';
import type { Settings } from '@/lib/schemas/settings';

const OWN_MEAL = { en: 'Afternoon tea', ru: 'Полдник' } as const;

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: a meal of one's own is added, ordered, and logged into`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale];
      const own = OWN_MEAL[locale];
      await startDiary(context, mode, locale);

      await page.goto('/settings');
      const card = page.getByTestId('meal-settings');
      const newMeal = card.getByRole('textbox', { name: t.settings.meals.newMeal });
      // A name is needed; past 40 characters the field stops and says so.
      await card.getByRole('button', { name: t.settings.meals.add }).click();
      await expect(card.getByText(t.settings.meals.nameRequired)).toBeVisible();
      await newMeal.fill('x'.repeat(60));
      await expect(newMeal).toHaveValue('x'.repeat(40));
      await newMeal.fill(own);
      await card.getByRole('button', { name: t.settings.meals.add }).click();
      const row = card.getByTestId('meal-setting-meal5');
      await expect(row.getByRole('textbox')).toHaveValue(own);
      await expect(newMeal).toHaveValue('');

      // Before the snacks, and the snacks hidden.
      await row.getByRole('button', { name: fill(t.settings.meals.moveUp, { meal: own }) }).click();
      const snacks = t.diary.meals.snacks;
      await card.getByRole('button', { name: fill(t.settings.meals.hide, { meal: snacks }) }).click();
      await expect(
        card.getByRole('button', { name: fill(t.settings.meals.show, { meal: snacks }) }),
      ).toHaveAttribute('aria-pressed', 'true');
      const order = ['breakfast', 'lunch', 'dinner', 'meal5', 'snacks'];
      await expect
        .poll(
          async () =>
            await card
              .locator('[data-testid^="meal-setting-"]')
              .evaluateAll((rows) =>
                rows.map((item) => item.getAttribute('data-testid')!.replace('meal-setting-', '')),
              ),
        )
        .toEqual(order);
      if (mode === 'account')
        await expect
          .poll(async () => ((await (await context.request.get('/api/settings')).json()) as Settings).meals)
          .toEqual(order.map((id) => ({ id, name: id === 'meal5' ? own : null, hidden: id === 'snacks' })));

      // The day: the four meals shown in that order, the snacks out of sight.
      await page.goto('/dashboard');
      const sections = page.locator('section[data-testid^="meal-"]');
      await expect
        .poll(() => sections.evaluateAll((all) => all.map((section) => section.getAttribute('data-testid'))))
        .toEqual(['meal-breakfast', 'meal-lunch', 'meal-dinner', 'meal-meal5']);
      await expect(page.getByRole('heading', { name: own })).toBeVisible();

      // Logged into the new meal, by a quick add.
      await page.getByRole('button', { name: fill(t.diary.addTo, { meal: own }) }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: fill(t.diary.addTo, { meal: own }) })).toBeVisible();
      await dialog.getByRole('button', { name: t.diary.quickAdd }).click();
      await page.getByRole('textbox', { name: t.diary.kcalShort, exact: true }).fill('180');
      await page.getByRole('button', { name: t.diary.logIt }).click();
      await expect(page.getByTestId('eaten-kcal')).toContainText('180');
      const section = page.getByTestId('meal-meal5');
      await expect(section.getByTestId('entry-row')).toHaveCount(1);

      if (mode === 'account')
        await expect
          .poll(async () =>
            (
              ((await (await context.request.get(`/api/days/${localDate()}`)).json()) as Day).entries ?? []
            ).map((entry) => entry.meal),
          )
          .toEqual(['meal5']);
      await page.reload();
      await expect(page.getByTestId('meal-meal5').getByTestId('entry-row')).toHaveCount(1);
      await expect(page.getByTestId('meal-snacks')).toHaveCount(0);
    },
  );
