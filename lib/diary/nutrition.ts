import type { Meal } from './meals';
import { round1, round2 } from './round';
import type { Entry, FoodRef } from '@/lib/schemas/entry';
import type { Serving } from '@/lib/schemas/food';
import { knowsNone, nutrientKeys, scaleNutrients, withKnown, type Nutrients } from './nutrients';

/**
 * What an entry can be logged from: a library food or a catalog food, per 100 g, with the
 * serving it is offered in first and every measure it can be counted in (lib/diary/measures).
 */
export type LoggableFood = {
  ref: FoodRef;
  name: string;
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
  serving: Serving | null;
  measures: readonly Serving[];
  /** Per 100 g; absent when the food knows none beyond the macros. */
  nutrients?: Nutrients;
};

/** An amount of a food about to be logged: a count of `measure`, or grams when it is null. */
export type FoodPick = { food: LoggableFood; amount: number; measure: Serving | null };

/** How a food is first offered: one serving if it has one, else 100 g. */
export function defaultPick(food: LoggableFood): FoodPick {
  return { food, amount: food.serving ? 1 : 100, measure: food.serving };
}

export type Totals = { kcal: number; protein: number; fat: number; carbs: number };

/** The nutrition of `grams` of a food, rounded as the diary shows it. */
export function nutritionFor(food: Totals, grams: number): Totals {
  const factor = grams / 100;
  return {
    kcal: Math.round(food.kcal * factor),
    protein: round1(food.protein * factor),
    fat: round1(food.fat * factor),
    carbs: round1(food.carbs * factor),
  };
}

type EntryMeta = { id: string; meal: Meal; now: string; loggedAt?: string };

/**
 * A diary entry for `amount` of a food, counted in `measure` (unit 'serving') or in grams when it
 * is null: the name and the nutrition are copied as of now.
 */
export function entryFromFood(
  food: Pick<LoggableFood, 'ref' | 'name' | 'nutrients'> & Totals,
  amount: number,
  measure: Pick<Serving, 'grams'> | null,
  meta: EntryMeta,
): Entry {
  const grams = round1(measure ? amount * measure.grams : amount);
  return {
    id: meta.id,
    meal: meta.meal,
    food: food.ref,
    name: food.name,
    amount,
    unit: measure ? 'serving' : 'g',
    grams,
    ...nutritionFor(food, grams),
    ...withKnown(food.nutrients),
    loggedAt: meta.loggedAt ?? meta.now,
    updatedAt: meta.now,
  };
}

/** A quick add: kcal (and optionally macros and nutrients, for the whole of it) without a food. */
export function quickAddEntry(name: string, totals: Totals, meta: EntryMeta, nutrients?: Nutrients): Entry {
  return {
    id: meta.id,
    meal: meta.meal,
    food: null,
    name,
    amount: totals.kcal,
    unit: 'kcal',
    grams: null,
    kcal: Math.round(totals.kcal),
    protein: round1(totals.protein),
    fat: round1(totals.fat),
    carbs: round1(totals.carbs),
    ...withKnown(nutrients),
    loggedAt: meta.loggedAt ?? meta.now,
    updatedAt: meta.now,
  };
}

/**
 * The entry with a new amount: nutrition scales with the grams eaten, from the figures the
 * entry already holds, so a later change of the food never leaks into it.
 */
export function rescaleEntry(entry: Entry, amount: number, now: string): Entry {
  if (entry.unit === 'kcal') {
    const factor = entry.kcal > 0 ? amount / entry.kcal : 0;
    return {
      ...entry,
      amount,
      kcal: Math.round(amount),
      protein: round1(entry.protein * factor),
      fat: round1(entry.fat * factor),
      carbs: round1(entry.carbs * factor),
      ...withKnown(entry.nutrients && scaleNutrients(entry.nutrients, factor)),
      updatedAt: now,
    };
  }
  const factor = entry.amount > 0 ? amount / entry.amount : 0;
  return {
    ...entry,
    amount,
    grams: entry.grams === null ? null : round1(entry.grams * factor),
    kcal: Math.round(entry.kcal * factor),
    protein: round1(entry.protein * factor),
    fat: round1(entry.fat * factor),
    carbs: round1(entry.carbs * factor),
    updatedAt: now,
  };
}

/**
 * The entry with a new amount counted in `measure` (one of the food's, or the one it was logged
 * with), or in grams when it is null: its nutrition scales with the grams eaten from the figures
 * the entry holds, so a later change of the food never leaks into it.
 */
export function reweighEntry(
  entry: Entry,
  amount: number,
  measure: Pick<Serving, 'grams'> | null,
  now: string,
): Entry {
  const inServings = measure !== null;
  const grams = round1(measure ? amount * measure.grams : amount);
  const before = entry.grams ?? (entry.unit === 'g' ? entry.amount : 0);
  // An entry of 0 g has no figures per gram left; its amount, in its own unit, still scales.
  const factor = before > 0 ? grams / before : entry.amount > 0 ? amount / entry.amount : 0;
  // An entry without grams held its nutrients for the whole of it; now that it weighs, per 100 g.
  const nutrients =
    entry.grams === null && entry.nutrients
      ? grams > 0
        ? scaleNutrients(entry.nutrients, (factor * 100) / grams)
        : undefined
      : entry.nutrients;
  const rest: Entry = { ...entry };
  delete rest.nutrients;
  return {
    ...rest,
    ...withKnown(nutrients),
    amount,
    unit: inServings ? 'serving' : 'g',
    grams,
    kcal: Math.round(entry.kcal * factor),
    protein: round1(entry.protein * factor),
    fat: round1(entry.fat * factor),
    carbs: round1(entry.carbs * factor),
    updatedAt: now,
  };
}

/** An entry's kcal per 100 g, worked out from its own figures; null when it weighs nothing. */
export function entryKcalPer100(entry: Pick<Entry, 'kcal' | 'grams'>): number | null {
  return entry.grams && entry.grams > 0 ? Math.round((entry.kcal * 100) / entry.grams) : null;
}

/**
 * The same weight counted in another measure: `from` and `to` are the grams one of each weighs,
 * null for grams. 2 slices of 30 g are 60 g, or 0.5 of a 120 g cup.
 */
export function convertAmount(amount: number, from: number | null, to: number | null): number {
  if (from === to) return amount;
  const grams = from === null ? amount : amount * from;
  if (to === null) return round1(grams);
  return to > 0 ? round2(grams / to) : amount;
}

/**
 * What an entry ate of each nutrient it knows: its figures per 100 g times its grams, or a quick
 * add's own (see entrySchema). Unrounded, for sums; null when it knows none.
 */
export function entryNutrients(entry: Pick<Entry, 'grams' | 'nutrients'>): Nutrients | null {
  const { nutrients, grams } = entry;
  if (knowsNone(nutrients)) return null;
  if (grams === null) return nutrients!;
  const eaten: Nutrients = {};
  for (const key of nutrientKeys) {
    const value = nutrients![key];
    if (value !== undefined) eaten[key] = (value * grams) / 100;
  }
  return eaten;
}

export function sumTotals(entries: readonly Totals[]): Totals {
  const sum = entries.reduce(
    (total, entry) => ({
      kcal: total.kcal + entry.kcal,
      protein: total.protein + entry.protein,
      fat: total.fat + entry.fat,
      carbs: total.carbs + entry.carbs,
    }),
    { kcal: 0, protein: 0, fat: 0, carbs: 0 },
  );
  return {
    kcal: Math.round(sum.kcal),
    protein: round1(sum.protein),
    fat: round1(sum.fat),
    carbs: round1(sum.carbs),
  };
}
