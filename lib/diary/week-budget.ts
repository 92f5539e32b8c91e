import { addDays, dayNumber, weekdayIndex } from './dates';
import { activityCredit } from './activity-kinds';
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
   * The week's goals added up (each written day's own, the goal in force for the others), with
   * the share of its activity that each day's budget takes.
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
  /** `left` spread evenly over them: what each may take to end the week on budget. */
  perDayLeft: number;
  /**
   * The day before today that went furthest over its goal, and what it takes off each day left;
   * null when none went over.
   */
  heaviest: { date: string; over: number; perDayLeft: number } | null;
};

/**
 * The week of `today` as a budget: the sum of its days' goals against what was eaten, and what
 * that leaves for each of its remaining days. `days` are the stats' points of that week (a day
 * not written has no goal of its own and takes `goalInForce(date)`, as it will when it is
 * written: lib/diary/day-rules.ts).
 */
export function weekBudget(
  days: ReadonlyArray<Omit<DayPoint, 'water'>>,
  today: string,
  goalInForce: (date: string) => number,
  /** The settings' share of activity in the budget, in percent (activityCredit). */
  activityShare: number,
): WeekBudget {
  const from = weekStart(today);
  const to = addDays(from, WEEK_DAYS - 1);
  const byDate = new Map(days.map((day) => [day.date, day]));
  let budget = 0;
  let activity = 0;
  let eatenBefore = 0;
  let eatenToday = 0;
  let heaviest: { date: string; over: number } | null = null;
  for (let index = 0; index < WEEK_DAYS; index++) {
    const date = addDays(from, index);
    const day = byDate.get(date);
    // A day's budget as its summary card has it: its goal and what its activity added.
    const credit = activityCredit([{ kcal: day?.activity ?? 0 }], activityShare);
    const goal = (day?.goal ?? goalInForce(date)) + credit;
    budget += goal;
    activity += credit;
    if (!day?.logged) continue;
    if (date < today) {
      eatenBefore += day.kcal;
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
    heaviest: heaviest && {
      ...heaviest,
      over: Math.round(heaviest.over),
      perDayLeft: Math.round(heaviest.over / daysLeft),
    },
  };
}
