import { z } from '@/lib/schemas/zod';
import { LIMITS } from '@/lib/limits';
import { nutrientsPastPer100g, type Nutrients } from '@/lib/diary/nutrients';
import { entryTimestampSchema, limitedNumber, limitedText, mealSchema } from './common';
import { entryNutrientsSchema } from './nutrients';

/** A catalog food's reference: `c:` and its slug. */
export const CATALOG_REF = new RegExp(
  `^c:[a-z0-9-]{${LIMITS.catalogSlugLength.min},${LIMITS.catalogSlugLength.max}}$`,
);

/** Where an entry came from: a food of the library (its id), the built-in catalog ('c:slug'), or none (quick add). */
export const foodRefSchema = z.union([
  z.int('foodInvalid').check(z.positive('foodInvalid'), z.lte(LIMITS.foodId.max, 'foodInvalid')),
  z.string().check(z.regex(CATALOG_REF, 'foodInvalid')),
  z.null(),
]);
export type FoodRef = z.infer<typeof foodRefSchema>;

/** An entry that weighs something keeps its nutrients per 100 g, within a food's limits. */
export function nutrientsFitPer100g(
  entry: { grams: number | null; nutrients?: Nutrients },
  context: z.RefinementCtx,
) {
  if (entry.grams === null || !entry.nutrients) return;
  for (const key of nutrientsPastPer100g(entry.nutrients))
    context.addIssue({ code: 'custom', path: ['nutrients', key], message: 'nutrientRange' });
}

/** How the amount was given: grams, servings of the food, or plain kcal for a quick add. */
export const amountUnitSchema = z.enum(['g', 'serving', 'kcal']);
export type AmountUnit = z.infer<typeof amountUnitSchema>;

/**
 * One line of the diary. The name and the nutrition are copied for the amount eaten when it is
 * logged, so editing or deleting the food later never rewrites history. Ids are client-made
 * UUIDs, which makes importing and syncing idempotent.
 */
export const entryFields = z.object({
  id: z.uuid(),
  meal: mealSchema,
  food: foodRefSchema,
  name: limitedText(LIMITS.nameLength, 'nameLength'),
  amount: limitedNumber(LIMITS.entryAmount, 'amountRange'),
  unit: amountUnitSchema,
  /** Grams eaten; null for a quick add, which has only kcal. */
  grams: z.nullable(limitedNumber(LIMITS.entryGrams, 'gramsRange')),
  kcal: limitedNumber(LIMITS.entryKcal, 'kcalRange'),
  protein: limitedNumber(LIMITS.entryMacro, 'macroRange'),
  fat: limitedNumber(LIMITS.entryMacro, 'macroRange'),
  carbs: limitedNumber(LIMITS.entryMacro, 'macroRange'),
  /**
   * The food's nutrients per 100 g as they were when it was logged (a quick add's, which weighs
   * nothing, for the whole entry): the amounts eaten follow from the grams (entryNutrients).
   * Kept per 100 g so that every entry of one food shares one set of figures, which is what lets
   * ten years of them fit a browser's storage (docs/decisions/0039). Absent: none known.
   */
  nutrients: z.optional(entryNutrientsSchema),
  loggedAt: entryTimestampSchema,
  updatedAt: entryTimestampSchema,
});
export const entrySchema = entryFields.check(z.superRefine(nutrientsFitPer100g));
export type Entry = z.infer<typeof entrySchema>;
