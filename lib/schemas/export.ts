import { z } from '@/lib/schemas/zod';
import { LIMITS } from '@/lib/limits';
import { timestampSchema } from './common';
import { daySchema } from './day';
import { foodSchema } from './food';
import { settingsSchema } from './settings';

/** The export file: one versioned JSON document (docs/export-format.md), the same for guests and accounts. */
export const EXPORT_FORMAT = 'calorie-diary';
export const EXPORT_VERSION = 1;

export const diaryExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: timestampSchema,
  settings: settingsSchema,
  foods: z.array(foodSchema).check(z.maxLength(LIMITS.foods.max, 'tooManyFoods')),
  days: z.array(daySchema).check(z.maxLength(LIMITS.days.max, 'tooManyDays')),
});
export type DiaryExport = z.infer<typeof diaryExportSchema>;

/** What an import changes, counted for the preview and reported after it ran. */
export type ImportPlan = {
  foods: { added: number; updated: number; unchanged: number };
  days: { added: number; updated: number; unchanged: number };
  entries: { added: number; updated: number; unchanged: number };
  settingsUpdated: boolean;
};
