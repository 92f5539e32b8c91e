import { z } from '@/lib/schemas/zod';
import { locales } from '@/lib/i18n/config';
import { themes } from '@/lib/theme';
import { timestampSchema } from './common';
import { goalSchema, weightSchema } from './day';

export const genders = ['male', 'female'] as const;
export const activityLevels = ['sedentary', 'light', 'moderate', 'active', 'veryActive'] as const;

// The fields the seed did not have: older records lack them, so the full record defaults them.
const emailField = z.email('emailInvalid').nullable();
const activityField = z.enum(activityLevels).nullable();
const bottomNavField = z.boolean();
const lastExportAtField = timestampSchema.nullable();

const settingsFields = {
  name: z.string().trim().max(80, 'nameLength'),
  language: z.enum(locales),
  currentGoal: goalSchema,
  weight: weightSchema.nullable(),
  height: z.number('heightRange').min(50, 'heightRange').max(280, 'heightRange').nullable(),
  age: z.number('ageRange').int('ageRange').min(10, 'ageRange').max(120, 'ageRange').nullable(),
  gender: z.enum(genders).nullable(),
  theme: z.enum(themes).nullable(),
};

/**
 * The user's settings: the seed's fields (name, email, language, currentGoal, weight, height,
 * age, gender, theme, savedAt, updatedAt) and ours (activity, bottom bar, last export).
 */
export const settingsSchema = z.object({
  ...settingsFields,
  email: emailField.default(null),
  activity: activityField.default(null),
  bottomNav: bottomNavField.default(true),
  lastExportAt: lastExportAtField.default(null),
  savedAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * What a settings form or PATCH may change: only the fields it names. (Built from the fields
 * without their defaults, which zod would otherwise fill in for every field left out.)
 */
export const settingsPatchSchema = z
  .object({
    ...settingsFields,
    email: emailField,
    activity: activityField,
    bottomNav: bottomNavField,
    lastExportAt: lastExportAtField,
  })
  .partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
