import { z } from '@/lib/schemas/zod';
import { LIMITS } from '@/lib/limits';
import type { SettingsPlan } from '@/lib/diary/settings-merge';
import { timestampSchema } from './common';
import { daySchema, type Day } from './day';
import { foodSchema } from './food';
import { settingsSchema } from './settings';

/** The export file: one versioned JSON document (docs/export-format.md), the same for guests and accounts. */
export const EXPORT_FORMAT = 'calorie-diary';
/**
 * 2 added nutrients to foods, recipe ingredients and entries (docs/export-format.md). A file of
 * every earlier version still imports: what it lacks is simply not known.
 */
export const EXPORT_VERSION = 2;
export const EXPORT_VERSIONS = [1, 2] as const;

/**
 * A file names each day, each entry and each food once: two copies of one would leave which one
 * counts to chance (and the merge would write a day twice).
 */
function eachOnce(data: { foods: Array<{ id: number }>; days: Day[] }, context: z.RefinementCtx) {
  const repeated = (path: PropertyKey[], message: string) =>
    context.addIssue({ code: 'custom', path, message, input: data });
  const foodIds = new Set<number>();
  data.foods.forEach((food, index) => {
    if (foodIds.has(food.id)) repeated(['foods', index, 'id'], 'duplicateFood');
    foodIds.add(food.id);
  });
  const dates = new Set<string>();
  const entryIds = new Set<string>();
  data.days.forEach((day, dayIndex) => {
    if (dates.has(day.date)) repeated(['days', dayIndex, 'date'], 'duplicateDate');
    dates.add(day.date);
    day.entries.forEach((entry, entryIndex) => {
      if (entryIds.has(entry.id)) repeated(['days', dayIndex, 'entries', entryIndex, 'id'], 'duplicateEntry');
      entryIds.add(entry.id);
    });
  });
}

export const diaryExportSchema = z
  .object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSIONS),
    exportedAt: timestampSchema,
    settings: settingsSchema,
    foods: z.array(foodSchema).check(z.maxLength(LIMITS.foods.max, 'tooManyFoods')),
    days: z.array(daySchema).check(z.maxLength(LIMITS.days.max, 'tooManyDays')),
  })
  .check(z.superRefine(eachOnce));
export type DiaryExport = z.infer<typeof diaryExportSchema>;

/** What an import changes, counted for the preview and reported after it ran. */
export type ImportPlan = {
  foods: { added: number; updated: number; unchanged: number };
  days: { added: number; updated: number; unchanged: number };
  entries: { added: number; updated: number; unchanged: number };
  settings: SettingsPlan;
};
