import type { Day } from '@/lib/schemas/day';
import type { Settings } from '@/lib/schemas/settings';
import { activityCredit } from './activity-kinds';
import type { DayFigures, MacroTargets } from './day-summary';
import { DEFAULT_ACTIVITY_SHARE, DEFAULT_GOAL_KCAL } from './defaults';
import { goalInForce } from './goal-in-force';
import { sumTotals } from './nutrition';
import { walkedKcal } from './walking';

/**
 * A day's figures as every screen shows them: nothing left to a caller's default. `walked` is what
 * its steps add to its activity (walkedKcal), before the settings' share of it.
 */
export type ShownDayFigures = DayFigures & {
  activity: number;
  walked: number;
  macroTargets: MacroTargets | null;
};

/**
 * What a day shows, and the one place that says it: its totals; its goal, the day's own (kept from
 * when it was first written) or, for a day not written yet, the goal in force on its date; the
 * kcal its activities and, where the settings ask, its steps add to the budget (the settings'
 * share of them); and the user's macro targets. Settings not read yet stand as the defaults. The dashboard (and its summary and
 * activity cards), the MCP day view and an account's first paint read a day through this; the
 * guest's first-paint script and the server's SQL for a new day's goal say the same in their own
 * languages.
 */
export function dayFigures(
  day: Pick<Day, 'entries' | 'goal' | 'activities' | 'weight' | 'details'> | null,
  settings: Settings | null | undefined,
  date: string,
): ShownDayFigures {
  const { goalOn, activityShare } = budgetRules(settings);
  const walked = walkedKcal(day, settings);
  return {
    ...sumTotals(day?.entries ?? []),
    goal: day?.goal ?? goalOn(date),
    activity: activityCredit([...(day?.activities ?? []), { kcal: walked }], activityShare),
    walked,
    macroTargets: settings?.macroTargets ?? null,
  };
}

export type BudgetRules = {
  /** The goal of a day not written yet. */
  goalOn: (date: string) => number;
  /** The settings' share of activity in the budget, in percent (activityCredit). */
  activityShare: number;
};

/**
 * What makes a day's budget beyond what the day holds, for a reader of many days (the week's
 * budget): the goal of a day not written yet (the goal in force on its date) and the settings'
 * share of activity. Settings not read yet stand as the defaults.
 */
export function budgetRules(settings: Settings | null | undefined): BudgetRules {
  return {
    goalOn: (date) => (settings ? goalInForce(settings, date) : DEFAULT_GOAL_KCAL),
    activityShare: settings?.activityShare ?? DEFAULT_ACTIVITY_SHARE,
  };
}
