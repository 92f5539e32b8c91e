import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeekBudgetCard } from '@/components/stats/week-budget-card';
import { loadRepository } from '@/lib/data';
import { addDays, weekdayIndex } from '@/lib/diary/dates';
import { DEFAULT_ACTIVITY_SHARE, DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import { weekBudget, weekStart } from '@/lib/diary/week-budget';
import { entry } from '../support/fixtures';
import { renderInDiary } from './render';

// This week's budget card on every weekday a user may open it (the e2e tier meets only the day
// its run falls on): the week's goals added up against what was eaten, what each day left may
// take, and the days before today with nothing logged left out. Each weekday in a week of its own,
// so what an earlier test logged lies outside it.

/** The seven weekdays, Monday first, each in its own week of 2026. */
const TODAYS = Array.from({ length: 7 }, (_, index) => addDays('2026-03-02', index * 8));

/** The numbers of a text, its thousands separators read away. */
const numbersIn = (text: string) =>
  (text.replace(/(\d)[,\s\u00a0\u202f](?=\d{3})/g, '$1').match(/\d+/g) ?? []).map(Number);

async function log(date: string, kcal: number): Promise<void> {
  const at = `${date}T12:00:00.000Z`;
  const quickAdd = entry({ kcal, amount: kcal, unit: 'kcal', grams: null, loggedAt: at, updatedAt: at });
  await (await loadRepository()).changeDay(date, { kind: 'putEntry', entry: quickAdd });
}

const figure = async (testId: string) => numbersIn((await screen.findByTestId(testId)).textContent ?? '');

describe.each(TODAYS.map((today) => [weekdayIndex(today), today] as const))(
  'the week budget card on weekday %i (%s)',
  (weekday, today) => {
    it('adds up the week’s goals against what was eaten, and shares what is left among the days left', async () => {
      const days = [];
      for (let date = weekStart(today); date <= today; date = addDays(date, 1)) {
        const kcal = date === addDays(today, -1) ? 2900 : 1800;
        await log(date, kcal);
        days.push({ date, kcal, goal: DEFAULT_GOAL_KCAL, logged: true, activity: 0 });
      }
      const expected = weekBudget(days, today, {
        goalOn: () => DEFAULT_GOAL_KCAL,
        activityShare: DEFAULT_ACTIVITY_SHARE,
      });
      renderInDiary(<WeekBudgetCard today={today} />);
      await waitFor(async () => expect(await figure('week-budget')).toEqual([expected.budget]));
      expect(await figure('week-eaten')).toEqual([expected.eatenBefore + expected.eatenToday]);
      expect(await figure('week-left')).toEqual([expected.left]);
      expect(await figure('week-per-day')).toEqual([
        expected.perDayLeft,
        ...(expected.daysLeft > 1 ? [expected.daysLeft] : []),
      ]);
      // From Tuesday on, Monday..yesterday were logged, yesterday 900 over: the advice says so.
      if (weekday > 0) expect(screen.getByTestId('week-so-far').textContent).toMatch(/\d/);
      else expect(screen.queryByTestId('week-so-far')).toBeNull();
      expect(screen.queryByTestId('week-unlogged')).toBeNull();
    });

    it('leaves the days before today with nothing logged out of the week, and says so', async () => {
      await log(today, 300);
      renderInDiary(<WeekBudgetCard today={today} />);
      const daysLeft = 7 - weekday;
      await waitFor(async () => expect(await figure('week-budget')).toEqual([daysLeft * DEFAULT_GOAL_KCAL]));
      // Today may take its own goal, not the goals of the days not written down.
      expect(await figure('week-per-day')).toEqual([DEFAULT_GOAL_KCAL, ...(daysLeft > 1 ? [daysLeft] : [])]);
      if (weekday > 0)
        expect(screen.getByTestId('week-unlogged').textContent).toMatch(
          new RegExp(`^${weekday} earlier day`),
        );
      else expect(screen.queryByTestId('week-unlogged')).toBeNull();
      expect(screen.queryByTestId('week-so-far')).toBeNull();
    });
  },
);
