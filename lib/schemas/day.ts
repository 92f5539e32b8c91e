import { z } from 'zod';
import { isoDateSchema, timestampSchema } from './common';
import { entrySchema } from './entry';

/** The daily goal range, in kcal. */
export const goalSchema = z
  .number('goalRange')
  .int('goalRange')
  .min(500, 'goalRange')
  .max(10_000, 'goalRange');

/** Body weight in kg. */
export const weightSchema = z
  .number('weightRange')
  .finite('weightRange')
  .min(20, 'weightRange')
  .max(500, 'weightRange');

/**
 * One day of the diary, in the user's local calendar. The goal is the one in force when the day
 * was first written: changing the goal later never rewrites past days.
 */
export const daySchema = z.object({
  date: isoDateSchema,
  goal: goalSchema,
  weight: weightSchema.nullable(),
  entries: z.array(entrySchema).max(500),
  updatedAt: timestampSchema,
});
export type Day = z.infer<typeof daySchema>;
