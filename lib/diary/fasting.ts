import { LIMITS } from '@/lib/limits';
import { fastSpanProblem, type Day, type EndedFast } from '@/lib/schemas/day';
import { toIsoDate } from './dates';
import type { DayChange } from './day-change';

/**
 * Fasting (issue 52): a fast under way is kept on the day it began (`details.fasting`), a fast
 * that ended on the day it ended (`details.fasts`), so a fast across midnight is the next day's.
 * Both are plain day details: every store, the outbox, export and import carry them as they are.
 */

export type FastStarted = { start: string; goalMinutes: number };
export type RunningFast = FastStarted & { date: string };
type DayDetailsOnly = Pick<Day, 'date' | 'details'>;

/** The usual schedules, by the hours fasted (16:8 is 16 hours fasting, 8 eating); OMAD is 23:1. */
export const fastPresets = [
  { id: '12:12', hours: 12 },
  { id: '14:10', hours: 14 },
  { id: '16:8', hours: 16 },
  { id: '18:6', hours: 18 },
  { id: '20:4', hours: 20 },
  { id: 'omad', hours: 23 },
] as const;
export const DEFAULT_FAST_PRESET: (typeof fastPresets)[number]['id'] = '16:8';

/** How many days before today a fast under way is looked for: as far back as the longest may begin. */
export const FAST_LOOKBACK_DAYS = Math.ceil(LIMITS.fastMinutes.max / (24 * 60));

const MINUTE_MS = 60_000;

/**
 * The fast under way among `days` (today's and the FAST_LOOKBACK_DAYS before), or null. Ending a
 * fast on a later day than it began writes the ended fast first and then takes it off its first
 * day: a fast found ended on some day is not under way, even if its first day still holds it.
 */
export function runningFast(days: readonly DayDetailsOnly[]): RunningFast | null {
  const ended = new Set(days.flatMap((day) => (day.details?.fasts ?? []).map((fast) => fast.start)));
  let found: RunningFast | null = null;
  for (const day of days) {
    const fast = day.details?.fasting;
    if (!fast || ended.has(fast.start)) continue;
    if (!found || Date.parse(fast.start) > Date.parse(found.start)) found = { ...fast, date: day.date };
  }
  return found;
}

export type FastProgress = {
  elapsedMinutes: number;
  leftMinutes: number;
  /** When the planned length is reached. */
  goalEnd: Date;
  reached: boolean;
  /** How much of the planned length has passed, 0 to 1. */
  share: number;
};

export function fastProgress(fast: FastStarted, now: Date): FastProgress {
  const startMs = Date.parse(fast.start);
  const elapsedMinutes = Math.max(0, Math.floor((now.getTime() - startMs) / MINUTE_MS));
  return {
    elapsedMinutes,
    leftMinutes: Math.max(0, fast.goalMinutes - elapsedMinutes),
    goalEnd: new Date(startMs + fast.goalMinutes * MINUTE_MS),
    reached: elapsedMinutes >= fast.goalMinutes,
    share: Math.min(1, elapsedMinutes / fast.goalMinutes),
  };
}

/** How long an ended fast lasted, in whole minutes. */
export const fastMinutes = (fast: Pick<EndedFast, 'start' | 'end'>) =>
  Math.round((Date.parse(fast.end) - Date.parse(fast.start)) / MINUTE_MS);

/**
 * The latest moment at a clock time ("20:30") that is not after `now`: today's, or yesterday's when
 * today's is still to come. Null for a text that is no time of day.
 */
export function latestAt(time: string, now: Date): Date | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  const at = new Date(now);
  at.setHours(hours, minutes, 0, 0);
  if (at.getTime() > now.getTime()) at.setDate(at.getDate() - 1);
  return at;
}

/** An instant as a day detail keeps it: UTC, to the whole second. */
const instant = (at: Date) =>
  new Date(Math.floor(at.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export type FastProblem = 'tooShort' | 'tooLong' | 'tooMany';

/** The change that starts a fast at `start` for `goalMinutes`, on the day it begins. */
export function startFastChange(start: Date, goalMinutes: number): { date: string; change: DayChange } {
  return {
    date: toIsoDate(start),
    change: { kind: 'setDetails', details: { fasting: { start: instant(start), goalMinutes } } },
  };
}

/**
 * What ending `running` at `end` would break, or null: a fast of less than a minute (an end
 * before its start), one past the longest, or a day that already holds as many fasts as it may.
 */
export function endFastProblem(
  running: FastStarted,
  end: Date,
  endDay: DayDetailsOnly | null,
): FastProblem | null {
  const span = fastSpanProblem(Date.parse(running.start), end.getTime());
  if (span) return span;
  const kept = (endDay?.details?.fasts ?? []).filter((fast) => fast.start !== running.start);
  if (kept.length >= LIMITS.fastsPerDay.max) return 'tooMany';
  return null;
}

/**
 * The changes that end `running` at `end`, in the order they must be made: the ended fast on the
 * day it ended (beside the fasts that day already holds), then the fast taken off the day it
 * began; one change when both are the same day. `endDay` is the day of `end` as it is now.
 */
export function endFastChanges(
  running: RunningFast,
  end: Date,
  endDay: DayDetailsOnly | null,
): { date: string; change: DayChange }[] {
  const date = toIsoDate(end);
  const ended: EndedFast = { start: running.start, end: instant(end), goalMinutes: running.goalMinutes };
  const fasts = [...(endDay?.details?.fasts ?? []).filter((fast) => fast.start !== running.start), ended];
  if (date === running.date)
    return [{ date, change: { kind: 'setDetails', details: { fasts, fasting: null } } }];
  return [
    { date, change: { kind: 'setDetails', details: { fasts } } },
    { date: running.date, change: { kind: 'setDetails', details: { fasting: null } } },
  ];
}

/** The change that takes a fast under way off its day, unlogged (started by mistake). */
export function cancelFastChange(running: RunningFast): { date: string; change: DayChange } {
  return { date: running.date, change: { kind: 'setDetails', details: { fasting: null } } };
}

/** The change that deletes one ended fast of `day`. */
export function deleteFastChange(day: DayDetailsOnly, start: string): { date: string; change: DayChange } {
  const fasts = (day.details?.fasts ?? []).filter((fast) => fast.start !== start);
  return {
    date: day.date,
    change: { kind: 'setDetails', details: { fasts: fasts.length > 0 ? fasts : null } },
  };
}
