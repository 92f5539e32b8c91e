import 'server-only';
import { weekdayOf, type Weekday } from '@/lib/diary/dates';
import { localDateTime } from '@/lib/importers/source-dates';
import type { ReminderKind, Reminders } from '@/lib/schemas/push';

/**
 * How late a reminder may still go out: one missed by a restart or a busy minute is sent within
 * the hour, never hours later when it would only puzzle.
 */
export const REMINDER_LATE_MINUTES = 60;

export type DueReminder = { kind: ReminderKind; date: string };

/** Minutes since midnight of a time of day, HH:MM. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** `now` on the wall clock of `timeZone`: the day, its weekday, and the minutes since midnight. */
export function localTime(now: Date, timeZone: string): { date: string; weekday: Weekday; minutes: number } {
  const { date, time } = localDateTime(now, timeZone)!;
  return { date, weekday: weekdayOf(date), minutes: minutesOf(time) };
}

/**
 * The reminders due at `now` in `timeZone`: those of today's weekday whose time has come within
 * the last REMINDER_LATE_MINUTES, each with the local day it is for (which makes it sent once).
 */
export function dueReminders(reminders: Reminders, timeZone: string, now: Date): DueReminder[] {
  const local = localTime(now, timeZone);
  return (Object.entries(reminders) as Array<[ReminderKind, Reminders[ReminderKind]]>).flatMap(
    ([kind, reminder]) => {
      if (!reminder || !reminder.days.includes(local.weekday)) return [];
      const late = local.minutes - minutesOf(reminder.time);
      return late >= 0 && late < REMINDER_LATE_MINUTES ? [{ kind, date: local.date }] : [];
    },
  );
}
