import { z } from '@/lib/schemas/zod';
import { locales } from '@/lib/i18n/config';
import { themes } from '@/lib/preferences/themes';
import { LIMITS } from '@/lib/limits';
import { limitedNumber, limitedText, timestampSchema } from './common';
import { goalSchema, weightSchema } from './day';
import { energyUnits, unitSystems } from '@/lib/units/units';
import { nutrientTargetsSchema } from './nutrients';
import {
  DEFAULT_ACTIVITY_SHARE,
  DEFAULT_STEPS_GOAL,
  DEFAULT_WATER_GLASS_ML,
  DEFAULT_WATER_GOAL_ML,
} from '@/lib/diary/defaults';
import { weekdays, type Weekday } from '@/lib/diary/dates';
import type { MacroTargets } from '@/lib/diary/day-summary';
import { baseMeals, meals, type MealSlot } from '@/lib/diary/meals';

export const genders = ['male', 'female'] as const;
export const activityLevels = ['sedentary', 'light', 'moderate', 'active', 'veryActive'] as const;

// The fields the seed did not have: older records lack them, so the full record defaults them.
const emailField = z.nullable(z.email('emailInvalid'));
const activityField = z.nullable(z.enum(activityLevels));
const bottomNavField = z.boolean();
// Calm mode: no energy figure or budget is shown (docs/decisions/0043-calm-mode.md).
const calmModeField = z.boolean();
const lastExportAtField = z.nullable(timestampSchema);
// The units figures are read and typed in; null follows the browser's locale (lib/units/units.ts).
const unitSystemField = z.nullable(z.enum(unitSystems));
const energyUnitField = z.nullable(z.enum(energyUnits));
// The user's own nutrient targets; none set: the source's for their language, sex and age.
const nutrientTargetsField = nutrientTargetsSchema;
// The macros' daily targets: whole percents of the goal's kcal adding up to 100, or grams.
const macroTargetsField = z.nullable(
  z
    .object({
      unit: z.enum(['percent', 'grams']),
      protein: limitedNumber(LIMITS.macroTargetGrams, 'macroTargetRange'),
      fat: limitedNumber(LIMITS.macroTargetGrams, 'macroTargetRange'),
      carbs: limitedNumber(LIMITS.macroTargetGrams, 'macroTargetRange'),
    })
    .check(
      z.refine(
        (targets) =>
          targets.unit === 'grams' ||
          ([targets.protein, targets.fat, targets.carbs].every(
            (share) => Number.isInteger(share) && share <= LIMITS.macroTargetPercent.max,
          ) &&
            targets.protein + targets.fat + targets.carbs === 100),
        'macroPercentSum',
      ),
    ),
) as z.ZodType<MacroTargets | null>;
// A goal of its own for some days of the week (a training day's, a weekend's); the others take
// currentGoal (lib/diary/day-rules.ts goalInForce).
const weekdayGoalsField = z.strictObject(
  Object.fromEntries(weekdays.map((day) => [day, z.optional(goalSchema)])),
  'weekdayGoalsInvalid',
) as z.ZodType<Partial<Record<Weekday, number>>>;
// The one-tap glass of water, and the day's water goal (null: none), in whole ml.
const waterGlassField = z
  .int('waterGlassRange')
  .check(
    z.gte(LIMITS.waterGlassMl.min, 'waterGlassRange'),
    z.lte(LIMITS.waterGlassMl.max, 'waterGlassRange'),
  );
const waterGoalField = z.nullable(
  z
    .int('waterGoalRange')
    .check(z.gte(LIMITS.waterGoalMl.min, 'waterGoalRange'), z.lte(LIMITS.waterGoalMl.max, 'waterGoalRange')),
);
// The day's steps goal (null: none).
const stepsGoalField = z.nullable(
  z
    .int('stepsGoalRange')
    .check(z.gte(LIMITS.stepsGoal.min, 'stepsGoalRange'), z.lte(LIMITS.stepsGoal.max, 'stepsGoalRange')),
);

// Whether a day's steps add the kcal of walking them to its activity (lib/diary/walking.ts).
const stepsInBudgetField = z.boolean();

// The share of activity kcal added to a day's budget, in whole percent.
const activityShareField = z
  .int('activityShareRange')
  .check(
    z.gte(LIMITS.activityShare.min, 'activityShareRange'),
    z.lte(LIMITS.activityShare.max, 'activityShareRange'),
  );

// The user's meals in their order (lib/diary/meals.ts; null: the four as they come): each slot
// once, the four always there (hidden rather than gone, so nothing logged loses its meal), at
// least one not hidden, names within the limit.
export const mealPlanSchema = z.nullable(
  z
    .array(
      z.strictObject(
        {
          id: z.enum(meals, 'mealsInvalid'),
          name: z.nullable(limitedText(LIMITS.mealNameLength, 'mealNameLength')),
          hidden: z.boolean('mealsInvalid'),
        },
        'mealsInvalid',
      ),
      'mealsInvalid',
    )
    .check(
      z.maxLength(meals.length, 'mealsCount'),
      z.refine((slots) => new Set(slots.map((slot) => slot.id)).size === slots.length, 'mealsInvalid'),
      z.refine((slots) => baseMeals.every((meal) => slots.some((slot) => slot.id === meal)), 'mealsInvalid'),
      z.refine((slots) => slots.some((slot) => !slot.hidden), 'mealsAllHidden'),
    ),
) as z.ZodType<MealSlot[] | null>;

const settingsFields = {
  name: limitedText(LIMITS.userNameLength, 'nameLength'),
  language: z.enum(locales),
  currentGoal: goalSchema,
  weight: z.nullable(weightSchema),
  height: z.nullable(limitedNumber(LIMITS.heightCm, 'heightRange')),
  age: z.nullable(
    z.int('ageRange').check(z.gte(LIMITS.ageYears.min, 'ageRange'), z.lte(LIMITS.ageYears.max, 'ageRange')),
  ),
  gender: z.nullable(z.enum(genders)),
  theme: z.nullable(z.enum(themes)),
};

/**
 * The user's settings: the seed's fields (name, email, language, currentGoal, weight, height,
 * age, gender, theme, savedAt, updatedAt) and ours (activity, bottom bar, last export, units,
 * nutrient targets, macro targets, weekday goals, water, the share of activity in the budget,
 * calm mode, meals of one's own).
 */
export const settingsSchema = z.object({
  ...settingsFields,
  email: z._default(emailField, null),
  activity: z._default(activityField, null),
  bottomNav: z._default(bottomNavField, true),
  lastExportAt: z._default(lastExportAtField, null),
  unitSystem: z._default(unitSystemField, null),
  energyUnit: z._default(energyUnitField, null),
  nutrientTargets: z._default(nutrientTargetsField, {}),
  macroTargets: z._default(macroTargetsField, null),
  weekdayGoals: z._default(weekdayGoalsField, {}),
  waterGlass: z._default(waterGlassField, DEFAULT_WATER_GLASS_ML),
  waterGoal: z._default(waterGoalField, DEFAULT_WATER_GOAL_ML),
  stepsGoal: z._default(stepsGoalField, DEFAULT_STEPS_GOAL),
  stepsInBudget: z._default(stepsInBudgetField, false),
  activityShare: z._default(activityShareField, DEFAULT_ACTIVITY_SHARE),
  calmMode: z._default(calmModeField, false),
  meals: z._default(mealPlanSchema, null),
  savedAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * What a settings form or PATCH may change: only the fields it names. (Built from the fields
 * without their defaults, which zod would otherwise fill in for every field left out.)
 */
export const settingsPatchSchema = z.partial(
  z.object({
    ...settingsFields,
    email: emailField,
    activity: activityField,
    bottomNav: bottomNavField,
    lastExportAt: lastExportAtField,
    unitSystem: unitSystemField,
    energyUnit: energyUnitField,
    nutrientTargets: nutrientTargetsField,
    macroTargets: macroTargetsField,
    weekdayGoals: weekdayGoalsField,
    waterGlass: waterGlassField,
    waterGoal: waterGoalField,
    stepsGoal: stepsGoalField,
    stepsInBudget: stepsInBudgetField,
    activityShare: activityShareField,
    calmMode: calmModeField,
    meals: mealPlanSchema,
  }),
);
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
