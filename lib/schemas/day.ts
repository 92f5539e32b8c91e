import { z } from '@/lib/schemas/zod';
import { isoDateSchema, timestampSchema } from './common';
import { entrySchema } from './entry';
import { GOAL_KCAL, WEIGHT_KG } from '@/lib/diary/limits';

/** The daily goal range, in kcal. */
export const goalSchema = z
  .int('goalRange')
  .check(z.gte(GOAL_KCAL.min, 'goalRange'), z.lte(GOAL_KCAL.max, 'goalRange'));

/** Body weight in kg. */
export const weightSchema = z
  .number('weightRange')
  .check(z.gte(WEIGHT_KG.min, 'weightRange'), z.lte(WEIGHT_KG.max, 'weightRange'));

/**
 * One day of the diary, in the user's local calendar. The goal is the one in force when the day
 * was first written: changing the goal later never rewrites past days.
 */
export const daySchema = z.object({
  date: isoDateSchema,
  goal: goalSchema,
  weight: z.nullable(weightSchema),
  entries: z.array(entrySchema).check(z.maxLength(500)),
  updatedAt: timestampSchema,
});
export type Day = z.infer<typeof daySchema>;
