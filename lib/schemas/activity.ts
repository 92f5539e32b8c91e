import { z } from '@/lib/schemas/zod';
import { LIMITS } from '@/lib/limits';
import { entryTimestampSchema, limitedText } from './common';

/**
 * An activity's kind: a key of the MET table (lib/diary/activity-kinds.ts), `tracker` for the
 * active kcal a watch or an app counted, or `other` with a name of the user's. Any key of that
 * shape is kept, so a kind a later build adds reads back here too (shown by its name, or as
 * "Other").
 */
export const ACTIVITY_KIND = /^[a-z][A-Za-z0-9]{0,39}$/;

const wholeNumber = (limit: { min: number; max: number }, message: string) =>
  z.int(message).check(z.gte(limit.min, message), z.lte(limit.max, message));

/**
 * Something the user did that burned energy on top of resting. Its kcal are worked out when it is
 * logged (from the kind's MET, the minutes and the weight then) or typed, and kept as they were:
 * a later weigh-in never rewrites a past day. Ids are client-made UUIDs, as an entry's are, so
 * logging, syncing and importing the same activity twice keeps one.
 */
export const activitySchema = z
  .object({
    id: z.uuid(),
    kind: z.string('activityKind').check(z.regex(ACTIVITY_KIND, 'activityKind')),
    /** The user's own name for it; required for `other`. */
    name: z.optional(limitedText(LIMITS.nameLength, 'nameLength')),
    /** How long it lasted; null for a tracker's total of the day. */
    minutes: z.nullable(wholeNumber(LIMITS.activityMinutes, 'activityMinutesRange')),
    kcal: wholeNumber(LIMITS.activityKcal, 'activityKcalRange'),
    loggedAt: entryTimestampSchema,
  })
  .check(
    z.superRefine((activity, context) => {
      if (activity.kind === 'other' && !activity.name)
        context.addIssue({ code: 'custom', path: ['name'], message: 'nameLength' });
    }),
  );
export type Activity = z.infer<typeof activitySchema>;
