import { addDays, dayNumber, weekdayIndex } from './dates';
import { activityCredit } from './activity-kinds';
import type { BudgetRules } from './day-figures';
import type { DayPoint } from './stats';

/** Days of a week: it starts on Monday (ISO 8601), as in Russia and most of Europe. */
export const WEEK_DAYS = 7;

/** The Monday of the week holding `date`. */
export function weekStart(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

export type WeekBudget = {
  from: string;
  to: string;
  /**
   * The goals of the days the week counts, added up (each written day's own, the goal in force
   * for the others), with the share of its activity that each day's budget takes. A day before
   * today with nothing logged is not counted: see `unlogged`.
   */
  budget: number;
  /** What activity added to the budget: the days' shares of it. */
  activity: number;
  /** kcal eaten on the days before today. */
  eatenBefore: number;
  /** kcal eaten today so far. */
  eatenToday: number;
  /** What is left of the budget for today and the days after it (negative: over). */
  left: number;
  /** Today and the days after it in the week. */
  daysLeft: number;
  /** `left` and today's kcal, spread evenly over the days left: what each may take to end the week on budget. */
  perDayLeft: number;
  /**
   * Days before today with nothing logged. An unlogged day is a day not written down, not a day
   * of eating nothing: counting its goal as saved would hand its whole budget to the days left
   * (a guest who logged only Sunday was offered a week's kcal for it). It leaves the week.
   */
  unlogged: number;
  /**
   * The logged days before today against their goals: `balance` is what they left unspent
   * (negative: what they went over), `perDayLeft` its share for each day left: the difference
   * between `perDayLeft` and a day's own goal. `heaviest` is the day that went furthest over,
   * named only when the days so far went over in all. Null before any day is logged.
   */
  soFar: { days: number; balance: number; perDayLeft: number; heaviest: string | null } | null;
};

/**
 * The week of `today` as a budget: the sum of its days' goals against what was eaten, and what
 * that leaves for each of its remaining days. `days` are the stats' points of that week (a day
 * not written has no goal of its own and takes `goalOn(date)`, the goal in force, as it will when
 * it is written: lib/diary/day-rules.ts). `rules` come from budgetRules (lib/diary/day-figures.ts).
 */
export function weekBudget(
  days: ReadonlyArray<Pick<DayPoint, 'date' | 'kcal' | 'goal' | 'logged' | 'activity'>>,
  today: string,
  { goalOn, activityShare }: BudgetRules,
): WeekBudget {
  const from = weekStart(today);
  const to = addDays(from, WEEK_DAYS - 1);
  const byDate = new Map(days.map((day) => [day.date, day]));
  let budget = 0;
  let activity = 0;
  let eatenBefore = 0;
  let eatenToday = 0;
  let unlogged = 0;
  let loggedBefore = 0;
  let balance = 0;
  let heaviest: { date: string; over: number } | null = null;
  for (let index = 0; index < WEEK_DAYS; index++) {
    const date = addDays(from, index);
    const day = byDate.get(date);
    if (date < today && !day?.logged) {
      unlogged++;
      continue;
    }
    // A day's budget as its summary card has it: its goal and what its activity added.
    const credit = activityCredit([{ kcal: day?.activity ?? 0 }], activityShare);
    const goal = (day?.goal ?? goalOn(date)) + credit;
    budget += goal;
    activity += credit;
    if (!day?.logged) continue;
    if (date < today) {
      eatenBefore += day.kcal;
      loggedBefore++;
      balance += goal - day.kcal;
      const over = day.kcal - goal;
      if (over > 0 && (heaviest === null || over > heaviest.over)) heaviest = { date, over };
    } else if (date === today) eatenToday = day.kcal;
  }
  const daysLeft = dayNumber(to) - dayNumber(today) + 1;
  const left = budget - eatenBefore - eatenToday;
  return {
    from,
    to,
    budget: Math.round(budget),
    activity,
    eatenBefore: Math.round(eatenBefore),
    eatenToday: Math.round(eatenToday),
    left: Math.round(left),
    daysLeft,
    // Today counts whole, what it has eaten included: the days before it are what is settled.
    perDayLeft: Math.round((budget - eatenBefore) / daysLeft),
    unlogged,
    soFar:
      loggedBefore === 0
        ? null
        : {
            days: loggedBefore,
            balance: Math.round(balance),
            perDayLeft: Math.round(balance / daysLeft),
            heaviest: balance < 0 && heaviest ? heaviest.date : null,
          },
  };
}
