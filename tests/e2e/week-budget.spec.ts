// This week as a budget on the stats page: its goals added up, what was eaten, what each day
// left may take, and what the days so far left or took off them. A guest in English on the
// desktop and an account in Russian on the phone, on the weekday the run falls on; every weekday,
// and the days before today with nothing logged, are the component tier's
// (tests/components/week-budget-card.test.tsx).
import { expect, test } from './fixtures';
import { localDate, messages, onScreenOf, startDiary } from './helpers';
import { numbersIn, quickAddDay, seedDays } from './seed-days';
import { addDays } from '@/lib/diary/dates';
import { DEFAULT_ACTIVITY_SHARE, DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import { weekBudget, weekStart } from '@/lib/diary/week-budget';
import type { Day } from '@/lib/schemas/day';

/** The week's days up to today, each with one quick add; the day before today 900 kcal over. */
function thisWeek(today: string): Day[] {
  const days: Day[] = [];
  for (let date = weekStart(today); date <= today; date = addDays(date, 1))
    days.push(quickAddDay(date, date === addDays(today, -1) ? 2900 : 1800, 2000));
  return days;
}

for (const [mode, locale] of [
  ['guest', 'en'],
  ['account', 'ru'],
] as const)
  test(
    `${mode}, ${locale}: this week's budget, what each day left may take, and the heavy day's share`,
    onScreenOf(locale),
    async ({ page, context }) => {
      const t = messages[locale].stats.weekBudget;
      await startDiary(context, mode, locale);
      const today = localDate();
      const days = thisWeek(today);
      await seedDays(context, mode, locale, days, DEFAULT_GOAL_KCAL);
      const expected = weekBudget(
        days.map((day) => ({
          date: day.date,
          kcal: day.entries[0]!.kcal,
          goal: day.goal,
          logged: true,
          activity: 0,
        })),
        today,
        { goalOn: () => DEFAULT_GOAL_KCAL, activityShare: DEFAULT_ACTIVITY_SHARE },
      );

      await page.goto('/stats');
      const card = page.getByTestId('week-card');
      await expect(card.getByRole('heading', { name: t.title })).toBeVisible();
      await expect(card.getByTestId('week-budget')).toBeVisible();
      expect(numbersIn(await card.getByTestId('week-budget').innerText())).toEqual([expected.budget]);
      expect(numbersIn(await card.getByTestId('week-eaten').innerText())).toEqual([
        expected.eatenBefore + expected.eatenToday,
      ]);
      expect(numbersIn(await card.getByTestId('week-left').innerText())).toEqual([expected.left]);
      expect(numbersIn(await card.getByTestId('week-per-day').innerText())).toEqual([
        expected.perDayLeft,
        ...(expected.daysLeft > 1 ? [expected.daysLeft] : []),
      ]);
      const soFar = card.getByTestId('week-so-far');
      if (expected.soFar && expected.soFar.balance !== 0) {
        // The advice and "Left" say the same thing: the days so far's balance, shared by the days left.
        const each = Math.abs(expected.soFar.perDayLeft);
        const figures = [
          Math.abs(expected.soFar.balance),
          each,
          ...(expected.daysLeft > 1 ? [expected.daysLeft] : []),
        ];
        const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
        expect(sorted(numbersIn(await soFar.innerText()))).toEqual(sorted(figures));
        // Today's own goal (2,000) and the goal in force for the days after it, plus that share.
        const ahead = 2000 + DEFAULT_GOAL_KCAL * (expected.daysLeft - 1);
        expect(
          Math.abs(expected.perDayLeft - (ahead / expected.daysLeft + expected.soFar.perDayLeft)),
        ).toBeLessThanOrEqual(1);
      } else await expect(soFar).toHaveCount(0);
      // Every day from Monday is logged: none is left out.
      await expect(card.getByTestId('week-unlogged')).toHaveCount(0);
    },
  );
