import 'server-only';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { BaseUpdatedAt, DayPatch } from '@/lib/schemas/api';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { conflict, notFound } from '@/lib/server/http';
import type { Database } from './client';
import { days, entries, settings } from './schema';
import { isStale } from './stale';

type DayRow = typeof days.$inferSelect;
type EntryRow = typeof entries.$inferSelect;

export function toEntry(row: EntryRow): Entry {
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
    loggedAt: row.loggedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
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
    loggedAt: new Date(entry.loggedAt),
    updatedAt: new Date(entry.updatedAt),
  };
}

export function toDay(row: DayRow, dayEntries: Entry[]): Day {
  return {
    date: row.date,
    goal: row.goal,
    weight: row.weight,
    entries: dayEntries,
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
      'loggedAt',
      'updatedAt',
    ] as const
  ).map((key) => [key, sql.raw(`excluded.${entries[key].name}`)]),
);

/** A day with its entries, in one round trip; null when it was never written. */
export async function getDay(db: Database, userId: string, date: string): Promise<Day | null> {
  const rows = await db
    .select({ day: days, entry: entries })
    .from(days)
    .leftJoin(entries, and(eq(entries.userId, days.userId), eq(entries.date, days.date)))
    .where(ownDay(userId, date))
    .orderBy(...entryOrder);
  const first = rows[0];
  if (!first) return null;
  return toDay(
    first.day,
    rows.flatMap((row) => (row.entry ? [toEntry(row.entry)] : [])),
  );
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

/** Locks the day row for the rest of the transaction; answers its updatedAt, or null when new. */
async function lockDay(db: Database, userId: string, date: string): Promise<Date | null> {
  const [row] = await db
    .select({ updatedAt: days.updatedAt })
    .from(days)
    .where(ownDay(userId, date))
    .for('update');
  return row?.updatedAt ?? null;
}

/** Creates the day with the goal in force now, or marks it changed. */
async function touchDay(db: Database, userId: string, date: string, now: Date): Promise<void> {
  await db
    .insert(days)
    .values({
      userId,
      date,
      goal: sql`(select ${settings.currentGoal} from ${settings} where ${settings.userId} = ${userId})`,
      weight: null,
      updatedAt: now,
    })
    .onConflictDoUpdate({ target: [days.userId, days.date], set: { updatedAt: now } });
}

async function currentDayConflict(db: Database, userId: string, date: string) {
  return conflict(await getDay(db, userId, date));
}

/** Sets the weight and/or the goal of a day, creating it with the current goal when absent. */
export async function updateDay(
  db: Database,
  userId: string,
  date: string,
  patch: Omit<DayPatch, 'baseUpdatedAt'>,
  base: BaseUpdatedAt,
): Promise<Day> {
  return db.transaction(async (tx) => {
    if (isStale(await lockDay(tx, userId, date), base)) throw await currentDayConflict(tx, userId, date);
    const now = new Date();
    await touchDay(tx, userId, date, now);
    const changes = {
      ...(patch.weight !== undefined ? { weight: patch.weight } : {}),
      ...(patch.goal !== undefined ? { goal: patch.goal } : {}),
    };
    if (Object.keys(changes).length > 0) await tx.update(days).set(changes).where(ownDay(userId, date));
    return (await getDay(tx, userId, date))!;
  });
}

/**
 * Adds or replaces an entry by its id and answers the whole day. The same entry sent again (a
 * retry after a lost answer) changes nothing and is no conflict. An id already stored on another
 * date moves here.
 */
export async function putEntry(
  db: Database,
  userId: string,
  date: string,
  entry: Entry,
  base: BaseUpdatedAt,
): Promise<Day> {
  return db.transaction(async (tx) => {
    const storedAt = await lockDay(tx, userId, date);
    const row = entryRow(userId, date, entry);
    const [stored] = await tx
      .select()
      .from(entries)
      .where(and(eq(entries.userId, userId), eq(entries.id, entry.id)));
    // Checked before the base: a retry carries the base of the write it repeats, which succeeded.
    if (stored && stored.date === date && JSON.stringify(toEntry(stored)) === JSON.stringify(toEntry(row))) {
      return (await getDay(tx, userId, date))!;
    }
    if (isStale(storedAt, base)) throw await currentDayConflict(tx, userId, date);
    const now = new Date();
    await touchDay(tx, userId, date, now);
    if (stored && stored.date !== date)
      await tx.update(days).set({ updatedAt: now }).where(ownDay(userId, stored.date));
    await tx
      .insert(entries)
      .values(row)
      .onConflictDoUpdate({ target: [entries.userId, entries.id], set: entryUpsertSet });
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
