import { hasNoNul, LIMITS } from '@/lib/limits';
import {
  knownNutrients,
  nutrientList,
  nutrientsOfList,
  nutrientsPastPer100g,
  type Nutrients,
} from '@/lib/diary/nutrients';
import { CATALOG_REF, type Entry, type FoodRef } from '@/lib/schemas/entry';
import { contentStore, parsedReads } from './content-store';
import { LOGGED_FOOD_KEY_PREFIX, NUTRIENTS_KEY_PREFIX } from './storage-keys';

/**
 * What a guest's entries share, each distinct record stored once (lib/data/guest/content-store.ts):
 *
 * - `logged-food-{ref}`: the food an entry was logged from as it was then, `[food, name]` or
 *   `[food, name, nutrients]` with the nutrients as a list (nutrientList), per 100 g (a whole
 *   quick add's when the entry weighs nothing). Every entry of one food version points at the
 *   same record, so its name and 22 figures are stored once (decision 0040).
 * - `nutrients-{ref}`: a set of nutrients as the first layout with nutrients stored it
 *   (decision 0039). Still read; no longer written.
 */
export interface SharedRecords {
  loggedFoodOf(ref: string): LoggedFood | undefined;
  /** The ref of the entry's food as logged, stored first when it is new. */
  refOfLoggedFood(entry: Pick<Entry, 'food' | 'name' | 'nutrients'>): string;
  /** A set stored by the first layout with nutrients. */
  nutrientsOf(ref: string): Nutrients | undefined;
}

/** A logged food as read: `fitsPer100g` tells whether an entry that weighs may point at it. */
export type LoggedFood = { food: FoodRef; name: string; nutrients?: Nutrients; fitsPer100g: boolean };

/** An entry's food reference as stored: a library food's id, a catalog ref, or null. */
export const isStoredFoodRef = (food: unknown): food is FoodRef =>
  food === null ||
  (Number.isInteger(food) && (food as number) > 0 && (food as number) <= LIMITS.foodId.max) ||
  (typeof food === 'string' && CATALOG_REF.test(food));

/** An entry's name as the entry schema allows it. */
export const isStoredName = (name: unknown): name is string =>
  typeof name === 'string' &&
  name.trim().length >= LIMITS.nameLength.min &&
  name.length <= LIMITS.nameLength.max &&
  hasNoNul(name);

/** The stored text of a set of nutrients: its list. */
export const nutrientsText = (nutrients: Nutrients) => JSON.stringify(nutrientList(nutrients));

/** The figures of a stored set; undefined when it does not read as one. */
export function nutrientsOfText(text: string): Nutrients | undefined {
  try {
    return nutrientsOfList(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** The stored text of an entry's food as logged. */
export function loggedFoodText(entry: Pick<Entry, 'food' | 'name' | 'nutrients'>): string {
  const nutrients = knownNutrients(entry.nutrients);
  return JSON.stringify(
    nutrients ? [entry.food, entry.name, nutrientList(nutrients)] : [entry.food, entry.name],
  );
}

/** The logged food of a stored text, checked by hand like the entries; undefined when it does not read. */
export function loggedFoodOfText(text: string): LoggedFood | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) return undefined;
  const [food, name, list] = value as unknown[];
  if (!isStoredFoodRef(food) || !isStoredName(name)) return undefined;
  if (list === undefined) return { food, name, fitsPer100g: true };
  const nutrients = nutrientsOfList(list);
  if (nutrients === undefined || knownNutrients(nutrients) === undefined) return undefined;
  return { food, name, nutrients, fitsPer100g: nutrientsPastPer100g(nutrients).length === 0 };
}

/**
 * The shared records of a Storage. `write` stores a new one (through the caller's journal, so a
 * failed write of several records takes it back too).
 */
export function storageSharedRecords(
  storage: Pick<Storage, 'getItem'>,
  write: (key: string, value: string) => void,
): SharedRecords {
  const loggedFoods = contentStore(storage, write, LOGGED_FOOD_KEY_PREFIX);
  const loggedFoodOf = parsedReads(loggedFoods, loggedFoodOfText);
  return {
    loggedFoodOf,
    refOfLoggedFood: (entry) => loggedFoods.refOf(loggedFoodText(entry)),
    nutrientsOf: parsedReads(contentStore(storage, write, NUTRIENTS_KEY_PREFIX), nutrientsOfText),
  };
}

/** Shared records kept in a Map: for measuring and testing the layout without a browser. */
export function memorySharedRecords(records = new Map<string, string>()): SharedRecords & {
  records: Map<string, string>;
} {
  const shared = storageSharedRecords(
    { getItem: (key) => records.get(key) ?? null },
    (key, value) => void records.set(key, value),
  );
  return { ...shared, records };
}
