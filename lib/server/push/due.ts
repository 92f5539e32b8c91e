import 'server-only';
import { weekdayOf, type Weekday } from '@/lib/diary/dates';
import { localDateTime } from '@/lib/importers/source-dates';
import type { FastStarted } from '@/lib/diary/fasting';
import { timedReminderKinds, type ReminderKind, type Reminders } from '@/lib/schemas/push';

/**
 * How late a reminder may still go out: one missed by a restart or a busy minute is sent within
 * the hour, never hours later when it would only puzzle.
 */
export const REMINDER_LATE_MINUTES = 60;

/**
 * A reminder due: its kind, the local day it is for, and what its row in reminder_sends is named
 * (its kind; a fast's also names the fast, so two fasts that reach their plans on one day are each told).
 */
export type DueReminder = { kind: ReminderKind; date: string; sent: string };

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
  return timedReminderKinds.flatMap((kind) => {
    const reminder = reminders[kind];
    if (!reminder || !reminder.days.includes(local.weekday)) return [];
    const late = local.minutes - minutesOf(reminder.time);
    return late >= 0 && late < REMINDER_LATE_MINUTES ? [{ kind, date: local.date, sent: kind }] : [];
  });
}

/**
 * The reminder that the fast under way has reached its plan, when that came within the last
 * REMINDER_LATE_MINUTES, for the local day the plan ended on in `timeZone`.
 */
export function dueFastEnd(fast: FastStarted | null, timeZone: string, now: Date): DueReminder | null {
  if (!fast) return null;
  const planEnd = Date.parse(fast.start) + fast.goalMinutes * 60_000;
  const late = now.getTime() - planEnd;
  if (!(late >= 0 && late < REMINDER_LATE_MINUTES * 60_000)) return null;
  return {
    kind: 'fastEnd',
    date: localTime(new Date(planEnd), timeZone).date,
    sent: `fastEnd ${fast.start}`,
  };
}
