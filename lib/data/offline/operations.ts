import type { Activity } from '@/lib/schemas/activity';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import type { Food, FoodInput } from '@/lib/schemas/food';
import type { Settings, SettingsPatch } from '@/lib/schemas/settings';
import { applyChange, isDayChange } from '@/lib/diary/day-change';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { LIMITS } from '@/lib/limits';
import type { EntryBase } from '../entry-versions';

/**
 * A change an account made, as the outbox keeps it until the server has taken it. Each carries
 * what the change was based on, so a replay hours later can tell an edit made elsewhere
 * meanwhile from its own earlier changes.
 */
export type Operation =
  | {
      kind: 'putEntry';
      date: string;
      entry: Entry;
      /**
       * The entry as it was before this change, whole (its time alone cannot tell versions
       * apart, lib/data/entry-versions.ts); null for a new entry. Changes queued by an earlier
       * build hold its updatedAt.
       */
      baseEntry: EntryBase;
      /** The day's updatedAt as the server last gave it when the change was made. */
      baseDay: string | null;
    }
  | { kind: 'deleteEntry'; date: string; entryId: string }
  | { kind: 'setWeight'; date: string; weight: number | null }
  | { kind: 'setWater'; date: string; water: number }
  | { kind: 'setGoal'; date: string; goal: number }
  | { kind: 'putActivity'; date: string; activity: Activity }
  | { kind: 'deleteActivity'; date: string; activityId: string }
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
  return isDayChange(operation) ? applyChange(day, operation) : day;
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
    case 'putEntry': {
      // The version the change was made from moves too, or the server's copy of an entry that
      // was made offline would never match it again (a conflict with itself).
      const base = operation.baseEntry;
      const baseMoves = base !== null && typeof base === 'object' && base.food === from;
      if (operation.entry.food !== from && !baseMoves) return operation;
      return {
        ...operation,
        entry: operation.entry.food === from ? { ...operation.entry, food: to } : operation.entry,
        baseEntry: baseMoves ? { ...base, food: to } : base,
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
  return 'date' in operation ? operation.date : null;
}
