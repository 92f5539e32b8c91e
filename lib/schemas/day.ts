import { z } from '@/lib/schemas/zod';
import { isoDateSchema, limitedNumber, limitedText, timestampSchema } from './common';
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

/** A day's note: free text, trimmed; empty is no note. */
export const dayNoteSchema = limitedText(LIMITS.dayNoteLength, 'noteLength');

/** A day's steps, a whole number, typed or imported. */
export const dayStepsSchema = z
  .int('stepsRange')
  .check(z.gte(LIMITS.daySteps.min, 'stepsRange'), z.lte(LIMITS.daySteps.max, 'stepsRange'));

/** A circumference of the body (waist, hips, chest, neck), in cm. */
export const circumferenceSchema = limitedNumber(LIMITS.circumferenceCm, 'measureRange');

/** Body fat, in percent of the body's weight. */
export const bodyFatSchema = limitedNumber(LIMITS.bodyFatPercent, 'bodyFatRange');

/** A fast's planned length, in whole minutes. */
const fastGoalSchema = z
  .int('fastRange')
  .check(z.gte(LIMITS.fastMinutes.min, 'fastRange'), z.lte(LIMITS.fastMinutes.max, 'fastRange'));

/** A fast under way, kept on the day it began: its start (an instant) and its planned length. */
export const fastStartedSchema = z.object({ start: timestampSchema, goalMinutes: fastGoalSchema });

/**
 * What a fast from `startMs` to `endMs` breaks, or null: less than LIMITS.fastMinutes.min (an end
 * before its start among them), or more than its max. The one rule the stored fast and the form
 * that ends one both read.
 */
export function fastSpanProblem(startMs: number, endMs: number): 'tooShort' | 'tooLong' | null {
  const minutes = (endMs - startMs) / 60_000;
  if (!(minutes >= LIMITS.fastMinutes.min)) return 'tooShort';
  return minutes > LIMITS.fastMinutes.max ? 'tooLong' : null;
}

/**
 * A fast that ended, kept on the day it ended (a fast across midnight is the next day's): it ends
 * after it starts and lasts at most LIMITS.fastMinutes.
 */
export const endedFastSchema = z
  .object({ start: timestampSchema, end: timestampSchema, goalMinutes: fastGoalSchema })
  .check(
    z.refine((fast) => fastSpanProblem(Date.parse(fast.start), Date.parse(fast.end)) === null, 'fastRange'),
  );
export type EndedFast = z.infer<typeof endedFastSchema>;

/** The keys of a day's details, each with its value's schema: a new thing a day holds is a line here. */
const detailFields = {
  note: dayNoteSchema,
  steps: dayStepsSchema,
  waist: circumferenceSchema,
  hips: circumferenceSchema,
  chest: circumferenceSchema,
  neck: circumferenceSchema,
  bodyFat: bodyFatSchema,
  fasting: fastStartedSchema,
  fasts: z.array(endedFastSchema).check(z.maxLength(LIMITS.fastsPerDay.max, 'fastsCount')),
};
type DetailFields = typeof detailFields;

/**
 * What a day holds beyond its food, weight, water and activities (issue 52), as one object: a new
 * thing a day holds is a new key here and a card, and every store, the outbox, the server's
 * column, export and import carry the object whole. Keys this build does not know (a newer
 * build's) are kept as they are, so an older build that rewrites the day loses nothing; the whole
 * is bounded by LIMITS.dayDetailsChars. A day keeps no empty details (`details` is left out).
 */
export const dayDetailsSchema = z
  .looseObject(
    Object.fromEntries(Object.entries(detailFields).map(([key, schema]) => [key, z.optional(schema)])) as {
      [Key in keyof DetailFields]: z.ZodOptional<DetailFields[Key]>;
    },
  )
  .check(z.refine((details) => JSON.stringify(details).length <= LIMITS.dayDetailsChars.max, 'detailsSize'));
export type DayDetails = z.infer<typeof dayDetailsSchema>;

/** `{ details }` when there are any, else nothing to spread into a day: a day keeps no empty details. */
export function someDetails(details: DayDetails | null | undefined): { details?: DayDetails } {
  return details && Object.keys(details).length > 0 ? { details } : {};
}

/** A change of a day's details: each key given is set, or removed when null. */
export const dayDetailsPatchSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(detailFields).map(([key, schema]) => [key, z.optional(z.nullable(schema))]),
  ) as { [Key in keyof DetailFields]: z.ZodOptional<z.ZodNullable<DetailFields[Key]>> },
);
export type DayDetailsPatch = z.infer<typeof dayDetailsPatchSchema>;

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
  /** Older records and exports have none, nor a day with nothing beyond food. */
  details: z.optional(dayDetailsSchema),
  updatedAt: timestampSchema,
});
export type Day = z.infer<typeof daySchema>;
