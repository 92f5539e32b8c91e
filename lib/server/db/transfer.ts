import 'server-only';
import { checkDayFits } from '@/lib/diary/day-rules';
import { and, eq, inArray, notBetween, sql } from 'drizzle-orm';
import { importPlan, mergeDays, mergeFoods, remapRecipe, type FoodMerge } from '@/lib/diary/import-merge';
import {
  importedName,
  planSettings,
  travellingSettings,
  type SettingsChoice,
} from '@/lib/diary/settings-merge';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { EXPORT_FORMAT, EXPORT_VERSION, type DiaryExport, type ImportPlan } from '@/lib/schemas/export';
import type { Food } from '@/lib/schemas/food';
import type { Database } from './client';
import { entryOrder, entryRow, entryUpsertSet, listDays, retryingRaces, toDay, toEntry } from './days';
import { foodColumns, listFoods } from './foods';
import { days, entries, foods, settings, users } from './schema';
import { getSettings, settingsColumns } from './settings';

// Rows per INSERT: PostgreSQL takes at most 65,535 parameters per statement (16 per entry).
const BATCH = 1000;

/** Everything the account holds, as the export file (docs/export-format.md). */
export async function exportDiary(db: Database, userId: string): Promise<DiaryExport> {
  const [accountSettings, foodList, dayList] = await Promise.all([
    getSettings(db, userId),
    listFoods(db, userId),
    listDays(db, userId, '0001-01-01', '9999-12-31'),
  ]);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    settings: accountSettings,
    foods: foodList,
    days: dayList,
  };
}

/**
 * Merges an export into the account in one transaction, with the same rules as guest storage
 * (lib/diary/import-merge.ts): foods by name and brand, entries by id, the newer record
 * winning, and the imported updatedAt kept. Importing the same document again changes nothing,
 * so a large export can be sent in chunks of days (each with the same foods and settings), and a
 * chunk can be retried. With `dryRun` it only answers what it would change.
 */
export async function importDiary(
  db: Database,
  userId: string,
  data: DiaryExport,
  options: ImportOptions,
): Promise<ImportPlan> {
  // Entry writes racing the import on its days: nothing of a try that lost is written.
  return retryingRaces(() => importOnce(db, userId, data, options));
}

type ImportOptions = { dryRun: boolean; settings?: SettingsChoice };

async function importOnce(
  db: Database,
  userId: string,
  data: DiaryExport,
  { dryRun, settings: choice }: ImportOptions,
): Promise<ImportPlan> {
  return db.transaction(async (tx) => {
    // One import of a user at a time: two chunks in parallel must not both add the same food.
    // FOR NO KEY UPDATE, not FOR UPDATE: every new day or entry's foreign key check takes a KEY
    // SHARE lock on this row, which FOR UPDATE blocks; an entry write holding its day's row then
    // waited on this row while the import waited on that day's row, a deadlock (issue 48).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');

    const storedFoods = await listFoods(tx, userId);
    const foodMerge = mergeFoods(storedFoods, data.foods);
    const storedDays = await daysTouched(tx, userId, data.days);
    const current = await getSettings(tx, userId);
    const settingsPlan = planSettings(current, data.settings, choice);

    if (dryRun) {
      const planned = mergeDays(storedDays, data.days, foodMerge.idMap);
      refuseOverfullDays(planned.changed);
      return importPlan(foodMerge, planned, settingsPlan);
    }

    const localIds = await writeFoods(tx, userId, storedFoods, foodMerge);
    // mergeFoods numbers new foods itself (the guest rule); here the database does.
    const idMap = new Map(
      [...foodMerge.idMap].map(([imported, local]) => [imported, localIds.get(local) ?? local]),
    );
    const dayMerge = mergeDays(storedDays, data.days, idMap);
    // Thrown inside the transaction: the foods written above roll back with it.
    refuseOverfullDays(dayMerge.changed);
    await writeDays(tx, userId, storedDays, dayMerge.changed);
    if (settingsPlan.applied) {
      // Only the settings that travel: the account's name and email stay its own.
      const now = new Date();
      await tx
        .update(settings)
        .set({ ...settingsColumns(travellingSettings(data.settings)), savedAt: now, updatedAt: now })
        .where(eq(settings.userId, userId));
    }
    const name = importedName(current, data.settings);
    if (name !== null) {
      const now = new Date();
      await tx
        .update(settings)
        .set({ name, savedAt: now, updatedAt: now })
        .where(eq(settings.userId, userId));
    }
    return importPlan(foodMerge, dayMerge, settingsPlan);
  });
}

/** Refuses (a 400) the first day the import would make longer than a day may be. */
function refuseOverfullDays(changed: Day[]): void {
  for (const day of changed) checkDayFits(day);
}

/**
 * The stored days an import may change, by date: those between its first and last date, and
 * those outside that span holding one of its entries (moved there since the file was made, or
 * the file is one part of a larger one), which mergeDays needs to see which copy is newer.
 */
async function daysTouched(db: Database, userId: string, imported: Day[]): Promise<Map<string, Day>> {
  if (imported.length === 0) return new Map();
  const dates = imported.map((day) => day.date).sort();
  const [from, to] = [dates[0]!, dates.at(-1)!];
  const stored = await listDays(db, userId, from, to);
  const ids = imported.flatMap((day) => day.entries.map((entry) => entry.id));
  if (ids.length === 0) return new Map(stored.map((day) => [day.date, day]));
  // One text parameter, not one per id: a part holds thousands of entries, and the primary key
  // (user_id, id) finds each. The ids are UUIDs (the schema checked them), so a comma splits them.
  const rows = await db
    .selectDistinct({ date: entries.date })
    .from(entries)
    .where(
      and(
        eq(entries.userId, userId),
        sql`${entries.id} = any(string_to_array(${ids.join(',')}, ',')::uuid[])`,
        notBetween(entries.date, from, to),
      ),
    );
  const elsewhere = rows.map((row) => row.date);
  stored.push(...(await daysOn(db, userId, elsewhere)));
  return new Map(stored.map((day) => [day.date, day]));
}

/** The stored days of the given dates, with their entries. */
async function daysOn(db: Database, userId: string, dates: string[]): Promise<Day[]> {
  if (dates.length === 0) return [];
  // As for the ids above: one parameter however many dates.
  const list = dates.join(',');
  const [dayRows, entryRows] = await Promise.all([
    db
      .select()
      .from(days)
      .where(and(eq(days.userId, userId), sql`${days.date} = any(string_to_array(${list}, ',')::date[])`)),
    db
      .select()
      .from(entries)
      .where(
        and(eq(entries.userId, userId), sql`${entries.date} = any(string_to_array(${list}, ',')::date[])`),
      )
      .orderBy(...entryOrder),
  ]);
  const byDate = new Map<string, Entry[]>();
  for (const row of entryRows) {
    const list = byDate.get(row.date) ?? [];
    list.push(toEntry(row));
    byDate.set(row.date, list);
  }
  return dayRows.map((row) => toDay(row, byDate.get(row.date) ?? []));
}

/**
 * Writes added and updated foods; answers the database id of each food mergeFoods numbered.
 * mergeFoods points recipe ingredients at its own numbers, which for a new food are not the
 * database's: recipes are written with the database's ids, known once the new foods are in.
 */
async function writeFoods(
  db: Database,
  userId: string,
  stored: Food[],
  merge: FoodMerge,
): Promise<Map<number, number>> {
  const localIds = new Map<number, number>();
  const added = merge.foods.slice(stored.length);
  for (let start = 0; start < added.length; start += BATCH) {
    const batch = added.slice(start, start + BATCH);
    const rows = await db
      .insert(foods)
      .values(
        batch.map((food) => ({
          userId,
          ...foodColumns(food),
          createdAt: new Date(food.createdAt),
          updatedAt: new Date(food.updatedAt),
        })),
      )
      .returning({ id: foods.id });
    // PostgreSQL returns the rows of a multi-row VALUES in the order they were given.
    rows.forEach((row, offset) => localIds.set(batch[offset]!.id, row.id));
  }
  // A stored food keeps its id in mergeFoods, and new foods are numbered past the last one.
  const recipeOf = (food: Food) => remapRecipe(food.recipe, (id) => localIds.get(id) ?? id);
  for (const food of added) {
    const recipe = recipeOf(food);
    if (JSON.stringify(recipe) === JSON.stringify(food.recipe)) continue;
    await db
      .update(foods)
      .set({ recipe })
      .where(and(eq(foods.userId, userId), eq(foods.id, localIds.get(food.id)!)));
  }
  for (let index = 0; index < stored.length; index++) {
    const before = stored[index]!;
    const after = merge.foods[index]!;
    if (after.updatedAt === before.updatedAt) continue;
    await db
      .update(foods)
      .set({ ...foodColumns({ ...after, recipe: recipeOf(after) }), updatedAt: new Date(after.updatedAt) })
      .where(and(eq(foods.userId, userId), eq(foods.id, before.id)));
  }
  return localIds;
}

/** Upserts the changed days, and of their entries only those that are new or different. */
async function writeDays(
  db: Database,
  userId: string,
  stored: Map<string, Day>,
  changed: Day[],
): Promise<void> {
  // In date order, the order every entry write locks its days in (lockDays in ./days.ts): an
  // upsert locks its rows in the order of its VALUES.
  const inOrder = changed.toSorted((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (let start = 0; start < inOrder.length; start += BATCH) {
    const batch = inOrder.slice(start, start + BATCH);
    await db
      .insert(days)
      .values(
        batch.map((day) => ({
          userId,
          date: day.date,
          goal: day.goal,
          weight: day.weight,
          water: day.water,
          activities: day.activities,
          details: day.details ?? null,
          updatedAt: new Date(day.updatedAt),
        })),
      )
      .onConflictDoUpdate({
        target: [days.userId, days.date],
        set: {
          weight: sql.raw('excluded.weight'),
          water: sql.raw('excluded.water'),
          activities: sql.raw('excluded.activities'),
          details: sql.raw('excluded.details'),
          updatedAt: sql.raw('excluded.updated_at'),
        },
      });
  }
  const rows = changed.flatMap((day) => {
    const before = new Map(stored.get(day.date)?.entries.map((entry) => [entry.id, entry]));
    return day.entries
      .map((entry) => entryRow(userId, day.date, entry))
      .filter((row) => {
        const old = before.get(row.id);
        return !old || JSON.stringify(old) !== JSON.stringify(toEntry(row));
      });
  });
  const leftDates = new Set<string>();
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    for (const date of await datesLeftBehind(db, userId, batch)) leftDates.add(date);
    await db
      .insert(entries)
      .values(batch)
      .onConflictDoUpdate({ target: [entries.userId, entries.id], set: entryUpsertSet });
  }
  // A day an entry moved away from has changed too: its new updatedAt tells other devices so.
  if (leftDates.size > 0) {
    await db
      .update(days)
      .set({ updatedAt: new Date() })
      .where(and(eq(days.userId, userId), inArray(days.date, [...leftDates])));
  }
}

/** The stored dates of those entries that the rows move to another date. */
async function datesLeftBehind(
  db: Database,
  userId: string,
  rows: Array<{ id: string; date: string }>,
): Promise<string[]> {
  const target = new Map(rows.map((row) => [row.id, row.date]));
  const stored = await db
    .select({ id: entries.id, date: entries.date })
    .from(entries)
    .where(and(eq(entries.userId, userId), inArray(entries.id, [...target.keys()])));
  return stored.filter((entry) => entry.date !== target.get(entry.id)).map((entry) => entry.date);
}
