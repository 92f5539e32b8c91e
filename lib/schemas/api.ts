import { z } from '@/lib/schemas/zod';
import { dayNumber, isIsoDate } from '@/lib/dates';
import { passwordSchema } from './auth';
import { isoDateSchema, timestampSchema } from './common';
import { goalSchema, weightSchema } from './day';
import { entrySchema } from './entry';
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
export type ApiErrorBody = {
  error: string;
  field?: string;
  issues?: Array<{ path: string; message: string }>;
  current?: unknown;
};

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
export const baseUpdatedAtSchema = timestampSchema.nullable().optional();
export type BaseUpdatedAt = z.infer<typeof baseUpdatedAtSchema>;

export const passwordChangeSchema = z.object({
  current: z.string('passwordLength').min(1, 'passwordLength').max(256, 'passwordLength'),
  next: passwordSchema,
});
export const accountDeleteSchema = z.object({
  password: z.string('passwordLength').min(1, 'passwordLength').max(256, 'passwordLength'),
});

export const settingsPatchRequestSchema = settingsPatchSchema.extend({ baseUpdatedAt: baseUpdatedAtSchema });

/** PATCH /api/foods/{id}: any fields of a food input, merged onto the stored food and checked whole. */
export const foodPatchRequestSchema = z.looseObject({ baseUpdatedAt: baseUpdatedAtSchema });

export const dayPatchSchema = z.object({
  weight: weightSchema.nullable().optional(),
  goal: goalSchema.optional(),
  baseUpdatedAt: baseUpdatedAtSchema,
});
export type DayPatch = z.infer<typeof dayPatchSchema>;

export const entryPutSchema = entrySchema.extend({ baseUpdatedAt: baseUpdatedAtSchema });

/** A food id in a URL: a positive 32-bit integer. */
export const foodIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'idInvalid')
    .transform(Number)
    .refine((id) => id <= 2_147_483_647, 'idInvalid'),
});
export const dayParamsSchema = z.object({ date: isoDateSchema });
export const entryParamsSchema = z.object({ date: isoDateSchema, id: z.uuid('idInvalid') });

/** The longest range one request may ask for: about eleven years. */
export const MAX_RANGE_DAYS = 4000;

const rangeFields = { from: isoDateSchema, to: isoDateSchema };
type Range = { from: string; to: string };
// Only a range of two real dates is checked; a bad date has its own issue already.
const valid = (range: Range) => isIsoDate(range.from) && isIsoDate(range.to);
const ordered = (range: Range) => !valid(range) || range.from <= range.to;
const notTooLong = (range: Range) =>
  !valid(range) || dayNumber(range.to) - dayNumber(range.from) < MAX_RANGE_DAYS;

export const dateRangeSchema = z
  .object(rangeFields)
  .refine(ordered, { path: ['to'], message: 'rangeOrder' })
  .refine(notTooLong, { path: ['to'], message: 'rangeTooLong' });

export const statsQuerySchema = z
  .object({ ...rangeFields, today: isoDateSchema.optional() })
  .refine(ordered, { path: ['to'], message: 'rangeOrder' })
  .refine(notTooLong, { path: ['to'], message: 'rangeTooLong' });

/** GET /api/stats: computeStats() of lib/diary/stats.ts plus the logging streaks. */
export const statsSchema = z.object({
  days: z.array(
    z.object({ date: isoDateSchema, kcal: z.number(), goal: z.number().nullable(), logged: z.boolean() }),
  ),
  loggedDays: z.number().int(),
  averageKcal: z.number().nullable(),
  daysOnTarget: z.number().int(),
  macros: z.object({
    protein: z.number(),
    fat: z.number(),
    carbs: z.number(),
    kcalShare: z.object({ protein: z.number(), fat: z.number(), carbs: z.number() }),
  }),
  weights: z.array(z.object({ date: isoDateSchema, weight: z.number(), average: z.number() })),
  streaks: z.object({ current: z.number().int(), longest: z.number().int() }),
});
export type StatsResponse = z.infer<typeof statsSchema>;

const countsSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
/** The ImportPlan of lib/schemas/export.ts, as the import endpoint answers it. */
export const importPlanSchema = z.object({
  foods: countsSchema,
  days: countsSchema,
  entries: countsSchema,
  settingsUpdated: z.boolean(),
});
