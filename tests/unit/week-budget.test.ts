import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/diary/dates';
import { weekBudget, weekStart } from '@/lib/diary/week-budget';
import type { DayPoint } from '@/lib/diary/stats';
import { goalInForce } from '@/lib/diary/goal-in-force';
import { propertyRuns } from '../support/arbitraries';

// Thursday 26 November 2026; its week runs Monday the 23rd to Sunday the 29th.
const TODAY = '2026-11-26';
const day = (
  date: string,
  kcal: number,
  goal: number | null = 2000,
  activity = 0,
): Pick<DayPoint, 'date' | 'kcal' | 'goal' | 'logged' | 'activity'> => ({
  date,
  kcal,
  goal,
  logged: kcal > 0,
  activity,
});

describe('the week as a budget', () => {
  it('starts on Monday', () => {
    expect(weekStart('2026-11-26')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekStart('2026-11-30')).toBe('2026-11-30');
    expect(weekStart('1970-01-01')).toBe('1969-12-29');
  });

  it("adds the days' goals, and spreads what is left over today and the days after it", () => {
    const days = [day('2026-11-23', 2100), day('2026-11-24', 1900), day('2026-11-25', 2800), day(TODAY, 600)];
    // Friday to Sunday are not written yet: the goal in force (2,200) stands in for them.
    const week = weekBudget(days, TODAY, { goalOn: () => 2200, activityShare: 100 });
    expect(week).toMatchObject({ from: '2026-11-23', to: '2026-11-29', budget: 4 * 2000 + 3 * 2200 });
    expect(week).toMatchObject({ eatenBefore: 6800, eatenToday: 600, daysLeft: 4 });
    expect(week.left).toBe(14_600 - 7400);
    // From today on: (14,600 − 6,800) / 4.
    expect(week.perDayLeft).toBe(1950);
    // The three days so far went 800 over in all (Wednesday most): 200 off each of the four left.
    expect(week.soFar).toEqual({ days: 3, balance: -800, perDayLeft: -200, heaviest: '2026-11-25' });
  });

  it('leaves a day before today with nothing logged out of the week, and says how many', () => {
    const week = weekBudget([day('2026-11-23', 1500), day('2026-11-24', 0, 2000)], TODAY, {
      goalOn: () => 2000,
      activityShare: 100,
    });
    // Tuesday and Wednesday are not written down: neither their goals nor "nothing eaten" count.
    expect(week).toMatchObject({ unlogged: 2, budget: 5 * 2000, eatenBefore: 1500, left: 8500 });
    expect(week.soFar).toEqual({ days: 1, balance: 500, perDayLeft: 125, heaviest: null });
    expect(week.perDayLeft).toBe(2125);
  });

  it('a guest who logged only Sunday is offered Sunday’s goal, not the week’s', () => {
    // Found from outside: "74,438 kJ today: the last day of the week" (seven days' goals).
    const week = weekBudget([day('2026-11-29', 300, null)], '2026-11-29', {
      goalOn: () => 2500,
      activityShare: 100,
    });
    expect(week).toMatchObject({ unlogged: 6, budget: 2500, perDayLeft: 2500, left: 2200, soFar: null });
  });

  it('gives advice that agrees with what is left: a week under its goals is not told to eat less', () => {
    // Found from outside: Left 2,117 on a 2,000 day, and "Wednesday went 550 over: 550 less for
    // the 1 day left" under it. Wednesday's 550 over is outweighed by the other days' 667 under.
    const sunday = '2026-11-29';
    const kcal = [1800, 1900, 2550, 1850, 1900, 1883];
    const days = kcal.map((eaten, index) => day(addDays('2026-11-23', index), eaten));
    const week = weekBudget(days, sunday, { goalOn: () => 2000, activityShare: 100 });
    expect(week.left).toBe(2117);
    expect(week.soFar).toEqual({ days: 6, balance: 117, perDayLeft: 117, heaviest: null });
    // What today may take is its goal and what the days so far left: the same 2,117.
    expect(week.perDayLeft).toBe(2000 + week.soFar!.perDayLeft);
  });

  it('ends on its last day: Sunday has only itself left', () => {
    const week = weekBudget([day('2026-11-28', 2000), day('2026-11-29', 500)], '2026-11-29', {
      goalOn: () => 2000,
      activityShare: 100,
    });
    expect(week).toMatchObject({ daysLeft: 1, eatenToday: 500, left: 1500, perDayLeft: 2000, unlogged: 5 });
  });

  it("takes each unwritten day's own goal in force: a weekday's goal where one is set", () => {
    const settings = { currentGoal: 2000, weekdayGoals: { sat: 2600, sun: 2600 } };
    const week = weekBudget([day('2026-11-23', 1900, 2100)], TODAY, {
      goalOn: (date) => goalInForce(settings, date),
      activityShare: 100,
    });
    // Monday's own 2,100, Thursday and Friday at 2,000, the weekend at 2,600 each (Tuesday and
    // Wednesday, not logged, are left out).
    expect(week.budget).toBe(2100 + 2 * 2000 + 2 * 2600);
  });

  it('adds the share of each day’s activity the settings give, as the day’s card does', () => {
    const days = [
      day('2026-11-23', 2300, 2000, 401),
      day('2026-11-24', 1800, 2000, 0),
      day('2026-11-25', 2000, 2000, 0),
      day(TODAY, 0, 2000, 300),
    ];
    expect(weekBudget(days, TODAY, { goalOn: () => 2000, activityShare: 100 }).budget).toBe(
      7 * 2000 + 401 + 300,
    );
    // Half of it, rounded per day as activityCredit does (200.5 to 201).
    expect(weekBudget(days, TODAY, { goalOn: () => 2000, activityShare: 50 })).toMatchObject({
      budget: 7 * 2000 + 201 + 150,
      activity: 351,
    });
    const none = weekBudget(days, TODAY, { goalOn: () => 2000, activityShare: 0 });
    expect(none.budget).toBe(7 * 2000);
    // Monday went 300 over its goal and Tuesday 200 under: 100 over, Monday the heaviest...
    expect(none.soFar).toMatchObject({ balance: -100, heaviest: '2026-11-23' });
    // ...but not over its budget once its run is counted.
    expect(weekBudget(days, TODAY, { goalOn: () => 2000, activityShare: 100 }).soFar).toMatchObject({
      balance: 301,
      heaviest: null,
    });
  });

  it('always balances: what is left and what was eaten make the budget, and the advice agrees', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 6000 }), { minLength: 7, maxLength: 7 }),
        fc.array(fc.integer({ min: 500, max: 10_000 }), { minLength: 7, maxLength: 7 }),
        (offset, eaten, goals) => {
          const today = addDays('2026-11-23', offset);
          const days = eaten.map((kcal, index) =>
            day(addDays('2026-11-23', index), index <= offset ? kcal : 0, goals[index]!),
          );
          const week = weekBudget(days, today, { goalOn: () => 2000, activityShare: 100 });
          const counted = goals.filter((_, index) => index >= offset || eaten[index]! > 0);
          expect(week.budget).toBe(counted.reduce((sum, goal) => sum + goal, 0));
          expect(week.unlogged).toBe(7 - counted.length);
          expect(week.left + week.eatenBefore + week.eatenToday).toBe(week.budget);
          expect(week.daysLeft).toBe(7 - offset);
          // The days left's own goals and the share of what the days so far left or took.
          const ahead = goals.slice(offset).reduce((sum, goal) => sum + goal, 0);
          expect(
            Math.abs(week.perDayLeft - (ahead / week.daysLeft + (week.soFar?.perDayLeft ?? 0))),
          ).toBeLessThanOrEqual(1);
          if (week.soFar) expect(week.soFar.heaviest === null || week.soFar.balance < 0).toBe(true);
        },
      ),
      propertyRuns,
    );
  });
});
