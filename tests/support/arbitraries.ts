import fc from 'fast-check';
import { meals } from '@/lib/diary/meals';
import { weekdays, type Weekday } from '@/lib/diary/dates';
import { LIMITS } from '@/lib/limits';
import type { Entry } from '@/lib/schemas/entry';
import { nutrientKeys, nutrientLimit, type NutrientKey, type Nutrients } from '@/lib/diary/nutrients';

// Random records for the property-based tests, drawn from the limits table: what any form or
// API client may send, with the edges of every range far more often than chance gives them.

/** fast-check's runs per property; PROPERTY_RUNS=2000 for a longer hunt. */
export const propertyRuns = { numRuns: Number(process.env.PROPERTY_RUNS ?? 150) };

/** A number of a limit, with its edges and plain values far more often than chance gives them. */
export function inLimit(limit: { min: number; max: number }) {
  return fc.oneof(
    fc.constant(limit.min),
    fc.constant(limit.max),
    fc.integer({ min: Math.ceil(limit.min), max: Math.floor(limit.max) }),
    // JSON has no -0: 0 and -0 are the same amount, stored as 0.
    fc.double({ min: limit.min, max: limit.max, noNaN: true }).map((value) => (value === 0 ? 0 : value)),
  );
}

export const text = (limit: { min: number; max: number }) =>
  fc
    .string({ unit: 'grapheme', minLength: limit.min, maxLength: limit.max })
    .filter(
      (value) => !value.includes('\u0000') && value.trim().length >= limit.min && value.length <= limit.max,
    );

export const instant = fc
  .integer({ min: LIMITS.timestampMs.min, max: LIMITS.timestampMs.max })
  .map((ms) => new Date(ms).toISOString());

/**
 * Nutrients a food or an entry may know: any subset, each within its limit per 100 g (which an
 * entry of any kind accepts), in the list's order as every layer hands them back.
 */
export const nutrientsArb: fc.Arbitrary<Nutrients> = fc
  .record(
    Object.fromEntries(nutrientKeys.map((key) => [key, inLimit(nutrientLimit(key, 'per100g'))])) as Record<
      NutrientKey,
      fc.Arbitrary<number>
    >,
    { requiredKeys: [] },
  )
  .filter((nutrients) => Object.keys(nutrients).length > 0);

const ENTRY_KEYS = [
  'id',
  'meal',
  'food',
  'name',
  'amount',
  'unit',
  'grams',
  'kcal',
  'protein',
  'fat',
  'carbs',
  'loggedAt',
  'updatedAt',
] as const;

export const entryArb: fc.Arbitrary<Entry> = fc.record(
  {
    id: fc.uuid({ version: 4 }),
    meal: fc.constantFrom(...meals),
    food: fc.oneof(
      fc.constant(null),
      fc.integer({ min: 1, max: LIMITS.foodId.max }),
      fc.stringMatching(/^c:[a-z0-9-]{1,80}$/),
    ),
    name: text(LIMITS.nameLength),
    amount: inLimit(LIMITS.entryAmount),
    unit: fc.constantFrom('g', 'serving', 'kcal'),
    grams: fc.option(inLimit(LIMITS.entryGrams), { nil: null }),
    kcal: inLimit(LIMITS.entryKcal),
    protein: inLimit(LIMITS.entryMacro),
    fat: inLimit(LIMITS.entryMacro),
    carbs: inLimit(LIMITS.entryMacro),
    nutrients: nutrientsArb,
    loggedAt: instant,
    updatedAt: instant,
  },
  { requiredKeys: [...ENTRY_KEYS] },
);

export const dateArb = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

export const foodArb = fc.record(
  {
    name: text(LIMITS.nameLength),
    brand: fc.option(text({ min: 1, max: LIMITS.brandLength.max }), { nil: null }),
    kcal: inLimit(LIMITS.foodKcal),
    protein: inLimit({ min: 0, max: 30 }),
    fat: inLimit({ min: 0, max: 30 }),
    carbs: inLimit({ min: 0, max: 30 }),
    serving: fc.option(
      fc.record({ label: text(LIMITS.servingLabelLength), grams: inLimit(LIMITS.servingGrams) }),
      { nil: null },
    ),
    favorite: fc.boolean(),
    nutrients: nutrientsArb,
  },
  { requiredKeys: ['name', 'brand', 'kcal', 'protein', 'fat', 'carbs', 'serving', 'favorite'] },
);

/** Settings a user may choose: every travelling field (lib/diary/settings-merge.ts) within its limits. */
export const settingsArb = fc.record({
  currentGoal: fc.integer({ min: LIMITS.goalKcal.min, max: LIMITS.goalKcal.max }),
  weight: fc.option(inLimit(LIMITS.weightKg), { nil: null }),
  height: fc.option(inLimit(LIMITS.heightCm), { nil: null }),
  age: fc.option(fc.integer({ min: LIMITS.ageYears.min, max: LIMITS.ageYears.max }), { nil: null }),
  gender: fc.constantFrom(null, 'male', 'female'),
  activity: fc.constantFrom(null, 'sedentary', 'light', 'moderate', 'active', 'veryActive'),
  theme: fc.constantFrom(null, 'light', 'dark', 'system'),
  language: fc.constantFrom('en', 'ru'),
  bottomNav: fc.boolean(),
  calmMode: fc.boolean(),
  weekdayGoals: fc.record(
    Object.fromEntries(
      weekdays.map((day) => [day, fc.integer({ min: LIMITS.goalKcal.min, max: LIMITS.goalKcal.max })]),
    ) as Record<Weekday, fc.Arbitrary<number>>,
    { requiredKeys: [] },
  ),
  waterGlass: fc.integer({ min: LIMITS.waterGlassMl.min, max: LIMITS.waterGlassMl.max }),
  waterGoal: fc.option(fc.integer({ min: LIMITS.waterGoalMl.min, max: LIMITS.waterGoalMl.max }), {
    nil: null,
  }),
});
