import { z } from '@/lib/schemas/zod';
import { LIMITS } from '@/lib/limits';
import { TRAVELLING_SETTINGS } from '@/lib/diary/settings-merge';
import { dayNumber, isIsoDate } from '@/lib/diary/dates';
import { dayChangeSchema } from '@/lib/diary/day-change';
import { bodyMeasures, type BodyMeasure } from '@/lib/diary/body-measures';
import { passwordSchema } from './auth';
import { isoDateSchema, timestampSchema } from './common';
import { dayDetailsPatchSchema, daySchema, goalSchema, waterSchema, weightSchema } from './day';
import { entryFields, nutrientsFitPer100g } from './entry';
import { settingsPatchSchema } from './settings';

/**
 * Shapes of the account API (app/api) that are not diary records: request bodies, query
 * strings and answers. The records themselves (Day, Food, Settings, DiaryExport) are the shared
 * schemas of this folder. Messages are keys the client translates.
 */

/**
 * The body of every error answer: a code the client translates (`invalid`, `conflict`, ...), the
 * first bad field, each issue with its message key, and for a stale write the current record.
 */
export const apiErrorSchema = z.object({
  error: z.string(),
  field: z.optional(z.string()),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  current: z.optional(z.unknown()),
  /** With 429 and 503: the seconds until a try is let through again (also in Retry-After). */
  retryAfter: z.optional(z.number()),
  /** With a token's 401: a sentence in English for the person writing the script or client. */
  message: z.optional(z.string()),
  /** With 422 `pageRefused`: why a recipe page was not read, and the site's status for `httpError`. */
  reason: z.optional(z.string()),
  status: z.optional(z.number()),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  name: z.string(),
  createdAt: timestampSchema,
});
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = z.object({ user: userSchema });

/**
 * The updatedAt of the record a write was based on: a different stored one answers 409 with the
 * current record. null means "I believe it is new"; leaving it out writes unconditionally.
 */
export const baseUpdatedAtSchema = z.optional(z.nullable(timestampSchema));
export type BaseUpdatedAt = z.infer<typeof baseUpdatedAtSchema>;

const enteredPassword = z
  .string('passwordLength')
  .check(z.minLength(1, 'passwordLength'), z.maxLength(LIMITS.passwordLength.max, 'passwordLength'));
/**
 * `revokeTokens`: revoke the account's personal access tokens as well (decision 0047); left out,
 * they keep working.
 */
const revokeTokens = z.optional(z.boolean());
export const passwordChangeSchema = z.object({
  current: enteredPassword,
  next: passwordSchema,
  revokeTokens,
});
/** POST /api/auth/logout-others: no body, or this one. */
export const logoutOthersSchema = z.object({ revokeTokens });
export const accountDeleteSchema = z.object({ password: enteredPassword });

export const settingsPatchRequestSchema = z.extend(settingsPatchSchema, {
  baseUpdatedAt: baseUpdatedAtSchema,
});

/** PATCH /api/foods/{id}: any fields of a food input, merged onto the stored food and checked whole. */
export const foodPatchRequestSchema = z.looseObject({ baseUpdatedAt: baseUpdatedAtSchema });

export const dayPatchSchema = z.object({
  weight: z.optional(z.nullable(weightSchema)),
  water: z.optional(waterSchema),
  goal: z.optional(goalSchema),
  details: z.optional(dayDetailsPatchSchema),
  baseUpdatedAt: baseUpdatedAtSchema,
});
export type DayPatch = z.infer<typeof dayPatchSchema>;

export const entryPutSchema = z
  .extend(entryFields, { baseUpdatedAt: baseUpdatedAtSchema })
  .check(z.superRefine(nutrientsFitPer100g));

/** A food id in a URL: a positive 32-bit integer. */
export const foodIdParamsSchema = z.object({
  id: z.pipe(
    z.pipe(z.string().check(z.regex(/^[1-9]\d{0,9}$/, 'idInvalid')), z.transform(Number)),
    z.int().check(z.lte(LIMITS.foodId.max, 'idInvalid')),
  ),
});
export const dayParamsSchema = z.object({ date: isoDateSchema });
export const entryParamsSchema = z.object({ date: isoDateSchema, id: z.uuid('idInvalid') });
/** /api/days/{date}/activities/{id}: the same, for an activity. */
export const activityParamsSchema = entryParamsSchema;

/** The longest range one request may ask for. */
export const MAX_RANGE_DAYS = LIMITS.rangeDays.max;

const rangeFields = { from: isoDateSchema, to: isoDateSchema };
type Range = { from: string; to: string };
// Only a range of two real dates is checked; a bad date has its own issue already.
const valid = (range: Range) => isIsoDate(range.from) && isIsoDate(range.to);
const ordered = (range: Range) => !valid(range) || range.from <= range.to;
const notTooLong = (range: Range) =>
  !valid(range) || dayNumber(range.to) - dayNumber(range.from) < MAX_RANGE_DAYS;

const rangeChecks = [
  z.refine<Range>(ordered, { path: ['to'], message: 'rangeOrder' }),
  z.refine<Range>(notTooLong, { path: ['to'], message: 'rangeTooLong' }),
];

export const dateRangeSchema = z.object(rangeFields).check(...rangeChecks);

export const statsQuerySchema = z
  .object({ ...rangeFields, today: z.optional(isoDateSchema) })
  .check(...rangeChecks);

/** GET /api/stats: computeStats() of lib/diary/stats.ts plus the logging streaks. */
export const statsSchema = z.object({
  days: z.array(
    z.object({
      date: isoDateSchema,
      kcal: z.number(),
      goal: z.nullable(z.number()),
      logged: z.boolean(),
      // A server of an earlier build answers no water, nor activity.
      water: z._default(z.number(), 0),
      activity: z._default(z.number(), 0),
      steps: z._default(z.nullable(z.int()), null),
      fasted: z._default(z.nullable(z.int()), null),
    }),
  ),
  loggedDays: z.int(),
  averageKcal: z.nullable(z.number()),
  daysOnTarget: z.int(),
  macros: z.object({
    protein: z.number(),
    fat: z.number(),
    carbs: z.number(),
    kcalShare: z.object({ protein: z.number(), fat: z.number(), carbs: z.number() }),
    perDay: z.object({ protein: z.number(), fat: z.number(), carbs: z.number() }),
  }),
  weights: z.array(z.object({ date: isoDateSchema, weight: z.number(), average: z.number() })),
  water: z._default(z.object({ days: z.int(), averageMl: z.nullable(z.number()) }), {
    days: 0,
    averageMl: null,
  }),
  steps: z._default(z.object({ days: z.int(), average: z.nullable(z.number()) }), { days: 0, average: null }),
  measures: z._default(
    z.array(
      z.object({
        date: isoDateSchema,
        ...(Object.fromEntries(bodyMeasures.map((measure) => [measure, z.optional(z.number())])) as Record<
          BodyMeasure,
          z.ZodOptional<ReturnType<typeof z.number>>
        >),
      }),
    ),
    [],
  ),
  fasting: z._default(
    z.object({
      count: z.int(),
      averageMinutes: z.nullable(z.int()),
      longestMinutes: z.nullable(z.int()),
      reached: z.int(),
      streakDays: z.int(),
    }),
    { count: 0, averageMinutes: null, longestMinutes: null, reached: 0, streakDays: 0 },
  ),
  streaks: z.object({ current: z.int(), longest: z.int() }),
});
export type StatsResponse = z.infer<typeof statsSchema>;

/** `?dryRun=&settings=` of POST /api/import. */
export const importQuerySchema = z.object({
  dryRun: z.optional(z.enum(['0', '1', 'true', 'false'])),
  settings: z.optional(z.enum(['file', 'mine'])),
});

/** `?baseUpdatedAt=` of DELETE /api/foods/{id}. */
export const foodDeleteQuerySchema = z.object({ baseUpdatedAt: baseUpdatedAtSchema });

const countsSchema = z.object({
  added: z.int(),
  updated: z.int(),
  unchanged: z.int(),
});
/** The ImportPlan of lib/schemas/export.ts, as the import endpoint answers it. */
export const importPlanSchema = z.object({
  foods: countsSchema,
  days: countsSchema,
  entries: countsSchema,
  settings: z.object({
    changes: z.array(
      z.object({ field: z.enum(TRAVELLING_SETTINGS), current: z.unknown(), incoming: z.unknown() }),
    ),
    onlyDefaults: z.boolean(),
    applied: z.boolean(),
  }),
});

/**
 * One change of a batch: a change of a day (lib/diary/day-change.ts) and, for an entry's, the
 * day's version it was made on (`base`; null: a day the client had not seen written). Without a
 * base, the newest copy of the entry wins, as PUT of an entry alone without baseUpdatedAt.
 */
export const batchChangeSchema = z.strictObject({
  date: isoDateSchema,
  change: dayChangeSchema,
  base: baseUpdatedAtSchema,
});
export type BatchChange = z.infer<typeof batchChangeSchema>;

const batchOf = <T extends z.ZodType>(change: T) =>
  z.object({
    changes: z
      .array(change)
      .check(
        z.minLength(LIMITS.batchOperations.min, 'batchSize'),
        z.maxLength(LIMITS.batchOperations.max, 'batchSize'),
      ),
  });

/** POST /api/batch: changes of days, applied in order in one transaction. */
export const batchRequestSchema = batchOf(batchChangeSchema);

/**
 * POST /api/batch as the server reads it: the list whole, each change then in its turn
 * (lib/server/db/batch.ts), so that one it refuses stops the batch there with its own answer and
 * what came before it is kept, as for any other refusal.
 */
export const batchEnvelopeSchema = batchOf(z.unknown());

/**
 * What a batch did: the first `done` changes were applied; `failed` is the answer of the next
 * one, which stopped the batch and wrote nothing (null when all were applied); `days` are the days
 * the applied ones changed, as they are now.
 */
export const batchAnswerSchema = z.object({
  done: z.int(),
  failed: z.nullable(z.object({ status: z.int(), body: z.unknown() })),
  days: z.array(daySchema),
});
export type BatchAnswer = z.infer<typeof batchAnswerSchema>;
