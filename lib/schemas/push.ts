import { z } from '@/lib/schemas/zod';
import { weekdays } from '@/lib/diary/dates';
import { LIMITS } from '@/lib/limits';
import { isoDateSchema, limitedText, meals, mealSchema } from './common';
import { ownMeals, type Meal } from '@/lib/diary/meals';
import { locales } from '@/lib/i18n/config';
import { canonicalTimeZone } from '@/lib/i18n/time-zone';
import { fastStartedSchema } from './day';

/**
 * Reminders by Web Push (lib/server/push): what a device asks to be reminded of, in its own
 * time zone, and the subscription the browser made for it.
 */

/** A time of day, HH:MM, 24-hour. */
export const timeOfDaySchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'timeFormat'));

/** One reminder: its time and the weekdays it comes on (at least one). */
export const reminderSchema = z.object({
  time: timeOfDaySchema,
  days: z
    .array(z.enum(weekdays, 'weekdays'))
    .check(z.minLength(1, 'weekdays'), z.maxLength(weekdays.length, 'weekdays')),
});
export type Reminder = z.infer<typeof reminderSchema>;

const optionalReminder = z._default(z.nullable(reminderSchema), null);

// The names the user gave meals, as the device saw them when it saved the reminders: what a
// guest's reminder of one is titled (an account's takes the name its settings hold at the time).
const mealNamesField = z.optional(
  z.partial(
    z.strictObject(
      Object.fromEntries(meals.map((meal) => [meal, limitedText(LIMITS.mealNameLength, 'mealNameLength')])),
    ),
  ) as unknown as z.ZodType<Partial<Record<Meal, string>>>,
);
// A reminder of a meal of one's own; left out (as rows saved before there were any have it): none.
const ownMealReminder = z.optional(z.nullable(reminderSchema));

/**
 * A meal's reminder (of one's own meals too), a weigh-in's, and the evening's "nothing logged
 * today" (null: none), each at its time; and whether a fast under way is told when it reaches its
 * plan (its time is the fast's).
 */
export const remindersSchema = z.object({
  breakfast: optionalReminder,
  lunch: optionalReminder,
  dinner: optionalReminder,
  snacks: optionalReminder,
  meal5: ownMealReminder,
  meal6: ownMealReminder,
  meal7: ownMealReminder,
  meal8: ownMealReminder,
  mealNames: mealNamesField,
  weighIn: optionalReminder,
  nothingLogged: optionalReminder,
  fastEnd: z._default(z.boolean(), false),
});
export type Reminders = z.infer<typeof remindersSchema>;
export type ReminderKind = Exclude<keyof Reminders, 'mealNames'>;
/** The reminders that come at a time of day the user chose. */
export type TimedReminderKind = Exclude<ReminderKind, 'fastEnd'>;
export const timedReminderKinds = [
  'breakfast',
  'lunch',
  'dinner',
  'snacks',
  ...ownMeals,
  'weighIn',
  'nothingLogged',
] as const satisfies readonly TimedReminderKind[];

/** What a guest says it logged on its day, so a reminder of something done is skipped. */
export const guestLoggedSchema = z.object({
  date: isoDateSchema,
  meals: z.array(mealSchema).check(z.maxLength(meals.length, 'meals')),
  weighed: z.boolean(),
});
export type GuestLogged = z.infer<typeof guestLoggedSchema>;

/**
 * A guest's fast under way (null: none), so the server can tell it when the fast reaches its plan;
 * an account's is read from its diary.
 */
export const guestFastSchema = z.nullable(fastStartedSchema);

/**
 * PushSubscription.toJSON() as a browser gives it. The keys are what the payload is encrypted
 * with (RFC 8291), so keys that cannot be are refused here rather than fail every push: p256dh
 * is a P-256 public key, 65 bytes uncompressed (0x04, x, y: base64url "B" then A to P), and
 * auth a 16-byte secret, both in base64url with or without padding. The server also checks
 * that the point is on the curve (lib/server/push/subscriptions.ts).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url({ protocol: /^https?$/, error: 'pushEndpoint' })
    .check(z.maxLength(LIMITS.pushEndpointLength.max, 'pushEndpoint')),
  keys: z.object({
    p256dh: z.string().check(z.regex(/^B[A-P][A-Za-z0-9_-]{85}=?$/, 'pushKeys')),
    auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'pushKeys')),
  }),
});

/** An IANA time zone the server knows, as Intl.DateTimeFormat().resolvedOptions().timeZone gives it. */
export const timeZoneSchema = z.string().check(
  z.maxLength(64, 'timeZone'),
  z.refine((zone) => canonicalTimeZone(zone) !== null, 'timeZone'),
);

/** PUT /api/push: this device's subscription and its reminders, made or replaced. */
export const pushSubscribeSchema = z.object({
  subscription: pushSubscriptionSchema,
  timeZone: timeZoneSchema,
  language: z.enum(locales),
  reminders: remindersSchema,
  /** A guest's: what it logged on its day. Accounts leave it out: the server knows. */
  guestLogged: z.optional(z.nullable(guestLoggedSchema)),
  /** A guest's: its fast under way. Accounts leave it out, as guestLogged. */
  guestFast: z.optional(guestFastSchema),
});
export type PushSubscribe = z.infer<typeof pushSubscribeSchema>;

/** DELETE /api/push, and a guest's PATCH: the subscription, proved by its endpoint and auth secret. */
export const pushOwnerSchema = z.object({
  endpoint: z.string().check(z.maxLength(LIMITS.pushEndpointLength.max)),
  auth: z.string().check(z.maxLength(100)),
});

/**
 * PATCH /api/push: a guest tells what it logged on its day, or the fast it has under way, or both
 * (the dashboard tells each as it changes).
 */
export const pushLoggedSchema = z
  .extend(pushOwnerSchema, {
    guestLogged: z.optional(guestLoggedSchema),
    guestFast: z.optional(guestFastSchema),
  })
  .check(
    z.refine(
      (body) => body.guestLogged !== undefined || body.guestFast !== undefined,
      'guestLogged or guestFast',
    ),
  );

/** What the server answers of a subscription: its reminders, as stored. */
export const pushStateSchema = z.object({
  reminders: remindersSchema,
  timeZone: z.string(),
  language: z.enum(locales),
});
