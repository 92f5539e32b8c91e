import 'server-only';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One schema for both engines (PostgreSQL and PGlite). Timestamps are timestamptz read as JS
 * Dates; numbers are double precision so a client's number comes back exactly as it was sent.
 */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

export const settings = pgTable('settings', {
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
  lastExportAt: timestamptz('last_export_at'),
  savedAt: timestamptz('saved_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

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
    favorite: boolean('favorite').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [index('foods_user_id_idx').on(table.userId, table.id)],
);

/** A written day: the goal in force when it was first written, the weight, and when it last changed. */
export const days = pgTable(
  'days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    goal: integer('goal').notNull(),
    weight: doublePrecision('weight'),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  // The primary key starts with user_id, so it is also the per-user index.
  (table) => [primaryKey({ columns: [table.userId, table.date] })],
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
  ],
);

/** Every login attempt, for the rate limit; keyed by email and IP, not by user (unknown emails count too). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamptz('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.email, table.createdAt),
    index('login_attempts_ip_idx').on(table.ip, table.createdAt),
  ],
);
