// A day's steps (issue 52): typed on the diary against the day's goal, kept after a reload and
// (an account) on the server, charted on the stats page against the goal the settings hold. A
// guest in English on the desktop; an account in Russian on the phone.
import { expect, test } from './fixtures';
import { fill, localDate, messages, numberText, onScreenOf, startDiary } from './helpers';
import { numbersIn } from './seed-days';
import type { Day } from '@/lib/schemas/day';
import type { Settings } from '@/lib/schemas/settings';

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: a day's steps are typed, kept, and charted against the goal`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale];
      await startDiary(context, mode, locale);

      // A goal of the user's own, in the settings.
      await page.goto('/settings');
      const goal = page.getByLabel(t.settings.steps.stepsGoal);
      await goal.fill('8000');
      await goal.press('Enter');
      await expect(goal).toHaveValue('8000');
      // The walking of the steps in the day's budget, the formula named beside the switch.
      const inBudget = page.getByRole('switch', { name: t.settings.steps.inBudget });
      await inBudget.click();
      await expect(inBudget).toBeChecked();
      await expect(page.getByTestId('steps-in-budget-example')).toHaveText(t.settings.steps.inBudgetNoWeight);
      if (mode === 'account')
        await expect
          .poll(
            async () =>
              ((await (await context.request.get('/api/settings')).json()) as Settings).stepsInBudget,
          )
          .toBe(true);

      await page.goto('/dashboard');
      const card = page.getByTestId('steps-card');
      await expect(card.getByTestId('day-steps')).toHaveText(t.diary.steps.none);
      await expect(card.getByTestId('steps-goal')).toHaveText(
        fill(t.diary.steps.goal, { goal: numberText(locale, 8000) }),
      );
      const field = card.getByRole('textbox', { name: t.diary.steps.type });
      // Nonsense is kept in the field with what to change, and nothing is saved.
      await field.fill('lots');
      await field.press('Enter');
      await expect(card.getByRole('alert')).toHaveText(t.diary.steps.notCount);
      await field.fill('9 500');
      await field.press('Enter');
      await expect(card.getByRole('alert')).toBeHidden();
      await expect(card.getByTestId('day-steps')).toContainText(numberText(locale, 9500));
      await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '8000');
      // No weight yet: the steps add nothing. Weighed 80 kg, 9,500 steps of 0.7 m (no height set)
      // are 6.65 km, 266 kcal above resting, all of it in the budget at the default share.
      const activity = page.getByTestId('activity-card');
      await expect(activity.getByTestId('activity-summary')).toHaveText(t.diary.activities.none);
      await page.getByRole('button', { name: t.diary.logWeight }).click();
      await page.getByRole('dialog').getByRole('textbox').fill('80');
      await page.getByRole('dialog').getByRole('textbox').press('Enter');
      await expect(activity.getByTestId('day-activity')).toHaveText(
        locale === 'ru' ? '266 ккал' : '266 kcal',
      );
      await expect(activity.getByTestId('activity-summary')).toContainText(
        locale === 'ru' ? 'Шаги' : 'Steps',
      );
      await expect(page.getByTestId('activity-kcal')).toContainText('266');

      // Written (the card shows the figure as soon as it is asked for): in the browser, and for an
      // account on the server once the outbox has sent it.
      if (mode === 'account')
        await expect
          .poll(
            async () =>
              ((await (await context.request.get(`/api/days/${localDate()}`)).json()) as Day).details,
          )
          .toEqual({ steps: 9500 });
      else
        await expect
          .poll(() => page.evaluate((date) => localStorage.getItem(`dashboard-${date}`), localDate()))
          .toContain('"steps":9500');
      await page.reload();
      await expect(page.getByTestId('steps-card').getByTestId('day-steps')).toContainText(
        numberText(locale, 9500),
      );

      // The stats: 9,500 steps a day on 1 of the week's 7 days, and it reached the 8,000 goal.
      await page.goto('/stats');
      const stats = page.getByTestId('steps-stats');
      await expect(stats.getByRole('heading', { name: t.stats.steps.title })).toBeVisible();
      await expect
        .poll(async () => numbersIn(await stats.getByTestId('steps-average').innerText()))
        .toEqual([9500, 1, 7, 1]);
    },
  );
