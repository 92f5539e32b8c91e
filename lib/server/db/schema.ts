import 'server-only';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LIMITS, type NumericLimit } from '@/lib/limits';
import type { Activity } from '@/lib/schemas/activity';
import type { DayDetails } from '@/lib/schemas/day';
import type { GuestLogged, Reminders } from '@/lib/schemas/push';
import type { Recipe, Serving } from '@/lib/schemas/food';
import type { FastStarted } from '@/lib/diary/fasting';
import type { Nutrients } from '@/lib/diary/nutrients';
import type { NutrientTargets } from '@/lib/diary/nutrient-targets';
import type { Weekday } from '@/lib/diary/dates';
import type { MacroTargets } from '@/lib/diary/day-summary';
import type { MealSlot } from '@/lib/diary/meals';
import type { OffProduct } from '@/lib/barcode/open-food-facts';

/**
 * One schema for both engines (PostgreSQL and PGlite). Timestamps are timestamptz read as JS
 * Dates; numbers are double precision so a client's number comes back exactly as it was sent.
 */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A CHECK that a column holds a value within a limit of lib/limits.ts (null passes, as in SQL).
 * The schemas refuse such values first; these are the database's own guard behind them. The
 * numbers are written into the migration, and tests/integration/constraints.test.ts keeps the
 * migrations equal to the table.
 */
function within(name: string, column: AnyPgColumn, limit: NumericLimit) {
  return check(name, sql`${column} BETWEEN ${sql.raw(String(limit.min))} AND ${sql.raw(String(limit.max))}`);
}

/** A CHECK on a text column's length in characters (JavaScript counts no fewer). */
function lengthWithin(name: string, column: AnyPgColumn, limit: NumericLimit) {
  return check(
    name,
    sql`char_length(${column}) BETWEEN ${sql.raw(String(limit.min))} AND ${sql.raw(String(limit.max))}`,
  );
}

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  // Stored lowercased (emailSchema lowercases), so the unique index is case-insensitive in effect.
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A signed cookie names one row here, so a session can be revoked before its JWT expires. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * Personal access tokens: a user's scripts and tools reach their data with `Authorization:
 * Bearer <token>` (lib/server/auth/api-tokens.ts). Only the token's SHA-256 is kept; it is shown
 * once, when made. Revoking deletes the row.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Of `read`, `write`, `delete`. */
    scopes: text('scopes').array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at'),
    lastUsedAt: timestamptz('last_used_at'),
    /**
     * The token's requests in the minute `requestMinute` (minutes since 1970), for its rate limit
     * (LIMITS.tokenRequestsPerMinute): kept here, so every instance of the app counts the same.
     */
    requestMinute: integer('request_minute').notNull().default(0),
    requestsInMinute: integer('requests_in_minute').notNull().default(0),
  },
  (table) => [index('api_tokens_user_id_idx').on(table.userId)],
);

/** Read-only links to a period of a user's diary, for a dietitian (lib/server/share-links.ts). */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whom it is for, as the user wrote it; may be empty. */
    name: text('name').notNull(),
    from: date('from_date', { mode: 'string' }).notNull(),
    to: date('to_date', { mode: 'string' }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastOpenedAt: timestamptz('last_opened_at'),
  },
  (table) => [index('share_links_user_id_idx').on(table.userId)],
);

/**
 * A device's Web Push subscription and the reminders it asked for (lib/server/push): per device,
 * in its own time zone and language, for an account (userId) or a guest (null: no diary here,
 * only the reminder times and which meals it says were logged today).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The session it was made in: its end (logout, a password change) ends the reminders. */
    sessionId: uuid('session_id'),
    /** The push service's URL for this device: unique, and unguessable. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    /** The browser's auth secret for the payload; it also proves a guest owns the subscription. */
    auth: text('auth').notNull(),
    language: text('language').notNull(),
    timeZone: text('time_zone').notNull(),
    reminders: jsonb('reminders').$type<Reminders>().notNull(),
    /** A guest's word on what it logged on its day: with guestFast, all of its diary the server knows. */
    guestLogged: jsonb('guest_logged').$type<GuestLogged>(),
    /** A guest's fast under way, for the reminder at its plan's end; null: none. */
    guestFast: jsonb('guest_fast').$type<FastStarted>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_id_idx').on(table.userId)],
);

/**
 * The reminders sent, one row a subscription, reminder (a fast's: "fastEnd" and its start) and
 * local day: an instance sends one only if it inserted its row, so several instances never send
 * it twice.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    reminder: text('reminder').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.reminder, table.date] })],
);

/**
 * The VAPID key pair this server signs its pushes with (lib/server/push/vapid.ts), when the
 * environment names none: generated by the first instance to start and read by every other, since
 * a subscription is bound to the public key and a push signed with another pair is refused. One
 * row, whose fixed id makes a second instance's insert meet the first's.
 */
export const vapidKeys = pgTable(
  'vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [check('vapid_keys_one_row', sql`${table.id} = 1`)],
);

export const settings = pgTable(
  'settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    currentGoal: integer('current_goal').notNull(),
    weight: doublePrecision('weight'),
    height: doublePrecision('height'),
    age: integer('age'),
    gender: text('gender'),
    theme: text('theme'),
    activity: text('activity'),
    bottomNav: boolean('bottom_nav').notNull().default(true),
    /** null: the browser's locale decides (lib/units/units.ts). */
    unitSystem: text('unit_system'),
    energyUnit: text('energy_unit'),
    /** The user's own nutrient targets (lib/schemas/nutrients.ts), checked by the schema on every write. */
    nutrientTargets: jsonb('nutrient_targets').$type<NutrientTargets>().notNull().default({}),
    /** The macros' targets (lib/schemas/settings.ts), null for the default split. */
    macroTargets: jsonb('macro_targets').$type<MacroTargets>(),
    /** Goals of some weekdays (lib/schemas/settings.ts), checked by the schema on every write. */
    weekdayGoals: jsonb('weekday_goals').$type<Partial<Record<Weekday, number>>>().notNull().default({}),
    /** The one-tap glass and the day's water goal (null: none), in ml. */
    waterGlass: integer('water_glass').notNull().default(250),
    waterGoal: integer('water_goal').default(2000),
    /** The day's steps goal (null: none). */
    stepsGoal: integer('steps_goal').default(10000),
    stepsInBudget: boolean('steps_in_budget').notNull().default(false),
    /** The share of activity kcal added to a day's budget, in percent (LIMITS.activityShare). */
    activityShare: integer('activity_share').notNull().default(100),
    /** Calm mode: energy figures and the budget are hidden (docs/decisions/0043). */
    calmMode: boolean('calm_mode').notNull().default(false),
    /** The user's meals in order (lib/diary/meals.ts), null for the four as they come; checked by the schema on every write. */
    meals: jsonb('meals').$type<MealSlot[]>(),
    lastExportAt: timestamptz('last_export_at'),
    savedAt: timestamptz('saved_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    within('settings_goal_range', table.currentGoal, LIMITS.goalKcal),
    within('settings_weight_range', table.weight, LIMITS.weightKg),
    within('settings_height_range', table.height, LIMITS.heightCm),
    within('settings_age_range', table.age, LIMITS.ageYears),
    within('settings_water_glass_range', table.waterGlass, LIMITS.waterGlassMl),
    within('settings_water_goal_range', table.waterGoal, LIMITS.waterGoalMl),
    within('settings_steps_goal_range', table.stepsGoal, LIMITS.stepsGoal),
    within('settings_activity_share_range', table.activityShare, LIMITS.activityShare),
  ],
);

export const foods = pgTable(
  'foods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    brand: text('brand'),
    kcal: doublePrecision('kcal').notNull(),
    protein: doublePrecision('protein').notNull(),
    fat: doublePrecision('fat').notNull(),
    carbs: doublePrecision('carbs').notNull(),
    servingLabel: text('serving_label'),
    servingGrams: doublePrecision('serving_grams'),
    /** Named measures beside the serving (lib/schemas/food.ts), checked by the schema on every write. */
    measures: jsonb('measures').$type<Serving[]>().notNull().default([]),
    favorite: boolean('favorite').notNull().default(false),
    /** A recipe food's ingredients and yield (lib/schemas/food.ts), checked by the schema on every write. */
    recipe: jsonb('recipe').$type<Recipe>(),
    /** Per 100 g, checked by the schema on every write; null: none known. */
    nutrients: jsonb('nutrients').$type<Nutrients>(),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('foods_user_id_idx').on(table.userId, table.id),
    lengthWithin('foods_name_length', table.name, LIMITS.nameLength),
    within('foods_kcal_range', table.kcal, LIMITS.foodKcal),
    within('foods_protein_range', table.protein, LIMITS.foodMacro),
    within('foods_fat_range', table.fat, LIMITS.foodMacro),
    within('foods_carbs_range', table.carbs, LIMITS.foodMacro),
    within('foods_serving_grams_range', table.servingGrams, LIMITS.servingGrams),
  ],
);

/**
 * A written day: the goal in force when it was first written, the weight, the water drunk (ml),
 * its activities (a few a day, each written whole by the day's rules: lib/schemas/activity.ts),
 * and when it last changed.
 */
export const days = pgTable(
  'days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    goal: integer('goal').notNull(),
    weight: doublePrecision('weight'),
    water: integer('water').notNull().default(0),
    activities: jsonb('activities').$type<Activity[]>().notNull().default([]),
    /** What the day holds beyond food (Day.details: its note...), whole; null when nothing. */
    details: jsonb('details').$type<DayDetails>(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  // The primary key starts with user_id, so it is also the per-user index.
  (table) => [
    primaryKey({ columns: [table.userId, table.date] }),
    within('days_goal_range', table.goal, LIMITS.goalKcal),
    within('days_weight_range', table.weight, LIMITS.weightKg),
    within('days_water_range', table.water, LIMITS.waterMl),
    // The rules hold the limit (as JSON.stringify writes it); jsonb's text puts a space after
    // each colon and comma, so the table allows twice as much, a guard against another writer.
    check(
      'days_details_size',
      sql`length(${table.details}::text) <= ${sql.raw(String(2 * LIMITS.dayDetailsChars.max))}`,
    ),
  ],
);

/**
 * Diary entries. Ids are the client's UUIDs, unique per user only: one browser's guest data may
 * be imported into two accounts. `food_id` is a plain number, not a foreign key: deleting a
 * food never rewrites the history that points at it.
 */
export const entries = pgTable(
  'entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    meal: text('meal').notNull(),
    foodId: integer('food_id'),
    catalogFood: text('catalog_food'),
    name: text('name').notNull(),
    amount: doublePrecision('amount').notNull(),
    unit: text('unit').notNull(),
    grams: doublePrecision('grams'),
    kcal: doublePrecision('kcal').notNull(),
    protein: doublePrecision('protein').notNull(),
    fat: doublePrecision('fat').notNull(),
    carbs: doublePrecision('carbs').notNull(),
    /** Per 100 g as logged, or a quick add's whole (lib/schemas/entry.ts); null: none known. */
    nutrients: jsonb('nutrients').$type<Nutrients>(),
    loggedAt: timestamptz('logged_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    // Reads a day's entries in display order, and the per-day sums of the stats in one pass.
    index('entries_user_date_idx').on(table.userId, table.date, table.loggedAt, table.id),
    foreignKey({ columns: [table.userId, table.date], foreignColumns: [days.userId, days.date] }).onDelete(
      'cascade',
    ),
    lengthWithin('entries_name_length', table.name, LIMITS.nameLength),
    within('entries_amount_range', table.amount, LIMITS.entryAmount),
    within('entries_grams_range', table.grams, LIMITS.entryGrams),
    within('entries_kcal_range', table.kcal, LIMITS.entryKcal),
    within('entries_protein_range', table.protein, LIMITS.entryMacro),
    within('entries_fat_range', table.fat, LIMITS.entryMacro),
    within('entries_carbs_range', table.carbs, LIMITS.entryMacro),
  ],
);

/**
 * Tries to log in (or to confirm the password), to register, to start a guest's reminders and to
 * send a test one, for the limits of THROTTLES in lib/limits.ts; keyed by email (empty for
 * reminders) and address, not by user (unknown emails count too). A try is 'pending' while its
 * password is checked, then 'failed', 'succeeded' or, for failures the user followed with the
 * right password from the same address, 'forgiven'.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    action: text('action', { enum: ['login', 'register', 'guestReminders', 'testReminder'] }).notNull(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    outcome: text('outcome', { enum: ['pending', 'failed', 'succeeded', 'forgiven'] }).notNull(),
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('auth_attempts_email_idx').on(table.action, table.email, table.createdAt),
    index('auth_attempts_ip_idx').on(table.action, table.ip, table.createdAt),
  ],
);

/**
 * Open Food Facts' answers by barcode, shared by every user and guest: a product scanned once is
 * answered from here until it is stale (OPEN_FOOD_FACTS in lib/limits.ts). `product` is the
 * trimmed product (lib/barcode/open-food-facts.ts, names in every language we show), null for
 * a barcode Open Food Facts does not know. Failures to reach it are never stored.
 */
export const products = pgTable(
  'products',
  {
    barcode: text('barcode').primaryKey(),
    found: boolean('found').notNull(),
    product: jsonb('product').$type<OffProduct>(),
    fetchedAt: timestamptz('fetched_at').notNull(),
  },
  (table) => [
    check(
      'products_barcode_digits',
      sql`${table.barcode} ~ ${sql.raw(`'^[0-9]{${LIMITS.barcodeDigits.min},${LIMITS.barcodeDigits.max}}$'`)}`,
    ),
    check('products_found_has_product', sql`${table.found} = (${table.product} IS NOT NULL)`),
  ],
);
