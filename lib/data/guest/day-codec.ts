import { dayMayHold } from '@/lib/diary/day-rules';
import { z } from '@/lib/schemas/zod';
import { baseMeals, meals } from '@/lib/diary/meals';
import {
  dayDetailsSchema,
  goalSchema,
  someDetails,
  waterSchema,
  weightSchema,
  type Day,
  type DayDetails,
} from '@/lib/schemas/day';
import { activitySchema, type Activity } from '@/lib/schemas/activity';
import { amountUnitSchema, entrySchema, type Entry } from '@/lib/schemas/entry';
import { burnedKcal } from '@/lib/diary/activity-kinds';
import { chartedDetails, cleanSum, dayTotals, type DayTotals } from '@/lib/diary/stats';
import { isoDateSchema, timestampSchema } from '@/lib/schemas/common';
import { isCalendarDay, isIsoDate } from '@/lib/diary/dates';
import { GOAL_KCAL, inRange, LIMITS, WEIGHT_KG } from '@/lib/limits';
import { nutrientsPastPer100g } from '@/lib/diary/nutrients';
import { isStoredFoodRef, isStoredName, type SharedRecords } from './shared-records';

/**
 * The stored form of a day under `dashboard-{date}`. Ten years of a heavy diary (3,650 days, 15
 * entries a day) must fit the browser's 5 MB localStorage, so entries are stored as arrays
 * rather than objects, ids as 22 base64url characters, times as seconds, and what many entries
 * share once (decision 0040). The record still carries its `date`, as the seed's contract says.
 * `v` marks this layout. An entry, as this build writes it:
 *
 *   [id, meal·unit, loggedFood, amount, at, kcal, protein, fat, carbs, grams?, updatedAt - loggedAt?]
 *
 * - `meal·unit` is the meal's index times the number of units plus the unit's index, under
 *   TENTHS_BELOW when protein, fat and carbs are stored in tenths of a gram (146 for 14.6 g, a
 *   character less), and TENTHS_BELOW more when a figure has more decimals than that and is
 *   stored as it is; a meal of one's own (meal5 to meal8) is the same a MEAL_BLOCK further on.
 * - `loggedFood` is the ref of the food as logged, `[food, name, nutrients?]`, stored once for
 *   every entry that shares it (lib/data/guest/shared-records.ts). An entry whose ref does not
 *   resolve is set aside like any other that fails its check.
 * - `at` is loggedAt in seconds from the record's date at 00:00 UTC (negative for an entry
 *   logged before its day).
 * - `grams` is left out when it is the amount of an entry counted in grams, or null for one
 *   that is not; the delta is left out when it is 0 (grams is then written when the delta is).
 *
 * Entries of the earlier layout are still read, and written in this one the next time their day
 * is written (decision 0039):
 *
 *   [id, meal, food, name, amount, unit, grams, kcal, protein, fat, carbs, loggedAt, delta?, nutrients?]
 *
 * where loggedAt is in epoch seconds and `nutrients` the ref of a set under `nutrients-{ref}`.
 * The two are told apart by length: 9-11 fields, or 12-14.
 *
 * `t` holds the day's sums, `[entryCount, kcal, protein, fat, carbs]`, written before `e` so the
 * stats can read them without parsing the entries (readDaySummary). It is optional, and `v`
 * stays 1: records written before it existed are read as they were, and a build without it
 * still reads (and drops) it, so a tab left open across an update never takes a day for
 * unreadable. The entries remain the truth; a full read ignores `t`.
 *
 * `a`, after `e`, holds the day's activities, left out when there are none, each as
 *
 *   [id, kind, kcal, minutes, at, name?]
 *
 * with `id` and `at` as an entry's. It comes after `e` so that readDaySummary and a build from
 * before activities read the header as they did; such a build drops `a` when it rewrites the day.
 *
 * `x`, after `e` and `a`, holds entries (and activities) set aside: a stored entry that fails its check is never the
 * reason the rest of its day disappears. It is moved out of `e`, exactly as it was stored, the
 * rest of the day reads and writes as usual, and the repository reports it until the user
 * exports or deletes it. A build from before this layout sets its entries aside that way, and
 * this one takes set-aside entries back when they pass now, so a tab left open across an update
 * hides an entry for a while but loses nothing.
 */
export const DAY_RECORD_VERSION = 1;

type StoredEntry = [
  id: string,
  mealUnit: number,
  loggedFood: string,
  amount: number,
  at: number,
  kcal: number,
  protein: number,
  fat: number,
  carbs: number,
  ...rest: [] | [grams: number | null] | [grams: number | null, delta: number],
];

type LegacyEntry = [
  id: string,
  meal: number,
  food: number | string | null,
  name: string,
  amount: number,
  unit: number,
  grams: number | null,
  kcal: number,
  protein: number,
  fat: number,
  carbs: number,
  loggedAt: number,
  // updatedAt - loggedAt (a number) and then the nutrients' ref (a text), each left out when
  // there is none: [..., loggedAt], [..., loggedAt, delta], [..., loggedAt, ref] or all three.
  ...rest: [] | [delta: number] | [ref: string] | [delta: number, ref: string],
];

/** The reason of a record that is not JSON at all. */
export const NOT_JSON = 'not JSON';

/**
 * Where a stored entry keeps its figures, and the meal·unit under which its macros are in
 * tenths; the first-paint reader sums the same positions.
 */
export const ENTRY_FIELD = { kcal: 5, protein: 6, fat: 7, carbs: 8 } as const;
export const TENTHS_BELOW = baseMeals.length * amountUnitSchema.options.length;
/**
 * The meal·units of the four meals every diary has, in both forms of the macros: a meal of one's
 * own (meal5 to meal8) is stored a block further on, so an older build, which knows only the
 * first block, sets its entries aside and writes them back as they were (decision 0059).
 */
export const MEAL_BLOCK = 2 * TENTHS_BELOW;
const MEAL_UNITS = (meals.length / baseMeals.length) * MEAL_BLOCK;

function mealUnitOf(meal: number, unit: number, inTenths: boolean): number {
  const block = Math.floor(meal / baseMeals.length);
  return block * MEAL_BLOCK + (meal % baseMeals.length) * units.length + unit + (inTenths ? 0 : TENTHS_BELOW);
}

function mealOfMealUnit(mealUnit: number): number {
  const block = Math.floor(mealUnit / MEAL_BLOCK);
  return block * baseMeals.length + Math.floor(((mealUnit % MEAL_BLOCK) % TENTHS_BELOW) / units.length);
}
/** Where a stored activity keeps its kcal; the first-paint reader sums them. */
export const ACTIVITY_FIELD = { kcal: 2 } as const;
/** The same in the earlier layout, whose entries have 12 fields or more. */
export const LEGACY_ENTRY_FIELD = { kcal: 7, protein: 8, fat: 9, carbs: 10 } as const;
export const LEGACY_ENTRY_MIN_LENGTH = 12;

type StoredActivity = [
  id: string,
  kind: string,
  kcal: number,
  minutes: number | null,
  at: number,
  ...name: [] | [string],
];

type StoredTotals = [entryCount: number, kcal: number, protein: number, fat: number, carbs: number];

type StoredDay = {
  date: string;
  goal: number;
  /** Left out when there is none: most days have no weigh-in. */
  weight?: number;
  /** ml; left out when none was logged. */
  water?: number;
  /**
   * The kcal of `a` added up, for the stats' header reading (readDaySummary); left out when
   * there are none. The activities remain the truth: a full read ignores it.
   */
  activity?: number;
  updatedAt: string;
  v: number;
  t: StoredTotals;
  e: StoredEntry[];
  a?: StoredActivity[];
  x?: unknown[];
  /** What the day holds beyond food (Day.details), last so the header's summary never reads it. */
  details?: DayDetails;
};

const MAX_ENTRY_KCAL = LIMITS.entryKcal.max;
const MAX_ENTRY_MACRO = LIMITS.entryMacro.max;
const MAX_DAY_ACTIVITY_KCAL = LIMITS.activitiesPerDay.max * LIMITS.activityKcal.max;

const units = amountUnitSchema.options;

const COMPACT_ID = /^[A-Za-z0-9_-]{22}$/;
const MAX_EPOCH_SECONDS = Math.floor(LIMITS.timestampMs.max / 1000);

/** A day's water as stored: whole ml within LIMITS.waterMl. */
const isWater = (value: unknown): value is number =>
  Number.isInteger(value) && inRange(value as number, LIMITS.waterMl);
const isAmount = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= max;
const isIndex = (value: unknown, length: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < length;
const isEpochSeconds = (value: number) => Number.isInteger(value) && value >= 0 && value <= MAX_EPOCH_SECONDS;

/** The grams an entry stores no figure for: its amount when counted in grams, else none. */
const impliedGrams = (unit: number, amount: number) => (units[unit] === 'g' ? amount : null);

/** Epoch seconds of a record's date at 00:00 UTC, from which its entries' times count. */
const dayStartSeconds = (date: string) => Date.parse(`${date}T00:00:00.000Z`) / 1000;

/** Whether a stored entry is of the earlier layout (see above). */
const isLegacy = (entry: unknown[]): boolean => entry.length >= LEGACY_ENTRY_MIN_LENGTH;

/** The figures and amounts both layouts check alike, with the entry schema's ranges. */
function hasFigures(id: unknown, amount: unknown, grams: unknown, kcal: unknown): boolean {
  return (
    typeof id === 'string' &&
    COMPACT_ID.test(id) &&
    isAmount(amount, LIMITS.entryAmount.max) &&
    (grams === null || isAmount(grams, LIMITS.entryGrams.max)) &&
    isAmount(kcal, MAX_ENTRY_KCAL)
  );
}

/** A macro as stored: in tenths of a gram (an integer), or as it is. */
const isMacro = (value: unknown, inTenths: boolean) =>
  inTenths
    ? Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_ENTRY_MACRO * 10
    : isAmount(value, MAX_ENTRY_MACRO);

/** A figure in whole tenths, or null when it has more decimals than that. */
function toTenths(value: number): number | null {
  const tenths = Math.round(value * 10);
  return tenths / 10 === value ? tenths : null;
}

/**
 * Checks a stored entry of either layout with the entry schema's ranges. Written by hand rather
 * than with zod because ten years hold ~55,000 entries and this runs for each when the stats
 * check what they showed (decision 0025 has the figures). Ids and times are rebuilt from their
 * compact forms, which cannot give a malformed UUID or timestamp. `dayStart` is the record's
 * date in epoch seconds (NaN when it has none).
 */
function isStoredEntry(value: unknown, dayStart: number, shared: SharedRecords | null): boolean {
  if (!Array.isArray(value)) return false;
  if (isLegacy(value)) return isLegacyEntry(value, shared);
  if (value.length < 9 || value.length > 11 || shared === null) return false;
  // Read by index, not destructured: this runs in cold code for each of ~55,000 entries, and
  // destructuring an array there walks its iterator element by element.
  const mealUnit = value[1];
  const ref = value[2];
  const amount = value[3];
  const at = value[4];
  const delta = value.length === 11 ? value[10] : 0;
  if (!isIndex(mealUnit, MEAL_UNITS) || typeof ref !== 'string') return false;
  const grams = value.length > 9 ? value[9] : impliedGrams(mealUnit % units.length, amount);
  const loggedAt = dayStart + at;
  const inTenths = mealUnit % MEAL_BLOCK < TENTHS_BELOW;
  if (
    !hasFigures(value[0], amount, grams, value[5]) ||
    !isMacro(value[6], inTenths) ||
    !isMacro(value[7], inTenths) ||
    !isMacro(value[8], inTenths) ||
    !Number.isInteger(at) ||
    !isEpochSeconds(loggedAt) ||
    // updatedAt may precede loggedAt (an entry logged for later, an import): the delta is signed.
    !Number.isInteger(delta) ||
    !isEpochSeconds(loggedAt + delta)
  )
    return false;
  const food = shared.loggedFoodOf(ref);
  return food !== undefined && (grams === null || food.fitsPer100g);
}

function isLegacyEntry(value: unknown[], shared: SharedRecords | null): boolean {
  if (value.length > 14) return false;
  const food = value[2];
  const name = value[3];
  const grams = value[6];
  const loggedAt = value[11];
  // After loggedAt: the delta (a number), the nutrients' ref (a text), or both in that order.
  const delta = typeof value[12] === 'number' ? value[12] : undefined;
  const ref = value.length === 14 ? value[13] : typeof value[12] === 'string' ? value[12] : undefined;
  if (value.length === 14 && delta === undefined) return false;
  if (value.length === 13 && delta === undefined && ref === undefined) return false;
  return (
    (ref === undefined || hasLegacyNutrients(ref, grams, shared)) &&
    hasFigures(value[0], value[4], grams, value[7]) &&
    isMacro(value[8], false) &&
    isMacro(value[9], false) &&
    isMacro(value[10], false) &&
    isIndex(value[1], baseMeals.length) &&
    isStoredFoodRef(food) &&
    isStoredName(name) &&
    isIndex(value[5], units.length) &&
    Number.isInteger(loggedAt) &&
    isEpochSeconds(loggedAt as number) &&
    (delta === undefined || (Number.isInteger(delta) && isEpochSeconds((loggedAt as number) + delta)))
  );
}

/** A stored ref that resolves, to figures within an entry's limits (per 100 g when it weighs). */
function hasLegacyNutrients(ref: unknown, grams: unknown, shared: SharedRecords | null): boolean {
  if (typeof ref !== 'string' || shared === null) return false;
  const nutrients = shared.nutrientsOf(ref);
  return nutrients !== undefined && (grams === null || nutrientsPastPer100g(nutrients).length === 0);
}

const storedDaySchema = z.object({
  date: isoDateSchema,
  goal: goalSchema,
  weight: z._default(z.nullable(weightSchema), null),
  water: z._default(waterSchema, 0),
  updatedAt: timestampSchema,
  v: z.literal(DAY_RECORD_VERSION),
  e: z.array(z.unknown()),
  a: z.optional(z.array(z.unknown())),
  x: z.optional(z.array(z.unknown())),
  details: z.optional(dayDetailsSchema),
});

const TO_ISO_STRING = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z$/;

/** A timestamp exactly as `Date#toISOString` writes it, of a real instant (no month 13). */
function isToIsoString(value: string): boolean {
  const match = TO_ISO_STRING.exec(value);
  return (
    match !== null &&
    isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])) &&
    Number(match[4]) <= 23 &&
    Number(match[5]) <= 59 &&
    Number(match[6]) <= 59
  );
}

/** A compact header as isWrittenDayHeader accepts it: the weight and the water may be left out. */
type WrittenHeader = Omit<StoredDay, 'weight' | 'water' | 'activity' | 't' | 'e' | 'a' | 'x' | 'details'> & {
  weight?: number | null;
  water?: number;
  e: unknown[];
  a?: unknown[];
  x?: unknown[];
};

/**
 * The compact header as this app writes it, checked by hand: on a first visit it runs for each
 * of ten years' 3,650 days, where storedDaySchema took about a third of the read. It accepts only
 * what storedDaySchema accepts (a timestamp only in `toISOString` form, and only if it names a
 * real instant); anything else goes to the schema, which has the last word and the message, as
 * does a day with details (few days have them).
 */
function isWrittenDayHeader(raw: object): raw is WrittenHeader {
  const { date, goal, weight, water, updatedAt, v, e, a, x, details } = raw as Partial<
    Record<keyof StoredDay, unknown>
  >;
  return (
    v === DAY_RECORD_VERSION &&
    details === undefined &&
    typeof date === 'string' &&
    isIsoDate(date) &&
    Number.isInteger(goal) &&
    inRange(goal as number, GOAL_KCAL) &&
    (weight === undefined || weight === null || (typeof weight === 'number' && inRange(weight, WEIGHT_KG))) &&
    (water === undefined || isWater(water)) &&
    typeof updatedAt === 'string' &&
    isToIsoString(updatedAt) &&
    Array.isArray(e) &&
    (a === undefined || Array.isArray(a)) &&
    (x === undefined || Array.isArray(x))
  );
}

/** The compact header's fields, by the hand check or else by storedDaySchema. */
function readDayHeader(
  raw: object,
): { ok: true; header: z.infer<typeof storedDaySchema> } | { ok: false; reason: string } {
  if (isWrittenDayHeader(raw)) {
    const { date, goal, weight = null, water = 0, updatedAt, e, a, x } = raw;
    return { ok: true, header: { date, goal, weight, water, updatedAt, v: DAY_RECORD_VERSION, e, a, x } };
  }
  const parsed = storedDaySchema.safeParse(raw);
  return parsed.success ? { ok: true, header: parsed.data } : { ok: false, reason: describe(parsed.error) };
}

/** 36-character UUID to 22 base64url characters. */
export function compactUuid(uuid: string): string {
  const hex = uuid.replace(/-/g, '');
  let binary = '';
  for (let index = 0; index < 32; index += 2)
    binary += String.fromCharCode(parseInt(hex.slice(index, index + 2), 16));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
// Indexed by character code: an array read per character instead of a Map lookup of a string.
const SEXTET = new Uint8Array(128);
for (let index = 0; index < BASE64URL.length; index++) SEXTET[BASE64URL.charCodeAt(index)] = index;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * 22 base64url characters back to the 36-character UUID. Table-driven: it runs for every
 * entry of every day read, ~30,000 times for ten years of a diary.
 */
export function expandUuid(compact: string): string {
  let hex = '';
  let bits = 0;
  let buffer = 0;
  for (let index = 0; index < compact.length; index++) {
    buffer = (buffer << 6) | (SEXTET[compact.charCodeAt(index) & 127] ?? 0);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      hex += HEX[(buffer >> bits) & 0xff];
    }
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const toSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const toIso = (seconds: number) => new Date(seconds * 1000).toISOString();

function encodeEntry(entry: Entry, dayStart: number, shared: SharedRecords): StoredEntry {
  const loggedAt = toSeconds(entry.loggedAt);
  const delta = toSeconds(entry.updatedAt) - loggedAt;
  const unit = units.indexOf(entry.unit);
  const tenths = [toTenths(entry.protein), toTenths(entry.fat), toTenths(entry.carbs)];
  const inTenths = tenths.every((value) => value !== null);
  const stored: Array<string | number | null> = [
    compactUuid(entry.id),
    mealUnitOf(meals.indexOf(entry.meal), unit, inTenths),
    shared.refOfLoggedFood(entry),
    entry.amount,
    loggedAt - dayStart,
    entry.kcal,
    ...(inTenths ? tenths : [entry.protein, entry.fat, entry.carbs]),
  ];
  if (delta !== 0) stored.push(entry.grams, delta);
  else if (entry.grams !== impliedGrams(unit, entry.amount)) stored.push(entry.grams);
  return stored as StoredEntry;
}

/** The entry of a stored one that passed isStoredEntry, of either layout. */
function decodeEntry(stored: unknown[], dayStart: number, shared: SharedRecords | null): Entry {
  if (isLegacy(stored)) return decodeLegacyEntry(stored as LegacyEntry, shared);
  const [id, mealUnit, ref, amount, at, kcal, protein, fat, carbs] = stored as StoredEntry;
  const unit = mealUnit % units.length;
  const scale = mealUnit % MEAL_BLOCK < TENTHS_BELOW ? 10 : 1;
  const grams = stored.length > 9 ? (stored[9] as number | null) : impliedGrams(unit, amount);
  const delta = stored.length > 10 ? (stored[10] as number) : 0;
  // isStoredEntry resolved the ref already.
  const { food, name, nutrients } = shared!.loggedFoodOf(ref)!;
  const loggedAt = dayStart + at;
  const logged = toIso(loggedAt);
  return {
    id: expandUuid(id),
    meal: meals[mealOfMealUnit(mealUnit)]!,
    food,
    name,
    amount,
    unit: units[unit]!,
    grams,
    kcal,
    protein: protein / scale,
    fat: fat / scale,
    carbs: carbs / scale,
    ...(nutrients ? { nutrients: { ...nutrients } } : {}),
    loggedAt: logged,
    updatedAt: delta === 0 ? logged : toIso(loggedAt + delta),
  };
}

function decodeLegacyEntry(stored: LegacyEntry, shared: SharedRecords | null): Entry {
  const [id, meal, food, name, amount, unit, grams, kcal, protein, fat, carbs, loggedAt] = stored;
  // Read by index: after loggedAt, the delta (a number) and the ref (a text), each optional.
  const twelfth = stored[12];
  const delta = typeof twelfth === 'number' ? twelfth : 0;
  const last = stored[stored.length - 1];
  const ref = stored.length > 12 && typeof last === 'string' ? last : undefined;
  const logged = toIso(loggedAt);
  // isStoredEntry resolved the ref already.
  const nutrients = ref === undefined ? undefined : shared?.nutrientsOf(ref);
  return {
    id: expandUuid(id),
    meal: meals[meal]!,
    food,
    name,
    amount,
    unit: units[unit]!,
    grams,
    kcal,
    protein,
    fat,
    carbs,
    ...(nutrients ? { nutrients: { ...nutrients } } : {}),
    loggedAt: logged,
    updatedAt: delta === 0 ? logged : toIso(loggedAt + delta),
  };
}

function encodeActivity(activity: Activity, dayStart: number): StoredActivity {
  const stored: StoredActivity = [
    compactUuid(activity.id),
    activity.kind,
    activity.kcal,
    activity.minutes,
    toSeconds(activity.loggedAt) - dayStart,
  ];
  return activity.name === undefined ? stored : [...stored, activity.name];
}

/** The activity of a stored one, checked by its schema (a day has few), or null. */
function decodeActivity(stored: unknown, dayStart: number): Activity | null {
  if (!Array.isArray(stored) || stored.length < 5 || stored.length > 6) return null;
  const [id, kind, kcal, minutes, at, name] = stored as unknown[];
  if (typeof id !== 'string' || !COMPACT_ID.test(id) || !Number.isInteger(at)) return null;
  const loggedAt = dayStart + (at as number);
  if (!isEpochSeconds(loggedAt)) return null;
  const parsed = activitySchema.safeParse({
    id: expandUuid(id),
    kind,
    kcal,
    minutes,
    loggedAt: toIso(loggedAt),
    ...(stored.length === 6 ? { name } : {}),
  });
  return parsed.success ? parsed.data : null;
}

/**
 * The JSON text stored for a day; `setAside` are the entries its record set aside before
 * (DecodedDay.setAside), written back exactly as they were. What the entries share is written
 * to `shared` first.
 */
export function encodeDay(day: Day, setAside: readonly unknown[], shared: SharedRecords): string {
  const { entryCount, kcal, protein, fat, carbs } = dayTotals(day);
  const dayStart = dayStartSeconds(day.date);
  // Key order is part of the format: `t` before `e`, so readDaySummary finds it in the header.
  const stored: StoredDay = {
    date: day.date,
    goal: day.goal,
    ...(day.weight === null ? {} : { weight: day.weight }),
    ...(day.water === 0 ? {} : { water: day.water }),
    ...(day.activities.length === 0 ? {} : { activity: burnedKcal(day.activities) }),
    updatedAt: day.updatedAt,
    v: DAY_RECORD_VERSION,
    t: [entryCount, kcal, protein, fat, carbs],
    e: day.entries.map((entry) => encodeEntry(entry, dayStart, shared)),
  };
  if (day.activities.length > 0)
    stored.a = day.activities.map((activity) => encodeActivity(activity, dayStart));
  if (setAside.length > 0) stored.x = [...setAside];
  if (day.details && Object.keys(day.details).length > 0) stored.details = day.details;
  return JSON.stringify(stored);
}

// A number as JSON.stringify writes the ones stored here (none is negative).
const NUMBER = String.raw`\d+(?:\.\d+)?(?:e[+-]\d+)?`;
/**
 * The header of a record exactly as encodeDay writes it, up to where its entries begin; the
 * captures are the date's year, month and day, the goal, the weight, the water and the activity's
 * kcal (each if any) and the five sums. Nothing
 * in it is text a user typed. Any other form (an older record, an edited one) does not match.
 */
const WRITTEN_HEADER = new RegExp(
  String.raw`^\{"date":"((\d{4})-(\d{2})-(\d{2}))","goal":(\d+),(?:"weight":(null|${NUMBER}),)?(?:"water":(\d+),)?(?:"activity":(\d+),)?` +
    String.raw`"updatedAt":"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z","v":${DAY_RECORD_VERSION},` +
    String.raw`"t":\[(\d+),(${NUMBER}),(${NUMBER}),(${NUMBER}),(${NUMBER})\],"e":\[`,
);

/**
 * The day's totals from the sums stored in its record (`t`), read from the header alone with
 * one regular expression: no JSON parse, and none of the entries, which are most of a first
 * read of ten years. Null unless the header is exactly as this app writes it and every figure
 * is in range; the caller then reads the record in full (decodeDayTotals), which decides. The
 * entries and the timestamp are not checked here, so a caller that shows these totals checks
 * the record in full later (GuestRepository does).
 */
export function readDaySummary(text: string): DayTotals | null {
  const match = WRITTEN_HEADER.exec(text);
  if (match === null) return null;
  const goal = Number(match[5]);
  const weight = match[6] === undefined || match[6] === 'null' ? null : Number(match[6]);
  const water = match[7] === undefined ? 0 : Number(match[7]);
  const activity = match[8] === undefined ? 0 : Number(match[8]);
  const entryCount = Number(match[9]);
  const kcal = Number(match[10]);
  const protein = Number(match[11]);
  const fat = Number(match[12]);
  const carbs = Number(match[13]);
  const details = detailsInRecord(text);
  const valid =
    details !== undefined &&
    isCalendarDay(Number(match[2]), Number(match[3]), Number(match[4])) &&
    inRange(goal, GOAL_KCAL) &&
    (weight === null || inRange(weight, WEIGHT_KG)) &&
    isWater(water) &&
    activity <= MAX_DAY_ACTIVITY_KCAL &&
    dayMayHold(entryCount) &&
    kcal <= entryCount * MAX_ENTRY_KCAL &&
    protein <= entryCount * MAX_ENTRY_MACRO &&
    fat <= entryCount * MAX_ENTRY_MACRO &&
    carbs <= entryCount * MAX_ENTRY_MACRO;
  return valid
    ? { date: match[1]!, goal, weight, water, activity, details, entryCount, kcal, protein, fat, carbs }
    : null;
}

/** Where a record's details begin: encodeDay writes them last, after the entries. */
const DETAILS_KEY = ',"details":';

/**
 * The details a record holds last as the stats read them (chartedDetails), without parsing the
 * rest of the record: null when it has none,
 * undefined when they do not read as details (the caller reads the record in full, which
 * decides). The key cannot be met inside a note, as JSON writes its quotes as `\"`; met inside
 * a newer build's set-aside part instead, what follows does not parse as the record's end.
 */
function detailsInRecord(text: string): DayDetails | null | undefined {
  const start = text.lastIndexOf(DETAILS_KEY);
  if (start === -1) return null;
  try {
    const parsed = dayDetailsSchema.safeParse(JSON.parse(text.slice(start + DETAILS_KEY.length, -1)));
    return parsed.success ? chartedDetails(parsed.data) : undefined;
  } catch {
    return undefined;
  }
}

/** A stored day whose header passed its check, still in the layout it was stored in. */
type CheckedDay =
  | {
      layout: 'compact';
      day: Omit<Day, 'entries'>;
      dayStart: number;
      entries: unknown[][];
      setAside: unknown[];
    }
  | { layout: 'plain'; day: Day; setAside: unknown[] };

/** The header of a plain record (entries as objects); each entry is checked on its own. */
const plainDaySchema = z.object({
  date: isoDateSchema,
  goal: goalSchema,
  weight: z._default(z.nullable(weightSchema), null),
  water: z._default(waterSchema, 0),
  updatedAt: timestampSchema,
  entries: z.array(z.unknown()),
  activities: z.optional(z.array(z.unknown())),
  x: z.optional(z.array(z.unknown())),
  details: z.optional(dayDetailsSchema),
});

/**
 * Reads a stored day (the compact layout, or a plain `entries` array of objects) and validates
 * it. A header that does not hold together makes the record unreadable (the repository keeps it
 * and reports it); an entry that does not is set aside on its own, with the entries set aside
 * before, and the rest of the day reads as usual.
 */
function checkDay(
  text: string,
  shared: SharedRecords | null,
): { ok: true; checked: CheckedDay } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: NOT_JSON };
  }
  if (typeof raw === 'object' && raw !== null && 'e' in raw) {
    const read = readDayHeader(raw);
    if (!read.ok) return read;
    const { date, goal, weight, water, updatedAt, e, a = [], x = [], details } = read.header;
    const dayStart = dayStartSeconds(date);
    const entries: unknown[][] = [];
    const setAside: unknown[] = [];
    const activities: Activity[] = [];
    for (const stored of a) {
      const activity = decodeActivity(stored, dayStart);
      if (activity) activities.push(activity);
      else setAside.push(stored);
    }
    // An indexed loop, for the same reason as in isStoredEntry.
    for (let index = 0; index < e.length; index++) {
      const stored = e[index];
      if (isStoredEntry(stored, dayStart, shared)) entries.push(stored as unknown[]);
      else setAside.push(stored);
    }
    // One set aside by an earlier build (an entry of a later layout, which it could not read)
    // is taken back once it passes; an id already among the entries stays aside.
    const ids = x.length > 0 ? new Set(entries.map((entry) => entry[0])) : null;
    for (const stored of x) {
      if (isStoredEntry(stored, dayStart, shared) && !ids!.has((stored as unknown[])[0])) {
        entries.push(stored as unknown[]);
        ids!.add((stored as unknown[])[0]);
      } else if (!takeBackActivity(activities, decodeActivity(stored, dayStart))) setAside.push(stored);
    }
    return {
      ok: true,
      checked: {
        layout: 'compact',
        day: { date, goal, weight, water, activities, ...someDetails(details), updatedAt },
        dayStart,
        entries,
        setAside,
      },
    };
  }
  const parsed = plainDaySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: describe(parsed.error) };
  const { entries: items, activities: activityItems = [], x = [], details, ...header } = parsed.data;
  const entries: Entry[] = [];
  const activities: Activity[] = [];
  const setAside = [...x];
  for (const item of items) {
    const entry = entrySchema.safeParse(item);
    if (entry.success) entries.push(entry.data);
    else setAside.push(item);
  }
  for (const item of activityItems) {
    const activity = activitySchema.safeParse(item);
    if (activity.success) activities.push(activity.data);
    else setAside.push(item);
  }
  return {
    ok: true,
    checked: { layout: 'plain', day: { ...header, entries, activities, ...someDetails(details) }, setAside },
  };
}

/** A readable day, and the entries of its record that were set aside (see the `x` field above). */
export type DecodedDay = { ok: true; day: Day; setAside: unknown[] };

/** The day stored as `text`, or why it cannot be read. */
export function decodeDay(
  text: string,
  shared: SharedRecords | null = null,
): DecodedDay | { ok: false; reason: string } {
  const result = checkDay(text, shared);
  if (!result.ok) return result;
  const { checked } = result;
  if (checked.layout === 'plain') return { ok: true, day: checked.day, setAside: checked.setAside };
  const { dayStart } = checked;
  return {
    ok: true,
    day: { ...checked.day, entries: checked.entries.map((entry) => decodeEntry(entry, dayStart, shared)) },
    setAside: checked.setAside,
  };
}

/**
 * What the stats need of the day stored as `text`: the same checks as decodeDay(), then the
 * sums, without rebuilding each entry's id and timestamps (most of a full read of ten years).
 * The entries are added in their stored order, so the sums equal dayTotals(decodeDay(text)).
 */
export function decodeDayTotals(
  text: string,
  shared: SharedRecords | null = null,
): { ok: true; totals: DayTotals } | { ok: false; reason: string } {
  const result = checkDay(text, shared);
  if (!result.ok) return result;
  const { checked } = result;
  if (checked.layout === 'plain') return { ok: true, totals: dayTotals(checked.day) };
  let kcal = 0;
  let protein = 0;
  let fat = 0;
  let carbs = 0;
  const { entries } = checked;
  // An indexed loop, for the same reason as in isStoredEntry.
  // Each figure as decodeEntry gives it, added in the same order as dayTotals adds them.
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as number[];
    const legacy = isLegacy(entry);
    const field = legacy ? LEGACY_ENTRY_FIELD : ENTRY_FIELD;
    const scale = !legacy && entry[1]! % MEAL_BLOCK < TENTHS_BELOW ? 10 : 1;
    kcal += entry[field.kcal]!;
    protein += entry[field.protein]! / scale;
    fat += entry[field.fat]! / scale;
    carbs += entry[field.carbs]! / scale;
  }
  const { date, goal, weight, water } = checked.day;
  return {
    ok: true,
    totals: {
      date,
      goal,
      weight,
      water,
      activity: burnedKcal(checked.day.activities),
      details: chartedDetails(checked.day.details),
      entryCount: entries.length,
      kcal: cleanSum(kcal),
      protein: cleanSum(protein),
      fat: cleanSum(fat),
      carbs: cleanSum(carbs),
    },
  };
}

/**
 * The entries still readable in a record whose header is not (a copy kept aside by an earlier
 * build, say), and those that are not, as stored; null when the text holds no entry list. An
 * entry of the current layout reads only when the record still names a real date.
 */
export function salvageEntries(
  text: string,
  shared: SharedRecords | null = null,
): { entries: Entry[]; setAside: unknown[] } | null {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const {
    date,
    e,
    entries: plain,
    x,
  } = raw as { date?: unknown; e?: unknown; entries?: unknown; x?: unknown };
  const list = Array.isArray(e) ? e : Array.isArray(plain) ? plain : null;
  if (!list) return null;
  const dayStart = typeof date === 'string' && isIsoDate(date) ? dayStartSeconds(date) : NaN;
  const entries: Entry[] = [];
  const setAside: unknown[] = Array.isArray(x) ? [...x] : [];
  for (const item of list) {
    if (isStoredEntry(item, dayStart, shared)) {
      entries.push(decodeEntry(item as unknown[], dayStart, shared));
      continue;
    }
    const parsed = entrySchema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
    else setAside.push(item);
  }
  return { entries, setAside };
}

/**
 * Takes back an activity set aside by an earlier build (one of a kind it did not know) unless
 * its id is already among the day's; answers whether it did.
 */
function takeBackActivity(activities: Activity[], activity: Activity | null): boolean {
  if (!activity || activities.some((known) => known.id === activity.id)) return false;
  activities.push(activity);
  return true;
}

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}`;
}
