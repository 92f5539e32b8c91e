// Calm mode: turned on in settings, no energy figure and no budget on any page of the diary, in
// light and dark, while meals and portions stay and the stats show habits; turned off, the
// figures come back. A guest in English on the desktop; an account in Russian on the phone.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fill, isDark, localDate, messages, onScreenOf, startDiary } from './helpers';
import { quickAddDay, seedDays } from './seed-days';
import { activityKcal } from '@/lib/diary/activity-kinds';
import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import type { Meal } from '@/lib/schemas/common';

/** Every energy unit's name in either language: none may show in calm mode. */
const ENERGY = new RegExp(
  [...new Set(Object.values(messages).flatMap((m) => [m.units.names.kcal, m.units.names.kj]))].join('|'),
  'i',
);

/** An entry of a catalog food, by weight. */
function catalogEntry(date: string, meal: Meal, slug: string, grams: number, kcalPer100: number): Entry {
  const at = `${date}T09:00:00.000Z`;
  return {
    id: crypto.randomUUID(),
    meal,
    food: `c:${slug}`,
    name: slug,
    amount: grams,
    unit: 'g',
    grams,
    kcal: Math.round((kcalPer100 * grams) / 100),
    protein: 1,
    fat: 0.5,
    carbs: 20,
    loggedAt: at,
    updatedAt: at,
  };
}

/**
 * Three days of this week: today breakfast (a banana), lunch (a quick add) and dinner (broccoli)
 * with a run; yesterday breakfast (porridge) and snacks (a banana); three days ago a quick-add
 * lunch. Fruit and vegetables on two of the three days, three entries; two quick adds unknown.
 */
function week(): Day[] {
  const today = localDate();
  const yesterday = localDate(-1);
  const todayDay = quickAddDay(today, 600, DEFAULT_GOAL_KCAL, 70, 500);
  todayDay.entries.push(
    catalogEntry(today, 'breakfast', 'banana', 120, 89),
    catalogEntry(today, 'dinner', 'broccoli-boiled', 150, 35),
  );
  todayDay.activities = [
    {
      id: crypto.randomUUID(),
      kind: 'runningModerate',
      minutes: 30,
      kcal: activityKcal('runningModerate', 30, 70),
      loggedAt: `${today}T07:00:00.000Z`,
    },
  ];
  const yesterdayDay = quickAddDay(yesterday, 1, DEFAULT_GOAL_KCAL);
  yesterdayDay.entries = [
    catalogEntry(yesterday, 'breakfast', 'oatmeal-water', 250, 71),
    catalogEntry(yesterday, 'snacks', 'banana', 120, 89),
  ];
  return [quickAddDay(localDate(-3), 700, DEFAULT_GOAL_KCAL), yesterdayDay, todayDay];
}

/** The page's main content once it has loaded: it holds no energy unit. */
async function expectNoEnergy(page: Page) {
  await expect(page.locator('main')).not.toHaveText(ENERGY);
}

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: calm mode hides every energy figure on every page, in both themes`,
    onScreenOf(locale),
    async ({ page, context }) => {
      test.setTimeout(120_000);
      const t = messages[locale];
      await startDiary(context, mode, locale);
      await seedDays(context, mode, locale, week(), DEFAULT_GOAL_KCAL);
      // Whether the guest's first paint wrote the day's figures into the summary card.
      await context.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const card = document.querySelector('[data-first-paint="card"]');
          (window as unknown as { __painted: string }).__painted =
            card?.getAttribute('data-painted') ?? 'none';
        });
      });
      const painted = () => page.evaluate(() => (window as unknown as { __painted: string }).__painted);

      await page.goto('/settings');
      const calmSwitch = page.getByRole('switch', { name: t.pages.settings.calmMode });
      await expect(calmSwitch).toHaveAttribute('aria-checked', 'false');
      await expect(page.getByTestId('goal-settings')).toContainText(t.settings.calculator);
      await calmSwitch.click();
      await expect(calmSwitch).toHaveAttribute('aria-checked', 'true');
      // The goal and its calculator go with it.
      await expect(page.getByTestId('goal-settings')).not.toContainText(t.settings.calculator);
      if (mode === 'account')
        await expect
          .poll(async () => (await (await context.request.get('/api/settings')).json()).calmMode)
          .toBe(true);

      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });

        await page.goto('/dashboard');
        await expect(page.getByTestId('calm-meals-logged')).toHaveText(
          fill(t.diary.calm.mealsLoggedValue, { count: 3, total: 4 }),
        );
        expect(await isDark(page)).toBe(theme === 'dark');
        if (mode === 'guest') expect(await painted()).not.toBe('true');
        // Meals and portions stay; the activity reads as minutes.
        await expect(page.getByTestId('entry-row')).toHaveCount(3);
        await expect(page.getByTestId('meal-breakfast')).toContainText(fill(t.units.g, { value: 120 }));
        await expect(page.getByTestId('day-activity')).toHaveText(
          fill(t.diary.activities.minutesTotal, { minutes: 30 }),
        );
        await expect(page.getByTestId('remaining-kcal')).toHaveCount(0);
        await expectNoEnergy(page);
        if (theme === 'light') {
          // The add dialog's results and preview, and an entry's sheet, say no energy either.
          await page
            .getByRole('button', { name: fill(t.diary.addTo, { meal: t.diary.meals.snacks }) })
            .click();
          const dialog = page.getByRole('dialog');
          await page.getByPlaceholder(t.diary.searchPlaceholder).fill(locale === 'en' ? 'banana' : 'банан');
          await expect(page.getByRole('option').first()).toBeVisible();
          await expect(dialog).not.toHaveText(ENERGY);
          await page.getByRole('option').first().click();
          await dialog.getByLabel(t.diary.amount, { exact: true }).fill('100');
          await expect(dialog.getByTestId('entry-preview')).toContainText(t.diary.previewCalm.split(' ')[0]!);
          await expect(dialog).not.toHaveText(ENERGY);
          await page.keyboard.press('Escape');
          await expect(dialog).toHaveCount(0);
          await page
            .getByTestId('meal-dinner')
            .getByRole('button', { name: new RegExp(`^${t.diary.editEntry}`) })
            .click();
          const sheet = page.getByRole('dialog', { name: t.diary.editEntry });
          await expect(sheet.getByTestId('entry-preview')).toBeVisible();
          await expect(sheet).not.toHaveText(ENERGY);
          await page.keyboard.press('Escape');
          await expect(sheet).toHaveCount(0);
        }

        await page.goto('/food');
        await page.getByRole('radio', { name: t.food.categories.produce }).click();
        await expect(page.getByTestId('catalog-row').first()).toBeVisible();
        await expectNoEnergy(page);

        await page.goto('/stats');
        await expect(page.getByTestId('stat-days-logged')).toHaveText(
          fill(t.stats.habits.ofValue, { count: 3, total: 7 }),
        );
        await expect(page.getByTestId('meal-habit-breakfast')).toContainText(
          fill(t.stats.habits.ofValue, { count: 2, total: 3 }),
        );
        await expect(page.getByTestId('produce-days')).toContainText(
          fill(t.stats.habits.ofValue, { count: 2, total: 3 }),
        );
        await expect(page.getByTestId('produce-unknown')).toBeVisible();
        await expect(page.getByTestId('stat-meals-per-day')).toHaveText('2');
        await expect(page.getByTestId('week-card')).toHaveCount(0);
        await expectNoEnergy(page);

        await page.goto('/report');
        await expect(page.getByTestId('report-calm-note')).toBeVisible();
        await expect(page.getByTestId('report-day').first()).toBeVisible();
        await expectNoEnergy(page);

        await page.goto('/settings');
        await expect(calmSwitch).toHaveAttribute('aria-checked', 'true');
        await expectNoEnergy(page);
      }

      // Off again: the figures and the budget come back.
      await calmSwitch.click();
      // The goal's form loads back in with it, which may take a moment on a busy machine.
      await expect(calmSwitch).toHaveAttribute('aria-checked', 'false', { timeout: 15_000 });
      if (mode === 'account')
        await expect
          .poll(async () => (await (await context.request.get('/api/settings')).json()).calmMode)
          .toBe(false);
      await page.goto('/dashboard');
      await expect(page.getByTestId('remaining-kcal')).toBeVisible();
      if (mode === 'guest') expect(await painted()).toBe('true');
      await expect(page.locator('main')).toHaveText(ENERGY);
      await page.goto('/stats');
      await expect(page.getByTestId('stat-average')).toHaveText(ENERGY);
    },
  );
