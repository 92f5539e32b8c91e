import { z } from '@/lib/schemas/zod';
import { LIMITS } from '@/lib/limits';
import { limitedNumber, limitedText, timestampSchema } from './common';

/**
 * A food of the user's library. Nutrition is per 100 g; the optional serving names a portion
 * ("1 slice = 30 g"). Messages are keys of `food.errors` in messages/*.json.
 */
export const servingSchema = z.object({
  label: limitedText(LIMITS.servingLabelLength, 'servingLabel'),
  grams: limitedNumber(LIMITS.servingGrams, 'servingGrams'),
});
export type Serving = z.infer<typeof servingSchema>;

const foodFields = z.object({
  name: limitedText(LIMITS.nameLength, 'nameLength'),
  brand: z._default(z.nullable(limitedText(LIMITS.brandLength, 'brandLength')), null),
  kcal: limitedNumber(LIMITS.foodKcal, 'kcalRange'),
  protein: limitedNumber(LIMITS.foodMacro, 'macroRange'),
  fat: limitedNumber(LIMITS.foodMacro, 'macroRange'),
  carbs: limitedNumber(LIMITS.foodMacro, 'macroRange'),
  serving: z._default(z.nullable(servingSchema), null),
  favorite: z._default(z.boolean(), false),
});

// 100 g of food cannot hold more than 100 g of protein, fat and carbs together.
function macrosFit(food: { protein: number; fat: number; carbs: number }, context: z.RefinementCtx) {
  if (food.protein + food.fat + food.carbs > 100.05) {
    context.addIssue({ code: 'custom', path: ['carbs'], message: 'macroSum' });
  }
}

/** What a form or an API client sends to create or replace a food. */
export const foodInputSchema = foodFields.check(z.superRefine(macrosFit));
export type FoodInput = z.input<typeof foodInputSchema>;

/** A stored food: numeric id (the seed's rule: last id + 1) and timestamps. */
export const foodSchema = z
  .extend(foodFields, {
    id: z.int().check(z.positive(), z.lte(LIMITS.foodId.max)),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .check(z.superRefine(macrosFit));
export type Food = z.infer<typeof foodSchema>;

/** kcal that protein, carbs (4 kcal/g) and fat (9 kcal/g) account for. */
export function kcalFromMacros(macros: { protein: number; fat: number; carbs: number }): number {
  return 4 * macros.protein + 4 * macros.carbs + 9 * macros.fat;
}

/**
 * True when the stated kcal is more than 20 % away from what the macros give: worth a warning
 * (a typo, or alcohol or fibre the macros do not show), never a block.
 */
export function kcalDisagreesWithMacros(food: {
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
}): boolean {
  const expected = kcalFromMacros(food);
  if (food.kcal === 0 && expected === 0) return false;
  return Math.abs(food.kcal - expected) > 0.2 * Math.max(food.kcal, 1);
}
