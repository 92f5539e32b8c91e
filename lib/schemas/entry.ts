import { z } from '@/lib/schemas/zod';
import { mealSchema, timestampSchema } from './common';

/** Where an entry came from: a food of the library (its id), the built-in catalog ('c:slug'), or none (quick add). */
export const foodRefSchema = z.union([
  z.int().check(z.positive()),
  z.string().check(z.regex(/^c:[a-z0-9-]{1,80}$/)),
  z.null(),
]);
export type FoodRef = z.infer<typeof foodRefSchema>;

/** How the amount was given: grams, servings of the food, or plain kcal for a quick add. */
export const amountUnitSchema = z.enum(['g', 'serving', 'kcal']);
export type AmountUnit = z.infer<typeof amountUnitSchema>;

const amount = (max: number) =>
  z.number('amountRange').check(z.gte(0, 'amountRange'), z.lte(max, 'amountRange'));

/**
 * One line of the diary. The name and the nutrition are copied for the amount eaten when it is
 * logged, so editing or deleting the food later never rewrites history. Ids are client-made
 * UUIDs, which makes importing and syncing idempotent.
 */
export const entrySchema = z.object({
  id: z.uuid(),
  meal: mealSchema,
  food: foodRefSchema,
  name: z.string().check(z.trim(), z.minLength(1, 'nameLength'), z.maxLength(120, 'nameLength')),
  amount: amount(100_000),
  unit: amountUnitSchema,
  /** Grams eaten; null for a quick add, which has only kcal. */
  grams: z.nullable(amount(100_000)),
  kcal: amount(20_000),
  protein: amount(5_000),
  fat: amount(5_000),
  carbs: amount(5_000),
  loggedAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Entry = z.infer<typeof entrySchema>;
