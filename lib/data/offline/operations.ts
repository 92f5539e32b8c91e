import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import type { Food, FoodInput } from '@/lib/schemas/food';
import type { Settings, SettingsPatch } from '@/lib/schemas/settings';
import { applyChange, isDayChange, type DayChange } from '@/lib/diary/day-change';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { LIMITS } from '@/lib/limits';
import type { EntryBase, EntryChangeBase } from '../entry-versions';

/**
 * A change of a day as the outbox keeps it: the change (lib/diary/day-change.ts) and, for an
 * entry's, what it was made on, so a replay hours later can tell an edit made elsewhere meanwhile
 * from its own earlier changes.
 */
export type DayOperation = { kind: 'changeDay'; date: string; change: DayChange; base?: EntryChangeBase };

/** A change an account made, as the outbox keeps it until the server has taken it. */
export type Operation =
  | DayOperation
  | { kind: 'createFood'; tempId: number; input: FoodInput }
  | { kind: 'updateFood'; id: number; input: FoodInput }
  | { kind: 'deleteFood'; id: number }
  | { kind: 'updateSettings'; patch: SettingsPatch };

/**
 * An operation in the outbox: `queued` waits for the network; `failed` was refused by the server
 * (`error` is the reason's message key) and waits for the user to discard it; `conflict` met a
 * change made on another device to the same entry (`theirs`, null when it was deleted there) and
 * waits for the user's choice.
 */
export type QueuedOperation = Operation & {
  seq: number;
  queuedAt: string;
  state: 'queued' | 'failed' | 'conflict';
  attempts: number;
  error?: string;
  theirs?: Entry | null;
};

/**
 * Foods created offline get an id from the top of the id range until the server assigns the
 * real one; the server counts its ids up from 1 and would reach these only after two billion
 * foods. Every reference is rewritten when the real id arrives (remapFood).
 */
export const TEMP_FOOD_ID_MIN = 2_000_000_000;

export function isTempFoodId(id: number | null | undefined): boolean {
  return typeof id === 'number' && id >= TEMP_FOOD_ID_MIN && id <= LIMITS.foodId.max;
}

/** The next temporary id: one above the highest temporary id in `foods`. */
export function nextTempFoodId(foods: readonly Food[]): number {
  const highest = Math.max(TEMP_FOOD_ID_MIN - 1, ...foods.map((food) => food.id).filter(isTempFoodId));
  return highest + 1;
}

/**
 * The day after `operation`, by the day's rules (which throw InvalidDataError for a change they
 * refuse), for showing at once. The day keeps its updatedAt: that is the server's version, the
 * base the change is sent with.
 */
export function applyToDay(day: Day, operation: Operation): Day {
  return operation.kind === 'changeDay' ? applyChange(day, operation.change) : day;
}

/**
 * The server's copy of a day with a change still waiting shown on top; a change the rules
 * refuse on this copy (another device filled the day meanwhile) is not shown: the server will
 * refuse it too, and the outbox says so.
 */
export function showOnTop(day: Day, operation: Operation): Day {
  try {
    return applyToDay(day, operation);
  } catch (error) {
    if (error instanceof InvalidDataError) return day;
    throw error;
  }
}

/** The settings after a patch, for showing at once. */
export function applyToSettings(settings: Settings, patch: SettingsPatch, now: string): Settings {
  return { ...settings, ...patch, savedAt: now };
}

/** `operation` with the temporary food id `from` replaced by the server's `to`. */
export function remapFood(operation: QueuedOperation, from: number, to: number): QueuedOperation {
  switch (operation.kind) {
    case 'changeDay': {
      if (operation.change.kind !== 'putEntry') return operation;
      const entry = operation.change.entry;
      // The version the change was made from moves too, or the server's copy of an entry that
      // was made offline would never match it again (a conflict with itself).
      const base = operation.base?.entry;
      const baseMoves = base !== null && typeof base === 'object' && base.food === from;
      if (entry.food !== from && !baseMoves) return operation;
      return {
        ...operation,
        change: { kind: 'putEntry', entry: entry.food === from ? { ...entry, food: to } : entry },
        base:
          operation.base && baseMoves ? { ...operation.base, entry: { ...base, food: to } } : operation.base,
      };
    }
    case 'updateFood':
    case 'deleteFood':
      return operation.id === from ? { ...operation, id: to } : operation;
    default:
      return operation;
  }
}

/** `day` with entries that refer to the temporary food `from` referring to `to`. */
export function remapFoodInDay(day: Day, from: number, to: number): Day {
  if (!day.entries.some((entry) => entry.food === from)) return day;
  return {
    ...day,
    entries: day.entries.map((entry) => (entry.food === from ? { ...entry, food: to } : entry)),
  };
}

/** The date an operation changes, if it changes a day. */
export function dateOf(operation: Operation): string | null {
  return operation.kind === 'changeDay' ? operation.date : null;
}

/** The entry a queued change writes, if it writes one whole. */
export function entryOf(operation: Operation): Entry | null {
  return operation.kind === 'changeDay' && operation.change.kind === 'putEntry'
    ? operation.change.entry
    : null;
}

/**
 * How an earlier build kept a change of a day: each kind on its own, the date beside its fields
 * (and an entry's base as baseEntry and baseDay). Its queue is still sent, read as the day's
 * changes it holds (fromStored).
 */
type LegacyDayOperation = { date: string } & (
  | { kind: 'putEntry'; entry: Entry; baseEntry: EntryBase; baseDay: string | null }
  | Exclude<DayChange, { kind: 'putEntry' }>
);
export type StoredOperation =
  QueuedOperation | (LegacyDayOperation & Omit<QueuedOperation, keyof DayOperation>);

/** An operation as this build keeps it, whichever build queued it. */
export function fromStored(stored: StoredOperation): QueuedOperation {
  if (stored.kind === 'changeDay' || !isDayChange(stored)) return stored as QueuedOperation;
  if (stored.kind === 'putEntry') {
    const { date, entry, baseEntry, baseDay, ...queue } = stored;
    return {
      ...queue,
      kind: 'changeDay',
      date,
      change: { kind: 'putEntry', entry },
      base: { day: baseDay, entry: baseEntry },
    };
  }
  const { seq, queuedAt, state, attempts, error, theirs, date, ...change } = stored;
  return { seq, queuedAt, state, attempts, error, theirs, kind: 'changeDay', date, change };
}
