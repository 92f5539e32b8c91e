import { z } from '@/lib/schemas/zod';
import { isoDateSchema, limitedNumber, timestampSchema } from './common';
import { activitySchema } from './activity';
import { entrySchema } from './entry';
import { GOAL_KCAL, LIMITS } from '@/lib/limits';

/** The daily goal range, in kcal. */
export const goalSchema = z
  .int('goalRange')
  .check(z.gte(GOAL_KCAL.min, 'goalRange'), z.lte(GOAL_KCAL.max, 'goalRange'));

/** Body weight in kg. */
export const weightSchema = limitedNumber(LIMITS.weightKg, 'weightRange');

/** What was drunk in a day, in whole ml. */
export const waterSchema = z
  .int('waterRange')
  .check(z.gte(LIMITS.waterMl.min, 'waterRange'), z.lte(LIMITS.waterMl.max, 'waterRange'));

/**
 * One day of the diary, in the user's local calendar. The goal is the one in force when the day
 * was first written: changing the goal later never rewrites past days.
 *
 * The entry count is not capped here: LIMITS.entriesPerDay is enforced where entries are
 * written (both repositories, the server, the import merge), and anything stored must always
 * read back, including a day an older build let grow past the limit.
 */
export const daySchema = z.object({
  date: isoDateSchema,
  goal: goalSchema,
  weight: z.nullable(weightSchema),
  /** Older records and exports have none: no water logged. */
  water: z._default(waterSchema, 0),
  entries: z.array(entrySchema),
  /** Older records and exports have none. Capped where written, as entries are (LIMITS.activitiesPerDay). */
  activities: z._default(z.array(activitySchema), []),
  updatedAt: timestampSchema,
});
export type Day = z.infer<typeof daySchema>;
