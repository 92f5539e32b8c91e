import { LIMITS } from '@/lib/limits';
import { isoDateSchema } from '@/lib/schemas/common';
import {
  dayDetailsPatchSchema,
  dayDetailsSchema,
  goalSchema,
  someDetails,
  waterSchema,
  weightSchema,
  type Day,
  type DayDetails,
  type DayDetailsPatch,
} from '@/lib/schemas/day';
import { activitySchema, type Activity } from '@/lib/schemas/activity';
import { entrySchema, type Entry } from '@/lib/schemas/entry';
import type { z } from '@/lib/schemas/zod';
import { goalInForce, type GoalSettings } from './goal-in-force';
import { InvalidDataError } from './invalid-data';

/**
 * What a day is and how it may change: the one book of rules that the guest store, the offline
 * account store and its outbox, the copy of entries, the importers and the server all follow.
 * Each rule takes a day and answers the next one, or throws InvalidDataError and changes
 * nothing. The rules never touch `updatedAt`: that is the version stamp of whichever store keeps
 * the day (the browser's clock for a guest, the server's for an account).
 *
 * The entries of a day are kept in the order they were logged (then by id, as the server sorts
 * them), so the same changes give the same day in every store.
 */

/**
 * A day nothing was written to yet: the goal in force now, which it keeps when the goals change
 * later (past days are never rewritten), no weight, no water, no entries, no activities.
 */
export function newDay(date: string, settings: GoalSettings, now: string): Day {
  checkDate(date);
  return {
    date,
    goal: goalInForce(settings, date),
    weight: null,
    water: 0,
    entries: [],
    activities: [],
    updatedAt: now,
  };
}

/** The day with `entry` added, or replacing the entry of the same id; a full day takes no new one. */
export function putEntry(day: Day, entry: Entry): Day {
  const checked = check(entrySchema, entry);
  const others = day.entries.filter((existing) => existing.id !== checked.id);
  if (others.length === day.entries.length) checkRoom(day, 1);
  return { ...day, entries: inLoggedOrder([...others, checked]) };
}

/** The day with the entries added as they are, all of them or, past the limit, none. */
export function addEntries(day: Day, entries: readonly Entry[]): Day {
  const checked = entries.map((entry) => check(entrySchema, entry));
  const known = new Set(day.entries.map((entry) => entry.id));
  checkRoom(day, checked.filter((entry) => !known.has(entry.id)).length);
  return checked.reduce(putEntry, day);
}

/**
 * The day with as many of `entries` as it has room for, in the order given, and the entries
 * that did not fit (an id the day already has counts as no room taken).
 */
export function addEntriesThatFit(day: Day, entries: readonly Entry[]): { day: Day; left: Entry[] } {
  const left: Entry[] = [];
  let next = day;
  for (const entry of entries) {
    try {
      next = putEntry(next, entry);
    } catch (error) {
      if (!(error instanceof InvalidDataError) || error.messageKey !== DAY_FULL) throw error;
      left.push(entry);
    }
  }
  return { day: next, left };
}

/**
 * Entries logged in one go (a copied meal, a saved meal), a second apart in the order given from
 * `fromMs` on: a day lists its entries in the order they were logged, and entries of one instant
 * would fall to the order of their random ids (a second, as timestamps are kept to the second).
 */
export function loggedInTurn<T extends Entry>(entries: readonly T[], fromMs: number): T[] {
  return entries.map((entry, index) => {
    const loggedAt = new Date(fromMs + index * 1000).toISOString();
    return { ...entry, loggedAt, updatedAt: loggedAt };
  });
}

/** The day without the entry of `entryId` (the same day when it has no such entry). */
export function deleteEntry(day: Day, entryId: string): Day {
  const entries = day.entries.filter((entry) => entry.id !== entryId);
  return entries.length === day.entries.length ? day : { ...day, entries };
}

/**
 * The day with `activity` added, or replacing the activity of the same id, in the order they were
 * logged; a day holding LIMITS.activitiesPerDay takes no new one.
 */
export function putActivity(day: Day, activity: Activity): Day {
  const checked = check(activitySchema, activity, 'activity');
  const others = day.activities.filter((existing) => existing.id !== checked.id);
  if (others.length === day.activities.length && others.length >= LIMITS.activitiesPerDay.max)
    throw new InvalidDataError('activities', ACTIVITIES_FULL);
  return { ...day, activities: inLoggedOrder([...others, checked]) };
}

/** The day without the activity of `activityId` (the same day when it has no such activity). */
export function deleteActivity(day: Day, activityId: string): Day {
  const activities = day.activities.filter((activity) => activity.id !== activityId);
  return activities.length === day.activities.length ? day : { ...day, activities };
}

/** The day with its weight in kg, or none (null). */
export function setWeight(day: Day, weight: number | null): Day {
  return { ...day, weight: weight === null ? null : check(weightSchema, weight, 'weight') };
}

/** The day with what was drunk, in whole ml (0: none). */
export function setWater(day: Day, water: number): Day {
  return { ...day, water: check(waterSchema, water, 'water') };
}

/**
 * The day with its details changed (a note, and what a day holds next): each key of `patch` set,
 * or removed when null or empty; the keys it does not name stay as they were.
 */
export function setDetails(day: Day, patch: DayDetailsPatch): Day {
  const details: Record<string, unknown> = { ...day.details };
  for (const [key, value] of Object.entries(check(dayDetailsPatchSchema, patch))) {
    if (value === undefined) continue;
    if (value === null || value === '') delete details[key];
    else details[key] = value;
  }
  return withDetails(day, check(dayDetailsSchema, details));
}

/** The day holding `details`, or none when they are empty: a day keeps no empty details. */
export function withDetails(day: Day, details: DayDetails): Day {
  const next: Day = { ...day, ...someDetails(details) };
  if (Object.keys(details).length === 0) delete next.details;
  return next;
}

/** The day with a goal of its own, which it keeps whatever the goal in force becomes. */
export function setGoal(day: Day, goal: number): Day {
  return { ...day, goal: check(goalSchema, goal, 'goal') };
}

/**
 * Refuses a day holding more entries or activities than a day may (one an import merged, say);
 * the refusal names `days.{date}.entries` or `days.{date}.activities`.
 */
export function checkDayFits(day: Day): void {
  if (!dayMayHold(day.entries.length)) throw new InvalidDataError(`days.${day.date}.entries`, DAY_FULL);
  if (day.activities.length > LIMITS.activitiesPerDay.max)
    throw new InvalidDataError(`days.${day.date}.activities`, ACTIVITIES_FULL);
}

/** Whether a day may hold `count` entries (LIMITS.entriesPerDay). */
export function dayMayHold(count: number): boolean {
  return count <= LIMITS.entriesPerDay.max;
}

/** Whether `error` is the refusal of an entry a full day has no room for. */
export function isDayFull(error: unknown): boolean {
  return error instanceof InvalidDataError && error.messageKey === DAY_FULL;
}

/** The date of a day as written: a calendar date that exists, within LIMITS.date. */
export function checkDate(date: string): void {
  const parsed = isoDateSchema.safeParse(date);
  if (!parsed.success) throw new InvalidDataError('date', parsed.error.issues[0]?.message ?? 'dateInvalid');
}

const DAY_FULL = 'entriesPerDay';
const ACTIVITIES_FULL = 'activitiesPerDay';

function checkRoom(day: Day, adding: number): void {
  if (!dayMayHold(day.entries.length + adding)) throw new InvalidDataError('entries', DAY_FULL);
}

/** `value` as `schema` reads it, or the refusal; a field's own schema names it `field`. */
function check<T extends z.ZodType>(schema: T, value: unknown, field?: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = field
    ? parsed.error.issues.map((issue) => ({ ...issue, path: [field, ...issue.path] }))
    : parsed.error.issues;
  throw InvalidDataError.fromIssues(issues);
}

function inLoggedOrder<T extends { id: string; loggedAt: string }>(items: T[]): T[] {
  return items.sort(
    (a, b) => Date.parse(a.loggedAt) - Date.parse(b.loggedAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
