import { expect } from 'vitest';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { ImportFileError, type ForeignImport } from '@/lib/importers/types';
import { diaryExportSchema, EXPORT_FORMAT, EXPORT_VERSION } from '@/lib/schemas/export';

/** Fails unless the foods and days, wrapped as the diary's own export, are a file the diary imports. */
export function expectValidForDiary(result: ForeignImport) {
  const now = new Date().toISOString();
  const file = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now,
    settings: defaultSettings(now),
    foods: result.foods,
    days: result.days,
  };
  const parsed = diaryExportSchema.safeParse(file);
  expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
}

/** The ImportFileError `run` throws; anything else fails the test. */
export function importError(run: () => unknown): ImportFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportFileError) return error;
    throw error;
  }
  throw new Error('expected an ImportFileError');
}

/** A day's entries of one meal as the user sees them: name, figures and grams, by name. */
export function mealEntries(result: ForeignImport, date: string, meal: string) {
  const day = result.days.find((candidate) => candidate.date === date);
  return (day?.entries ?? [])
    .filter((entry) => entry.meal === meal)
    .map(({ name, kcal, protein, fat, carbs, grams }) => ({ name, kcal, protein, fat, carbs, grams }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
