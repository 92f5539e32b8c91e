import type { CatalogFood } from '@/lib/catalog/catalog-data';
import type { Locale } from '@/lib/i18n/config';
import type { Entry } from '@/lib/schemas/entry';
import type { Food, Serving } from '@/lib/schemas/food';

/*
 * A food's measures: the named amounts it can be counted in beside grams, its serving first
 * ("1 slice" = 30 g), then the rest ("cup, sliced" = 150 g). An entry counted in one keeps unit
 * 'serving', its count and the grams it weighs, not the measure's name: the name is found again
 * by the weight of one, so it reads in the language in use and a changed measure never renames
 * an old entry.
 */

/** An entry's grams are rounded to 0.1 g, so they may be this far from the exact weight. */
const GRAMS_ROUNDING = 0.05;

/** Measures in order, without a second one of a name already listed. */
function distinct(measures: readonly Serving[]): Serving[] {
  const seen = new Set<string>();
  return measures.filter((measure) => {
    const key = measure.label.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A food of the library's measures: its serving, then its other measures. */
export function foodMeasures(food: Pick<Food, 'serving' | 'measures'>): Serving[] {
  return distinct([...(food.serving ? [food.serving] : []), ...(food.measures ?? [])]);
}

/** A catalog food's measures in `locale`: our serving, then USDA's household measures. */
export function catalogMeasures(food: CatalogFood, locale: Locale): Serving[] {
  return distinct([
    ...(food.serving ? [{ label: food.serving[locale], grams: food.serving.grams }] : []),
    ...(food.measures ?? []).map((measure) => ({ label: measure[locale], grams: measure.grams })),
  ]);
}

/** The grams one of an entry's counted measures weighs; null for an entry in grams or kcal. */
export function gramsEachOf(entry: Pick<Entry, 'unit' | 'amount' | 'grams'>): number | null {
  if (entry.unit !== 'serving' || entry.grams === null || entry.amount <= 0) return null;
  return entry.grams / entry.amount;
}

/**
 * The measure `entry` was counted in, from its food's `measures`: of those whose weight, times
 * the count, gives the entry's grams as rounded (a quarter of a 0.1 g pinch weighs "0 g"), the
 * nearest, so a lighter count does not take a heavier measure that is merely within the
 * rounding; null when the entry is in grams, or no measure of the food weighs that now.
 */
export function entryMeasure(
  entry: Pick<Entry, 'unit' | 'amount' | 'grams'>,
  measures: readonly Serving[],
): Serving | null {
  const gramsEach = gramsEachOf(entry);
  if (gramsEach === null) return null;
  const tolerance = GRAMS_ROUNDING / Math.min(entry.amount, 1) + 1e-9;
  let nearest: Serving | null = null;
  for (const measure of measures) {
    const off = Math.abs(measure.grams - gramsEach);
    if (off <= tolerance && (nearest === null || off < Math.abs(nearest.grams - gramsEach)))
      nearest = measure;
  }
  return nearest;
}

/**
 * A measure's name as a count of it reads on a diary line ("2 × slice"): without a leading
 * "1", and without USDA's closing detail in brackets ("medium (7" to 7-7/8" long)" reads
 * "medium"), which the amount step still shows in full.
 */
export function measureNoun(label: string): string {
  const noun = label.replace(/^1\s*(?:×|x)?\s+/i, '');
  const short = noun.replace(/\s*\([^()]*\)\s*$/, '').trim();
  return short || noun;
}

/** The measures of the food an entry was logged from: its own food's, or its catalog food's. */
export function measuresOfEntryFood(food: { own?: Food; catalog?: CatalogFood }, locale: Locale): Serving[] {
  if (food.catalog) return catalogMeasures(food.catalog, locale);
  return food.own ? foodMeasures(food.own) : [];
}

export const sameMeasure = (a: Serving, b: Serving) => a.label === b.label && a.grams === b.grams;
