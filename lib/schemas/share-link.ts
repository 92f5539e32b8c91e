import { z } from '@/lib/schemas/zod';
import { dayNumber, isIsoDate } from '@/lib/diary/dates';
import { LIMITS } from '@/lib/limits';
import { isoDateSchema, limitedText, timestampSchema } from './common';
import { daySchema } from './day';
import { mealPlanSchema } from './settings';

/** POST /api/shares: whom it is for, the period it shows, and the days it lives. */
export const shareCreateSchema = z
  .object({
    name: limitedText(LIMITS.shareNameLength, 'shareNameLength'),
    from: isoDateSchema,
    to: isoDateSchema,
    days: z
      .int('shareDaysRange')
      .check(
        z.gte(LIMITS.shareLinkDays.min, 'shareDaysRange'),
        z.lte(LIMITS.shareLinkDays.max, 'shareDaysRange'),
      ),
  })
  .check(
    z.refine(
      ({ from, to }) =>
        !isIsoDate(from) ||
        !isIsoDate(to) ||
        (from <= to && dayNumber(to) - dayNumber(from) < LIMITS.reportDays.max),
      { path: ['to'], message: 'sharePeriod' },
    ),
  );
export type ShareCreate = z.infer<typeof shareCreateSchema>;

/** A link as its owner lists it: never the link's secret. */
export const shareInfoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  from: isoDateSchema,
  to: isoDateSchema,
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  lastOpenedAt: z.nullable(timestampSchema),
});
export type ShareInfo = z.infer<typeof shareInfoSchema>;

/** The link's secret, the last part of /shared/{token}, shown this once, and its record. */
export const shareCreatedSchema = z.object({ token: z.string(), info: shareInfoSchema });

/** /api/shares/{id}. */
export const shareParamsSchema = z.object({ id: z.uuid('idInvalid') });

/** /api/shared/{token}: a link's secret, 32 random bytes in base64url. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const sharedParamsSchema = z.object({ token: z.string().check(z.regex(SHARE_TOKEN, 'shareToken')) });

/** What a link shows: whom it is for, the owner's name, the period and its written days, and when it ends. */
export const sharedDiarySchema = z.object({
  name: z.string(),
  owner: z.string(),
  /** The owner's meals, in order, by the names they gave them (null: the four as they come). */
  meals: mealPlanSchema,
  from: isoDateSchema,
  to: isoDateSchema,
  expiresAt: timestampSchema,
  days: z.array(daySchema),
});
export type SharedDiary = z.infer<typeof sharedDiarySchema>;
