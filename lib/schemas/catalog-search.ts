import { z } from 'zod';
import { LIMITS } from '@/lib/limits';

/** GET /api/catalog/search: a query, or a phrase of several foods ("2 slices of bread and tea"). */
export const catalogSearchQuerySchema = z.object({
  q: z.string().max(LIMITS.phraseLength.max),
  locale: z.enum(['en', 'ru']).default('en'),
});

/** A household measure of a table row: [label, grams, our Russian label]. */
const usdaMeasureSchema = z.tuple([z.string(), z.number(), z.string()]);

/**
 * A row of the USDA table exactly as public/catalog/usda/<group>.json holds it (lib/catalog/usda-table.ts):
 * NDB number, USDA's description, kcal, protein, fat, carbohydrate, alcohol, measures, and our
 * Russian name when it has one.
 */
export const usdaRowSchema = z.tuple(
  [
    z.string(),
    z.string(),
    z.number(),
    z.number(),
    z.number(),
    z.number(),
    z.number(),
    z.array(usdaMeasureSchema),
  ],
  z.string(),
);

export const catalogSearchAnswerSchema = z.object({
  /**
   * The rows of the USDA table among the best answers over the whole catalog for the query and
   * for each food the phrase names: what a browser still loading the table lacks to rank them.
   */
  rows: z.array(usdaRowSchema),
});
