import { z } from '@/lib/schemas/zod';
import { locales } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import { isCanonicalBarcode } from '@/lib/barcode/check';
import { limitedNumber, limitedText } from './common';
import { servingSchema } from './food';
import { nutrientsPer100gSchema } from './nutrients';

/** Where a product's data comes from; the only source so far (docs/decisions/0017). */
export const PRODUCT_SOURCE = 'open-food-facts';

const figure = (limit: { min: number; max: number }, message: string) =>
  z.nullable(limitedNumber(limit, message));

/**
 * A packaged food found by its barcode, as GET /api/products/{barcode} answers it. Figures are
 * per 100 g (Open Food Facts' per 100 ml is taken as per 100 g) and null where Open Food Facts
 * lacks them or gives a value no food can have; the name is null when it has none in any
 * language. The client then opens the food form with what there is, for the user to complete.
 */
export const productSchema = z.object({
  barcode: z.string().check(z.refine(isCanonicalBarcode, 'barcodeInvalid')),
  name: z.nullable(limitedText(LIMITS.nameLength, 'nameLength')),
  brand: z.nullable(limitedText({ min: 1, max: LIMITS.brandLength.max }, 'brandLength')),
  kcal: figure(LIMITS.foodKcal, 'kcalRange'),
  protein: figure(LIMITS.foodMacro, 'macroRange'),
  fat: figure(LIMITS.foodMacro, 'macroRange'),
  carbs: figure(LIMITS.foodMacro, 'macroRange'),
  /** Per 100 g, those Open Food Facts gives (sodium from salt where only salt is). */
  nutrients: z.optional(nutrientsPer100gSchema),
  serving: z.nullable(servingSchema),
  source: z.literal(PRODUCT_SOURCE),
});
export type Product = z.infer<typeof productSchema>;

export const productResponseSchema = z.object({ product: productSchema });

/** `?lang=` of the product lookup: the language the name is wanted in. */
export const productQuerySchema = z.object({ lang: z.optional(z.enum(locales)) });
