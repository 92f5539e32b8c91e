import type { Settings } from '@/lib/schemas/settings';
import { weekdayOf, weekdays, type Weekday } from './dates';

/*
 * Which goal a day takes when it is first written. Apart from the day rules (which need zod), so
 * the dashboard and the stats ask it without loading a schema.
 */

/** What the goal in force needs of the settings: the daily goal and the weekdays' own. */
export type GoalSettings = Pick<Settings, 'currentGoal'> & Partial<Pick<Settings, 'weekdayGoals'>>;

/**
 * The goal in force on `date` for a day not yet written: its weekday's own goal where one is set
 * (a training day's, a weekend's), else the daily goal. The server's one-statement entry write
 * (GOAL_IN_FORCE_SQL in lib/server/db/days.ts) and the first-paint script say the same.
 */
export function goalInForce(settings: GoalSettings, date: string): number {
  return settings.weekdayGoals?.[weekdayOf(date)] ?? settings.currentGoal;
}

/** Weekday goals in the week's order, Monday first (jsonb keeps its own key order). */
export function orderedWeekdayGoals(goals: GoalSettings['weekdayGoals']): Partial<Record<Weekday, number>> {
  return Object.fromEntries(
    weekdays.flatMap((day) => (goals?.[day] === undefined ? [] : [[day, goals[day]]])),
  );
}
