import { z } from '@/lib/schemas/zod';
import { nutrientKeys, nutrientLimit, type Nutrients } from '@/lib/diary/nutrients';
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
  ) as z.ZodType<Nutrients>;

/** A food's nutrients per 100 g. */
export const nutrientsPer100gSchema = nutrientsWithin('per100g');

/** An entry's: per 100 g of what was eaten, or the whole entry's for a quick add (see entrySchema). */
export const entryNutrientsSchema = nutrientsWithin('whole');

export type { Nutrients };
