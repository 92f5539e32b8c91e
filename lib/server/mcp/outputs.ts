import 'server-only';
import { mealSchema } from '@/lib/schemas/common';
import { amountUnitSchema, foodRefSchema } from '@/lib/schemas/entry';
import { statsSchema } from '@/lib/schemas/api';
import { z } from '@/lib/schemas/zod';

/*
 * What each tool answers as `structuredContent`, declared as its `outputSchema` so a client knows
 * the shape before it calls (and the SDK checks every answer against it: a tool that answered
 * otherwise would be a failure in tests/integration/mcp.test.ts, not a surprise to a client).
 * They describe answers as ./day-view.ts and ./sources.ts make them; the limits of input are the
 * REST schemas' business, so numbers here are plain numbers.
 */

const source = z.enum(['catalog', 'own', 'quick add / label', 'import']);
const totals = z.object({ kcal: z.number(), protein: z.number(), fat: z.number(), carbs: z.number() });

/** An entry as entryView answers it. */
const entry = z.object({
  id: z.string(),
  meal: mealSchema,
  food: foodRefSchema,
  name: z.string(),
  amount: z.number(),
  unit: amountUnitSchema,
  grams: z.nullable(z.number()),
  kcal: z.number(),
  protein: z.number(),
  fat: z.number(),
  carbs: z.number(),
  loggedAt: z.string(),
  source,
});

/** log_food and quick_add: the entry logged and the day's totals after it. */
export const loggedOutput = { date: z.string(), entry, dayTotals: totals };

/** log_meal: the entries logged, each with its part of the text, and what was not logged and why. */
export const mealLoggedOutput = {
  date: z.string(),
  meal: mealSchema,
  /** Where the meal came from: the call, the text ("for breakfast"), or the user's hour. */
  mealFrom: z.enum(['input', 'text', 'hour']),
  logged: z.array(
    z.object({
      text: z.string(),
      entry,
      sure: z.enum(['sure', 'likely', 'guess']),
      notes: z.array(z.string()),
    }),
  ),
  notLogged: z.array(z.object({ text: z.string(), reason: z.string() })),
  truncated: z.boolean(),
  dayTotals: totals,
};

export const searchOutput = {
  results: z.array(
    z.object({
      food: foodRefSchema,
      source,
      name: z.string(),
      per100g: totals,
      servings: z.array(z.object({ label: z.string(), grams: z.number() })),
    }),
  ),
};

const macro = z.object({ grams: z.number(), targetGrams: z.number(), percentOfTarget: z.number() });
const meal = z.object({ name: z.nullable(z.string()), totals, entries: z.array(entry) });
const ownMeal = z.optional(meal);

/** read_day: dayView. */
export const dayOutput = {
  date: z.string(),
  goal: z.number(),
  goalSource: z.string(),
  totals,
  activityKcal: z.number(),
  remainingKcal: z.number(),
  macros: z.object({ protein: macro, fat: macro, carbs: macro }),
  meals: z.object({
    breakfast: meal,
    lunch: meal,
    dinner: meal,
    snacks: meal,
    meal5: ownMeal,
    meal6: ownMeal,
    meal7: ownMeal,
    meal8: ownMeal,
  }),
  waterMl: z.number(),
  weightKg: z.nullable(z.number()),
  /** The day's note, or null. */
  note: z.nullable(z.string()),
  /** The day's steps, or null. */
  steps: z.nullable(z.int()),
  /** The day's body measurements, or null: waist, hips, chest and neck in cm, bodyFat in percent. */
  measures: z.nullable(
    z.object({
      waist: z.optional(z.number()),
      hips: z.optional(z.number()),
      chest: z.optional(z.number()),
      neck: z.optional(z.number()),
      bodyFat: z.optional(z.number()),
    }),
  ),
  /** A fast begun on this day and still under way, or null: its start (an instant) and planned minutes. */
  fasting: z.nullable(z.object({ start: z.string(), goalMinutes: z.int() })),
  /** The fasts that ended on this day (a fast across midnight is the day it ended), with how long each lasted. */
  fasts: z.array(z.object({ start: z.string(), end: z.string(), goalMinutes: z.int(), minutes: z.int() })),
  activities: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      name: z.optional(z.string()),
      minutes: z.nullable(z.number()),
      kcal: z.number(),
    }),
  ),
};

/** read_stats: the REST API's own answer of GET /api/stats. */
export const statsOutput = statsSchema;

export const weightOutput = { date: z.string(), weightKg: z.nullable(z.number()) };

export const deletedOutput = { date: z.string(), deleted: entry, dayTotals: totals };
