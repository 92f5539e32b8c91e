import { z } from '@/lib/schemas/zod';
import { isIsoDate } from '@/lib/diary/dates';
import { meals } from '@/lib/diary/meals';
import { hasNoNul, LIMITS, type NumericLimit } from '@/lib/limits';

/** A calendar day, YYYY-MM-DD, that exists (no 2026-02-30), within LIMITS.date. */
export const isoDateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'dateFormat'),
  z.refine(isIsoDate, 'dateInvalid'),
  z.refine((date) => date >= LIMITS.date.min && date <= LIMITS.date.max, 'dateRange'),
);

/**
 * An ISO-8601 timestamp with time zone, as `Date#toISOString` writes it, of an instant within
 * LIMITS.timestampMs (PostgreSQL and the guest codec store nothing outside it).
 */
export const timestampSchema = z.iso.datetime({ offset: true }).check(
  z.refine((value) => {
    const ms = Date.parse(value);
    return ms >= LIMITS.timestampMs.min && ms <= LIMITS.timestampMs.max;
  }, 'timestampRange'),
);

/**
 * An entry's time (loggedAt, updatedAt): a timestampSchema instant, kept to the whole second in
 * UTC. The guest codec stores entry times as epoch seconds, so this is the precision every layer
 * keeps: an entry reads back, exports and imports exactly as it was accepted, in both modes.
 */
export const entryTimestampSchema = z.pipe(
  timestampSchema,
  z.transform((value: string) => new Date(Math.floor(Date.parse(value) / 1000) * 1000).toISOString()),
);

/** A number within a limit of the table; `message` is the key a form or the API answers. */
export const limitedNumber = (limit: NumericLimit, message: string) =>
  z.number(message).check(z.gte(limit.min, message), z.lte(limit.max, message));

/**
 * A text with each lone UTF-16 surrogate (half of an emoji cut by a paste or a length limit)
 * as U+FFFD, as a browser would show it: PostgreSQL's JSON refuses one ("unsupported Unicode
 * escape"), so a note a guest kept was refused whole when it reached an account.
 */
export const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A trimmed, well-formed text within a length limit of the table, without NUL characters. */
export const limitedText = (limit: NumericLimit, message: string) =>
  z
    .string(message)
    .check(
      z.overwrite(wellFormed),
      z.trim(),
      z.minLength(limit.min, message),
      z.maxLength(limit.max, message),
      z.refine(hasNoNul, message),
    );

export { meals, type Meal } from '@/lib/diary/meals';
export const mealSchema = z.enum(meals);

export { round1 } from '@/lib/diary/round';
