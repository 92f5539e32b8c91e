import type { Meal } from './meals';
import { round1, round2 } from './round';
import type { Entry, FoodRef } from '@/lib/schemas/entry';
import type { Serving } from '@/lib/schemas/food';

/** What an entry can be logged from: a library food or a catalog food, per 100 g. */
export type LoggableFood = {
  ref: FoodRef;
  name: string;
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
  serving: Serving | null;
};

export type Totals = { kcal: number; protein: number; fat: number; carbs: number };

/** Grams eaten for an amount in grams or in servings of the food. */
export function gramsFor(food: Pick<LoggableFood, 'serving'>, amount: number, unit: 'g' | 'serving'): number {
  return unit === 'serving' && food.serving ? amount * food.serving.grams : amount;
}

/** The nutrition of `grams` of a food, rounded as the diary shows it. */
export function nutritionFor(food: Omit<LoggableFood, 'ref' | 'name' | 'serving'>, grams: number): Totals {
  const factor = grams / 100;
  return {
    kcal: Math.round(food.kcal * factor),
    protein: round1(food.protein * factor),
    fat: round1(food.fat * factor),
    carbs: round1(food.carbs * factor),
  };
}

type EntryMeta = { id: string; meal: Meal; now: string; loggedAt?: string };

/** A diary entry for an amount of a food: the name and the nutrition are copied as of now. */
export function entryFromFood(
  food: LoggableFood,
  amount: number,
  unit: 'g' | 'serving',
  meta: EntryMeta,
): Entry {
  const grams = round1(gramsFor(food, amount, unit));
  return {
    id: meta.id,
    meal: meta.meal,
    food: food.ref,
    name: food.name,
    amount,
    unit: unit === 'serving' && food.serving ? 'serving' : 'g',
    grams,
    ...nutritionFor(food, grams),
    loggedAt: meta.loggedAt ?? meta.now,
    updatedAt: meta.now,
  };
}

/** A quick add: kcal (and optionally macros) without a food. */
export function quickAddEntry(name: string, totals: Totals, meta: EntryMeta): Entry {
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
 * The entry with a new amount in grams or in servings of `serving` (the food's, or the one it
 * was logged with): its nutrition scales with the grams eaten from the figures the entry holds,
 * so a later change of the food never leaks into it. Without a serving, servings cannot be
 * weighed and the amount is grams.
 */
export function reweighEntry(
  entry: Entry,
  amount: number,
  unit: 'g' | 'serving',
  serving: Pick<Serving, 'grams'> | null,
  now: string,
): Entry {
  const inServings = unit === 'serving' && serving !== null;
  const grams = round1(inServings ? amount * serving.grams : amount);
  const before = entry.grams ?? (entry.unit === 'g' ? entry.amount : 0);
  // An entry of 0 g has no figures per gram left; its amount, in its own unit, still scales.
  const factor = before > 0 ? grams / before : entry.amount > 0 ? amount / entry.amount : 0;
  return {
    ...entry,
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

/** The amount in another unit for the same weight: grams to servings of `servingGrams` or back. */
export function convertAmount(
  amount: number,
  from: 'g' | 'serving',
  to: 'g' | 'serving',
  servingGrams: number,
): number {
  if (from === to || servingGrams <= 0) return amount;
  return to === 'g' ? round1(amount * servingGrams) : round2(amount / servingGrams);
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
