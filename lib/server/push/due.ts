import type { Weekday } from '@/lib/diary/dates';
import type { ReminderKind, Reminders } from '@/lib/schemas/push';

/**
 * How late a reminder may still go out: one missed by a restart or a busy minute is sent within
 * the hour, never hours later when it would only puzzle.
 */
export const REMINDER_LATE_MINUTES = 60;

export type DueReminder = { kind: ReminderKind; date: string };

/** `now` on the wall clock of `timeZone`: the day, its weekday, and the minutes since midnight. */
export function localTime(now: Date, timeZone: string): { date: string; weekday: Weekday; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: parts.weekday!.toLowerCase().slice(0, 3) as Weekday,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

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
