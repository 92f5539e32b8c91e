import { z } from '@/lib/schemas/zod';
import { isIsoDate } from '@/lib/dates';
import { meals } from '@/lib/diary/meals';

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
export const isoDateSchema = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'dateFormat'), z.refine(isIsoDate, 'dateInvalid'));

/** An ISO-8601 timestamp with time zone, as `Date#toISOString` writes it. */
export const timestampSchema = z.iso.datetime({ offset: true });

export { meals, type Meal } from '@/lib/diary/meals';
export const mealSchema = z.enum(meals);

export { round1 } from '@/lib/diary/round';
