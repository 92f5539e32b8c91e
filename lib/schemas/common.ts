import { z } from 'zod';

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dateFormat')
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, 'dateInvalid');

/** An ISO-8601 timestamp with time zone, as `Date#toISOString` writes it. */
export const timestampSchema = z.iso.datetime({ offset: true });

export const meals = ['breakfast', 'lunch', 'dinner', 'snacks'] as const;
export const mealSchema = z.enum(meals);
export type Meal = z.infer<typeof mealSchema>;

/**
 * Rounds to one decimal: grams are shown and stored at that precision. The toPrecision step
 * removes binary noise first, so 3.3 × 1.5 (4.949999…) rounds to 5, as a person would expect.
 */
export function round1(value: number): number {
  return Math.round(Number((value * 10).toPrecision(12))) / 10;
}
