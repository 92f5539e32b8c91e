import { z } from '@/lib/schemas/zod';
import { nutrientKeys, nutrientLimit, type NutrientKey, type Nutrients } from '@/lib/diary/nutrients';
import { limitedNumber } from './common';

/**
 * Nutrients by key, each within its limit (lib/diary/nutrients.ts, lib/limits.ts); a nutrient
 * not known is left out. An unknown key is refused rather than dropped: a client that misspells
 * `vitaminC` would otherwise lose it without a word.
 */
const nutrientsWithin = (basis: 'per100g' | 'whole'): z.ZodType<Nutrients> =>
  z.strictObject(
    Object.fromEntries(
      nutrientKeys.map((key) => [key, z.optional(limitedNumber(nutrientLimit(key, basis), 'nutrientRange'))]),
    ),
    'nutrientsInvalid',
  ) as z.ZodType<Nutrients>;

/** A food's nutrients per 100 g. */
export const nutrientsPer100gSchema = nutrientsWithin('per100g');

/** An entry's: per 100 g of what was eaten, or the whole entry's for a quick add (see entrySchema). */
export const entryNutrientsSchema = nutrientsWithin('whole');

export type { Nutrients };

/** A daily target of one nutrient as the user sets it: at least `min`, at most `max`. */
const targetWithin = (key: NutrientKey) => {
  const figure = z.optional(limitedNumber(nutrientLimit(key, 'whole'), 'nutrientRange'));
  return z
    .strictObject({ min: figure, max: figure })
    .check(
      z.refine(
        (target: { min?: number; max?: number }) =>
          target.min === undefined || target.max === undefined || target.min <= target.max,
        'targetOrder',
      ),
    );
};

/**
 * The user's own daily targets by nutrient, each replacing the source's whole target for it
 * (lib/diary/nutrient-targets.ts); a nutrient left out keeps the source's.
 */
export const nutrientTargetsSchema = z.strictObject(
  Object.fromEntries(nutrientKeys.map((key) => [key, z.optional(targetWithin(key))])),
  'nutrientsInvalid',
) as z.ZodType<Partial<Record<NutrientKey, { min?: number; max?: number }>>>;
