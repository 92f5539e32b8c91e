import { z } from '@/lib/schemas/zod';
import { locales } from '@/lib/i18n/config';
import { themes } from '@/lib/theme';
import { timestampSchema } from './common';
import { goalSchema, weightSchema } from './day';

export const genders = ['male', 'female'] as const;
export const activityLevels = ['sedentary', 'light', 'moderate', 'active', 'veryActive'] as const;

/**
 * The user's settings: the seed's fields (name, email, language, currentGoal, weight, height,
 * age, gender, theme, savedAt, updatedAt) and ours (activity, bottom bar, last export).
 */
export const settingsSchema = z.object({
  name: z.string().trim().max(80, 'nameLength'),
  email: z.email('emailInvalid').nullable().default(null),
  language: z.enum(locales),
  currentGoal: goalSchema,
  weight: weightSchema.nullable(),
  height: z.number('heightRange').min(50, 'heightRange').max(280, 'heightRange').nullable(),
  age: z.number('ageRange').int('ageRange').min(10, 'ageRange').max(120, 'ageRange').nullable(),
  gender: z.enum(genders).nullable(),
  theme: z.enum(themes).nullable(),
  activity: z.enum(activityLevels).nullable().default(null),
  bottomNav: z.boolean().default(true),
  lastExportAt: timestampSchema.nullable().default(null),
  savedAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/** What a settings form or PATCH may change. */
export const settingsPatchSchema = settingsSchema.omit({ savedAt: true, updatedAt: true }).partial();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;
