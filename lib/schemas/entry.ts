import { z } from '@/lib/schemas/zod';
import { mealSchema, timestampSchema } from './common';

/** Where an entry came from: a food of the library (its id), the built-in catalog ('c:slug'), or none (quick add). */
export const foodRefSchema = z.union([
  z.number().int().positive(),
  z.string().regex(/^c:[a-z0-9-]{1,80}$/),
  z.null(),
]);
export type FoodRef = z.infer<typeof foodRefSchema>;

/** How the amount was given: grams, servings of the food, or plain kcal for a quick add. */
export const amountUnitSchema = z.enum(['g', 'serving', 'kcal']);
export type AmountUnit = z.infer<typeof amountUnitSchema>;

const amount = (max: number) =>
  z.number('amountRange').finite('amountRange').min(0, 'amountRange').max(max, 'amountRange');

/**
 * One line of the diary. The name and the nutrition are copied for the amount eaten when it is
 * logged, so editing or deleting the food later never rewrites history. Ids are client-made
 * UUIDs, which makes importing and syncing idempotent.
 */
export const entrySchema = z.object({
  id: z.uuid(),
  meal: mealSchema,
  food: foodRefSchema,
  name: z.string().trim().min(1, 'nameLength').max(120, 'nameLength'),
  amount: amount(100_000),
  unit: amountUnitSchema,
  /** Grams eaten; null for a quick add, which has only kcal. */
  grams: amount(100_000).nullable(),
  kcal: amount(20_000),
  protein: amount(5_000),
  fat: amount(5_000),
  carbs: amount(5_000),
  loggedAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Entry = z.infer<typeof entrySchema>;
