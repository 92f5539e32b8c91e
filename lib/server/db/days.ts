import 'server-only';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { BaseUpdatedAt, DayPatch } from '@/lib/schemas/api';
import type { Activity } from '@/lib/schemas/activity';
import { someDetails, type Day, type DayDetails } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { applyChange, fieldChanges, type DayChange } from '@/lib/diary/day-change';
import * as rules from '@/lib/diary/day-rules';
import { weekdays } from '@/lib/diary/dates';
import { LIMITS } from '@/lib/limits';
import { knownNutrients, withKnown, type Nutrients } from '@/lib/diary/nutrients';
import { conflict, notFound } from '@/lib/server/http';
import { hasDatabaseCode, rawQuery, type Database } from './client';
import { days, entries } from './schema';
import { getSettings } from './settings';
import { isStale } from './stale';

type DayRow = typeof days.$inferSelect;
type EntryRow = typeof entries.$inferSelect;

/**
 * An entry's stored fields: its timestamps as drizzle reads them (Dates) or as the hot
 * statements answer them (ISO text, isoText below).
 */
type StoredEntry = Omit<EntryRow, 'userId' | 'date' | 'loggedAt' | 'updatedAt'> & {
  loggedAt: Date | string;
  updatedAt: Date | string;
};

const isoOf = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());

export function toEntry(row: StoredEntry): Entry {
  return {
    id: row.id,
    meal: row.meal as Entry['meal'],
    food: row.foodId ?? row.catalogFood ?? null,
    name: row.name,
    amount: row.amount,
    unit: row.unit as Entry['unit'],
    grams: row.grams,
    kcal: row.kcal,
    protein: row.protein,
    fat: row.fat,
    carbs: row.carbs,
    ...withKnown(row.nutrients),
    loggedAt: isoOf(row.loggedAt),
    updatedAt: isoOf(row.updatedAt),
  };
}

export function entryRow(userId: string, date: string, entry: Entry): EntryRow {
  return {
    userId,
    id: entry.id,
    date,
    meal: entry.meal,
    foodId: typeof entry.food === 'number' ? entry.food : null,
    catalogFood: typeof entry.food === 'string' ? entry.food : null,
    name: entry.name,
    amount: entry.amount,
    unit: entry.unit,
    grams: entry.grams,
    kcal: entry.kcal,
    protein: entry.protein,
    fat: entry.fat,
    carbs: entry.carbs,
    nutrients: knownNutrients(entry.nutrients) ?? null,
    loggedAt: new Date(entry.loggedAt),
    updatedAt: new Date(entry.updatedAt),
  };
}

export function toDay(row: DayRow, dayEntries: Entry[]): Day {
  return {
    date: row.date,
    goal: row.goal,
    weight: row.weight,
    water: row.water,
    entries: dayEntries,
    activities: row.activities,
    ...someDetails(row.details),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Entries are listed in the order they were eaten; the id breaks ties so the order is stable. */
export const entryOrder = [asc(entries.loggedAt), asc(entries.id)];
const ownDay = (userId: string, date: string) => and(eq(days.userId, userId), eq(days.date, date));

/** Every column of an entry, for `ON CONFLICT DO UPDATE SET column = excluded.column`. */
export const entryUpsertSet = Object.fromEntries(
  (
    [
      'date',
      'meal',
      'foodId',
      'catalogFood',
      'name',
      'amount',
      'unit',
      'grams',
      'kcal',
      'protein',
      'fat',
      'carbs',
      'nutrients',
      'loggedAt',
      'updatedAt',
    ] as const
  ).map((key) => [key, sql.raw(`excluded.${entries[key].name}`)]),
);

/** A day with its entries, in one round trip; null when it was never written. */
export async function getDay(db: Database, userId: string, date: string): Promise<Day | null> {
  const rows = (await rawQuery(db, 'diary_get_day', GET_DAY_SQL, [userId, date])) as DayEntryRow[];
  return dayOfRows(date, rows);
}

const entryColumns =
  'id, meal, food_id, catalog_food, name, amount, unit, grams, kcal, protein, fat, carbs, nutrients, logged_at, updated_at';

/**
 * A timestamp as the ISO text toISOString() writes (UTC, milliseconds, truncated as the drivers'
 * Dates truncate microseconds). The hot statements answer their timestamps so: parsing each into
 * a Date and formatting it back took about a tenth of an entry upsert's CPU (decision 0034).
 */
const isoText = (column: string, as: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${as}`;

/** The entry columns of DayEntryRow, read from `table`, its timestamps as ISO text. */
const dayEntryColumns = (table: string) =>
  entryColumns
    .split(', ')
    .map((column) => (column.endsWith('_at') ? isoText(`${table}.${column}`, column) : `${table}.${column}`))
    .join(', ');

/** A day's row beside each of its entries (once, with null entry columns, when it has none). */
const GET_DAY_SQL = `
SELECT d.goal, d.weight, d.water, d.activities, d.details, ${isoText('d.updated_at', 'day_updated_at')}, ${dayEntryColumns('e')}
FROM days d LEFT JOIN entries e ON e.user_id = d.user_id AND e.date = d.date
WHERE d.user_id = $1::uuid AND d.date = $2::date
ORDER BY e.logged_at, e.id`;

/** What GET_DAY_SQL and PUT_ENTRY_SQL answer: the day's fields on every row, an entry on each. */
type DayEntryRow = {
  goal: number;
  weight: number | null;
  water: number;
  activities: Activity[];
  details: DayDetails | null;
  day_updated_at: string;
  id: string | null;
  meal: string;
  food_id: number | null;
  catalog_food: string | null;
  name: string;
  amount: number;
  unit: string;
  grams: number | null;
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
  nutrients: Nutrients | null;
  logged_at: string;
  updated_at: string;
};

/** The Day of GET_DAY_SQL's or PUT_ENTRY_SQL's rows; null for none. */
function dayOfRows(date: string, rows: DayEntryRow[]): Day | null {
  const first = rows[0];
  if (!first) return null;
  return {
    date,
    goal: first.goal,
    weight: first.weight,
    water: first.water,
    activities: first.activities,
    ...someDetails(first.details),
    entries: rows.flatMap((stored) =>
      stored.id === null
        ? []
        : [
            toEntry({
              id: stored.id,
              meal: stored.meal,
              foodId: stored.food_id,
              catalogFood: stored.catalog_food,
              name: stored.name,
              amount: stored.amount,
              unit: stored.unit,
              grams: stored.grams,
              kcal: stored.kcal,
              protein: stored.protein,
              fat: stored.fat,
              carbs: stored.carbs,
              nutrients: stored.nutrients,
              loggedAt: stored.logged_at,
              updatedAt: stored.updated_at,
            }),
          ],
    ),
    updatedAt: first.day_updated_at,
  };
}

/** The written days from `from` to `to`, inclusive, in date order. */
export async function listDays(db: Database, userId: string, from: string, to: string): Promise<Day[]> {
  const [dayRows, entryRows] = await Promise.all([
    db
      .select()
      .from(days)
      .where(and(eq(days.userId, userId), between(days.date, from, to)))
      .orderBy(asc(days.date)),
    db
      .select()
      .from(entries)
      .where(and(eq(entries.userId, userId), between(entries.date, from, to)))
      .orderBy(asc(entries.date), ...entryOrder),
  ]);
  const byDate = new Map<string, Entry[]>();
  for (const row of entryRows) {
    const list = byDate.get(row.date) ?? [];
    list.push(toEntry(row));
    byDate.set(row.date, list);
  }
  return dayRows.map((row) => toDay(row, byDate.get(row.date) ?? []));
}

/** What the written days from `from` to `to` hold beyond food (a fast under way, for its reminder). */
export async function listDayDetails(
  db: Database,
  userId: string,
  from: string,
  to: string,
): Promise<Array<Pick<Day, 'date' | 'details'>>> {
  const rows = await db
    .select({ date: days.date, details: days.details })
    .from(days)
    .where(and(eq(days.userId, userId), between(days.date, from, to)));
  return rows.map((row) => ({ date: row.date, ...someDetails(row.details) }));
}

/** Locks the day row for the rest of the transaction; answers its updatedAt, or null when new. */
async function lockDay(db: Database, userId: string, date: string): Promise<Date | null> {
  const [row] = await db
    .select({ updatedAt: days.updatedAt })
    .from(days)
    .where(ownDay(userId, date))
    .for('update');
  return row?.updatedAt ?? null;
}

/**
 * Locks the user's rows of these days in date order, so two writes that both touch the same two
 * days wait for each other instead of each holding one and waiting for the other; answers each
 * locked day's updatedAt by date.
 */
async function lockDays(db: Database, userId: string, dates: string[]): Promise<Map<string, Date>> {
  const rows = await db
    .select({ date: days.date, updatedAt: days.updatedAt })
    .from(days)
    .where(and(eq(days.userId, userId), inArray(days.date, [...new Set(dates)])))
    .orderBy(asc(days.date))
    .for('update');
  return new Map(rows.map((row) => [row.date, row.updatedAt]));
}

/**
 * Locks the day's row for the rest of the transaction, making it first (the goal in force, nothing
 * else) when there is none, and answers the updatedAt it had, or null when this write makes it.
 * Every read-modify-write of a day's own fields goes through here: two writes that each found no
 * row to lock would each start the day, and the second's upsert would drop what the first wrote
 * (its water, its activities). The row made here is rolled back with the rest if the write is
 * refused. `isRefused` is asked before the row is made, of the version found.
 */
async function lockOrStartDay(
  db: Database,
  userId: string,
  date: string,
  now: Date,
  isRefused: (storedAt: Date | null) => boolean = () => false,
): Promise<Date | null> {
  const storedAt = await lockDay(db, userId, date);
  if (storedAt !== null || isRefused(null)) return storedAt;
  const fresh = rules.newDay(date, await getSettings(db, userId), now.toISOString());
  const made = await db
    .insert(days)
    .values({ userId, date, goal: fresh.goal, updatedAt: now })
    .onConflictDoNothing({ target: [days.userId, days.date] })
    .returning({ date: days.date });
  // Another write made it meanwhile: its version, once it has let go.
  return made.length > 0 ? null : lockDay(db, userId, date);
}

/**
 * The day to change as stored, or a new one by the day's rules (the goal in force now); the
 * caller holds its lock.
 */
async function dayForWrite(db: Database, userId: string, date: string, now: Date): Promise<Day> {
  return (
    (await getDay(db, userId, date)) ?? rules.newDay(date, await getSettings(db, userId), now.toISOString())
  );
}

/** Writes the day's own fields (its goal, weight, water, activities, details) and marks it changed at `now`. */
async function saveDayFields(db: Database, userId: string, day: Day, now: Date): Promise<void> {
  const fields = {
    goal: day.goal,
    weight: day.weight,
    water: day.water,
    activities: day.activities,
    details: day.details ?? null,
    updatedAt: now,
  };
  await db
    .insert(days)
    .values({ userId, date: day.date, ...fields })
    .onConflictDoUpdate({ target: [days.userId, days.date], set: fields });
}

async function currentDayConflict(db: Database, userId: string, date: string) {
  return conflict(await getDay(db, userId, date));
}

/** Sets the weight, the water and/or the goal of a day, creating it with the current goal when absent. */
export async function updateDay(
  db: Database,
  userId: string,
  date: string,
  patch: Omit<DayPatch, 'baseUpdatedAt'>,
  base: BaseUpdatedAt,
): Promise<Day> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const stale = (storedAt: Date | null) => isStale(storedAt, base);
    if (stale(await lockOrStartDay(tx, userId, date, now, stale)))
      throw await currentDayConflict(tx, userId, date);
    let day = await dayForWrite(tx, userId, date, now);
    for (const change of fieldChanges(patch)) day = applyChange(day, change);
    await saveDayFields(tx, userId, day, now);
    return (await getDay(tx, userId, date))!;
  });
}

/**
 * Adds or replaces an entry by its id and answers the whole day. The same entry sent again (a
 * retry after a lost answer) changes nothing and is no conflict. An id already stored on another
 * date moves here, and that day is marked changed too.
 *
 * Usually one statement (putEntryAtOnce); when it cannot decide alone, the transaction below,
 * which locks the day first and then reads what it needs.
 */
export async function putEntry(
  db: Database,
  userId: string,
  date: string,
  entry: Entry,
  base: BaseUpdatedAt,
): Promise<Day> {
  // Moving an entry writes two days, locked in date order. An entry another write moved between
  // our read and our locks left a day unlocked: nothing was written, and it goes again.
  return retryingRaces(
    (attempt) =>
      attempt === 1
        ? putEntryAtOnce(db, userId, date, entry, base).then(
            (day) => day ?? putEntryLocked(db, userId, date, entry, base),
          )
        : putEntryLocked(db, userId, date, entry, base),
    (error) => error instanceof MovedMeanwhile,
  );
}

/** How often a write that raced another one is made again before it is a 500. */
const WRITE_TRIES = 4;

/**
 * Runs the transaction `write` makes, and makes it again when it lost a race and wrote nothing:
 * a deadlock PostgreSQL broke by failing it (40P01), or what `lostRace` also counts as one. The
 * writes lock days in date order, so a deadlock should not happen, but is no 500 either while a
 * try is left.
 */
export async function retryingRaces<T>(
  write: (attempt: number) => Promise<T>,
  lostRace: (error: unknown) => boolean = () => false,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write(attempt);
    } catch (error) {
      const again = lostRace(error) || hasDatabaseCode(error, '40P01');
      if (attempt >= WRITE_TRIES || !again) throw error;
    }
  }
}

/** The entry moved to a day this transaction did not lock; it rolls back and goes again. */
class MovedMeanwhile extends Error {}

async function putEntryLocked(
  db: Database,
  userId: string,
  date: string,
  entry: Entry,
  base: BaseUpdatedAt,
): Promise<Day> {
  return db.transaction(async (tx) => {
    const storedEntry = () =>
      tx
        .select()
        .from(entries)
        .where(and(eq(entries.userId, userId), eq(entries.id, entry.id)));
    // The day the entry is on now is written too when it moves: both are locked first, in order.
    const [before] = await storedEntry();
    const locked = await lockDays(tx, userId, before ? [date, before.date] : [date]);
    const now = new Date();
    const stale = (at: Date | null) => isStale(at, base);
    // The day is started here when new, after the locks taken in date order (see lockOrStartDay).
    const storedAt = locked.get(date) ?? (await lockOrStartDay(tx, userId, date, now, stale));
    const row = entryRow(userId, date, entry);
    const [stored] = await storedEntry();
    if (stored && stored.date !== date && stored.date !== before?.date) throw new MovedMeanwhile();
    // Checked before the base: a retry carries the base of the write it repeats, which succeeded.
    if (stored && stored.date === date && JSON.stringify(toEntry(stored)) === JSON.stringify(toEntry(row))) {
      return (await getDay(tx, userId, date))!;
    }
    if (stale(storedAt)) throw await currentDayConflict(tx, userId, date);
    // The day row is locked, so no other write can add an entry between the rules' check (the
    // entry, the day's room) and the insert.
    const day = await dayForWrite(tx, userId, date, now);
    rules.putEntry(day, entry);
    await saveDayFields(tx, userId, day, now);
    if (stored && stored.date !== date)
      await tx.update(days).set({ updatedAt: now }).where(ownDay(userId, stored.date));
    await tx
      .insert(entries)
      .values(row)
      .onConflictDoUpdate({ target: [entries.userId, entries.id], set: entryUpsertSet });
    return (await getDay(tx, userId, date))!;
  });
}

/**
 * rules.goalInForce() of settings row `s` for date $2: its weekday's goal where one is set, else
 * the daily goal. Weekday keys as lib/diary/dates.ts names them, Monday first (ISO day 1).
 */
const GOAL_IN_FORCE_SQL = `coalesce((s.weekday_goals ->> (ARRAY[${weekdays
  .map((day) => `'${day}'`)
  .join(', ')}])[extract(isodow from $2::date)::integer])::integer, s.current_goal)`;

/**
 * putEntryLocked in one statement, for the common case: a new or changed entry on a fresh base.
 * It decides on what the statement's snapshot shows (the day's updatedAt against the base, the
 * stored entry against the one sent, compared as toEntry() would), then writes the day and the
 * entry. A move to another day is left to the locked path: a statement that locked the two days
 * in its own order deadlocked with a move the other way, which PostgreSQL breaks only after its
 * deadlock_timeout (1 s). Its answer is the snapshot's other entries of the day plus
 * the written one, which is the day after the write only if nobody changed the day in between:
 * every change of a day's entries also rewrites the day row, so the day upsert goes ahead only
 * when the row it locks is still the version the snapshot read (`xmin`, its writing
 * transaction), which also keeps the snapshot's count of the day's entries true for the
 * limit of entries per day. A retry, a stale base, a new entry for a full day or a race with
 * another write of the same day writes nothing and answers no rows; the locked transaction then
 * decides, as it always did.
 * Timestamps compare at millisecond precision, as the JavaScript Dates of toEntry() and
 * isStale() do.
 */
const PUT_ENTRY_SQL = `
WITH before_day AS (
  SELECT xmin AS version, date_trunc('milliseconds', updated_at) AS updated_at
  FROM days WHERE user_id = $1::uuid AND date = $2::date
), before_entry AS (
  SELECT date, (
    date = $2::date AND id::text = $3::text AND meal = $4::text
    AND food_id IS NOT DISTINCT FROM $5::integer AND catalog_food IS NOT DISTINCT FROM $6::text
    AND name = $7::text AND amount = $8::float8 AND unit = $9::text
    AND grams IS NOT DISTINCT FROM $10::float8 AND kcal = $11::float8 AND protein = $12::float8
    AND fat = $13::float8 AND carbs = $14::float8 AND nutrients IS NOT DISTINCT FROM $21::jsonb
    AND date_trunc('milliseconds', logged_at) = $15::timestamptz
    AND date_trunc('milliseconds', updated_at) = $16::timestamptz
  ) AS same
  FROM entries WHERE user_id = $1::uuid AND id = $3::uuid
), day AS (
  INSERT INTO days AS d (user_id, date, goal, weight, updated_at)
  SELECT $1::uuid, $2::date, ${GOAL_IN_FORCE_SQL}, NULL, $19::timestamptz FROM settings s
  WHERE s.user_id = $1::uuid
    AND NOT coalesce((SELECT same FROM before_entry), false)
    AND (NOT $17::boolean OR (SELECT updated_at FROM before_day) IS NOT DISTINCT FROM $18::timestamptz)
    AND coalesce((SELECT date = $2::date FROM before_entry), true)
    AND (EXISTS (SELECT FROM before_entry)
      OR (SELECT count(*) FROM entries WHERE user_id = $1::uuid AND date = $2::date) < $20::integer)
  ON CONFLICT (user_id, date) DO UPDATE SET updated_at = excluded.updated_at
    WHERE d.xmin = (SELECT version FROM before_day)
  RETURNING d.goal, d.weight, d.water, d.activities, d.details, d.updated_at
), entry AS (
  INSERT INTO entries AS e (user_id, date, ${entryColumns})
  SELECT $1::uuid, $2::date, $3::uuid, $4::text, $5::integer, $6::text, $7::text, $8::float8, $9::text,
    $10::float8, $11::float8, $12::float8, $13::float8, $14::float8, $21::jsonb, $15::timestamptz,
    $16::timestamptz
  FROM day
  ON CONFLICT (user_id, id) DO UPDATE SET date = excluded.date, ${entryColumns
    .split(', ')
    .slice(1)
    .map((column) => `${column} = excluded.${column}`)
    .join(', ')}
  RETURNING ${entryColumns.replace(/(\w+)/g, 'e.$1')}
)
SELECT day.goal, day.weight, day.water, day.activities, day.details, ${isoText('day.updated_at', 'day_updated_at')}, ${dayEntryColumns('x')}
FROM day CROSS JOIN LATERAL (
  SELECT ${entryColumns} FROM entries
  WHERE user_id = $1::uuid AND date = $2::date AND id <> $3::uuid
  UNION ALL
  SELECT * FROM entry
) x
ORDER BY x.logged_at, x.id`;

/** The day after the write, or null when the locked transaction has to decide (see PUT_ENTRY_SQL). */
async function putEntryAtOnce(
  db: Database,
  userId: string,
  date: string,
  entry: Entry,
  base: BaseUpdatedAt,
): Promise<Day | null> {
  const row = entryRow(userId, date, entry);
  const baseAt = base ? new Date(Date.parse(base)) : null;
  // Leaves what Date cannot hold to the locked path, which answers it as it always did.
  if ([row.loggedAt, row.updatedAt, ...(baseAt ? [baseAt] : [])].some((at) => Number.isNaN(at.getTime())))
    return null;
  const rows = (await rawQuery(db, 'diary_put_entry', PUT_ENTRY_SQL, [
    userId,
    date,
    entry.id,
    row.meal,
    row.foodId,
    row.catalogFood,
    row.name,
    row.amount,
    row.unit,
    row.grams,
    row.kcal,
    row.protein,
    row.fat,
    row.carbs,
    row.loggedAt.toISOString(),
    row.updatedAt.toISOString(),
    base !== undefined,
    baseAt?.toISOString() ?? null,
    new Date().toISOString(),
    LIMITS.entriesPerDay.max,
    row.nutrients === null ? null : JSON.stringify(row.nutrients),
  ])) as DayEntryRow[];
  return dayOfRows(date, rows);
}

/**
 * Applies one change of a day (lib/diary/day-change.ts) and answers the day after it, as the
 * batch endpoint and anything else holding a typed change writes. Entries live in a table of
 * their own (with the fast path of decision 0033 and a version per entry write); everything else
 * a day holds is its row's, changed by the day's rules on the locked day. `base` is the day's
 * version an entry write was made on (absent: the newest copy of the entry wins). A removal of
 * something the day does not hold is a 404, as the route of its own answers.
 */
export async function changeDay(
  db: Database,
  userId: string,
  date: string,
  change: DayChange,
  base?: BaseUpdatedAt,
): Promise<Day> {
  // Activities carry no base: each is written whole by its own id, so two devices adding theirs
  // keep both, and the same one sent again (a retry) changes nothing but the day's updatedAt.
  switch (change.kind) {
    case 'putEntry':
      return putEntry(db, userId, date, change.entry, base);
    case 'deleteEntry':
      return deleteEntry(db, userId, date, change.entryId);
    default:
      return changeDayLocked(db, userId, date, (day) => {
        const next = applyChange(day, change);
        // A change that changes nothing is a removal of what the day does not hold, as the
        // stores on the device judge it (the rules hand back the same day only then).
        if (next === day) throw notFound();
        return next;
      });
  }
}

async function changeDayLocked(
  db: Database,
  userId: string,
  date: string,
  change: (day: Day) => Day,
): Promise<Day> {
  return db.transaction(async (tx) => {
    const now = new Date();
    await lockOrStartDay(tx, userId, date, now);
    const day = change(await dayForWrite(tx, userId, date, now));
    await saveDayFields(tx, userId, day, now);
    return (await getDay(tx, userId, date))!;
  });
}

/** Deletes an entry of the day and answers the day; 404 when the day has no such entry. */
export async function deleteEntry(db: Database, userId: string, date: string, id: string): Promise<Day> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(entries)
      .where(and(eq(entries.userId, userId), eq(entries.date, date), eq(entries.id, id)))
      .returning({ id: entries.id });
    if (deleted.length === 0) throw notFound();
    await tx.update(days).set({ updatedAt: new Date() }).where(ownDay(userId, date));
    return (await getDay(tx, userId, date))!;
  });
}
