import { z } from '@/lib/schemas/zod';
import { LIMITS } from '@/lib/limits';
import { entryTimestampSchema, limitedNumber, limitedText, mealSchema } from './common';

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

/** How the amount was given: grams, servings of the food, or plain kcal for a quick add. */
export const amountUnitSchema = z.enum(['g', 'serving', 'kcal']);
export type AmountUnit = z.infer<typeof amountUnitSchema>;

/**
 * One line of the diary. The name and the nutrition are copied for the amount eaten when it is
 * logged, so editing or deleting the food later never rewrites history. Ids are client-made
 * UUIDs, which makes importing and syncing idempotent.
 */
export const entrySchema = z.object({
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
  loggedAt: entryTimestampSchema,
  updatedAt: entryTimestampSchema,
});
export type Entry = z.infer<typeof entrySchema>;
