import 'server-only';
import { safeParse } from 'zod/v4/core';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { loggableFromCatalog, loggableFromFood } from '@/lib/diary/loggable';
import { withKnown } from '@/lib/diary/nutrients';
import { sumTotals, type LoggableFood } from '@/lib/diary/nutrition';
import type { Locale } from '@/lib/i18n/config';
import type { Day } from '@/lib/schemas/day';
import { entrySchema, type Entry, type FoodRef } from '@/lib/schemas/entry';
import type { Serving } from '@/lib/schemas/food';
import type { Database } from '@/lib/server/db/client';
import { putEntry } from '@/lib/server/db/days';
import { listFoods } from '@/lib/server/db/foods';
import { ToolRefusal } from './answers';
import { serverCatalogFood, serverCatalogNutrients } from './catalog';
import { isSavedMeal } from './food-search';
import { entryView } from './sources';

/**
 * The food `ref` names as the add dialog logs it: the user's own food, or a catalog food named
 * in the user's language with its nutrients beyond the macros (components/diary/add-entry-dialog.tsx).
 */
export async function loggableOf(
  db: Database,
  userId: string,
  ref: FoodRef,
  locale: Locale,
): Promise<LoggableFood> {
  if (ref === null)
    throw new ToolRefusal('Name a food from search_foods, or use quick_add for kcal without one.');
  if (typeof ref === 'number') {
    const food = (await listFoods(db, userId)).find((each) => each.id === ref);
    if (!food)
      throw new ToolRefusal(
        `The user has no food ${ref}: use a "food" reference that search_foods answered.`,
      );
    if (isSavedMeal(food))
      throw new ToolRefusal(`"${food.name}" is a saved meal: log each of its foods with log_food instead.`);
    return loggableFromFood(food);
  }
  const food = await serverCatalogFood(ref.slice('c:'.length));
  if (!food)
    throw new ToolRefusal(
      `The catalog has no food ${ref}: use a "food" reference that search_foods answered.`,
    );
  return withCatalogNutrients(loggableFromCatalog(food, locale));
}

/**
 * A catalog food with its nutrients beyond the macros, which the add dialog copies into an entry
 * and the search index does not hold (it would be thousands of them, read for the few logged);
 * a food of the user's has its own already.
 */
export async function withCatalogNutrients(food: LoggableFood): Promise<LoggableFood> {
  if (typeof food.ref !== 'string') return food;
  return { ...food, ...withKnown(await serverCatalogNutrients(food.ref.slice('c:'.length))) };
}

/** The measure a count of servings is in: the food's serving named `label` (case aside), else its first. */
export function servingOf(food: LoggableFood, label: string | undefined): Serving {
  const wanted = label?.trim().toLowerCase();
  const serving =
    wanted === undefined
      ? food.measures[0]
      : food.measures.find((each) => each.label.toLowerCase() === wanted);
  if (serving) return serving;
  const known = food.measures.map((each) => `"${each.label}" (${each.grams} g)`).join(', ');
  throw new ToolRefusal(
    known
      ? `"${food.name}" has no serving "${label}"; its servings are ${known}. Nothing was logged.`
      : `"${food.name}" has no servings: give its amount in grams. Nothing was logged.`,
  );
}

/**
 * Writes an entry as PUT /api/days/{date}/entries/{id} does: checked against the entry schema
 * first (its limits, and its times kept to the whole second, as every layer keeps them), then
 * putEntry, which applies the day's rules. Answers what a logging tool tells: the entry as
 * stored, with its source, and the day's new totals.
 */
export async function logEntry(db: Database, userId: string, date: string, entry: Entry) {
  const day = await putEntry(db, userId, date, checkedEntry(entry), undefined);
  const logged = day.entries.find((each) => each.id === entry.id)!;
  return { logged, data: { date, entry: entryView(logged), dayTotals: sumTotals(day.entries) } };
}

/** `entry` as the entry schema takes it (its limits, its times to the whole second), or InvalidDataError. */
export function checkedEntry(entry: Entry): Entry {
  const checked = safeParse(entrySchema, entry);
  if (!checked.success) throw InvalidDataError.fromIssues(checked.error.issues);
  return checked.data;
}

/**
 * Writes several entries of one day as logEntry writes one, all or none: in one transaction, as
 * POST /api/batch writes its operations, so a day that has room for only some of them (the day's
 * rules, LIMITS.entriesPerDay) keeps none. Answers the entries as stored, in the order given, and
 * the day's new totals.
 */
export async function logEntries(db: Database, userId: string, date: string, entries: readonly Entry[]) {
  if (entries.length === 0) throw new ToolRefusal('Nothing was logged: there was nothing to log.');
  const checked = entries.map(checkedEntry);
  const day = await db.transaction(async (tx) => {
    let written: Day | null = null;
    for (const entry of checked) written = await putEntry(tx, userId, date, entry, undefined);
    return written!;
  });
  const byId = new Map(day.entries.map((each) => [each.id, each]));
  return { logged: checked.map((entry) => byId.get(entry.id)!), dayTotals: sumTotals(day.entries) };
}
