import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import path from 'node:path';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { baseMeals, isOwnMeal, meals, type MealSlot } from '@/lib/diary/meals';
import type { PickedFile } from '@/lib/importers/read-export';
import { ImportFileError, type ReadFiles, type ImportOptions } from '@/lib/importers/types';
import { diaryExportSchema, EXPORT_FORMAT, EXPORT_VERSION } from '@/lib/schemas/export';
import { thrownBy } from './thrown';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'importers');

/** A fixture file's bytes under the name the user's file would have (its base name unless given). */
export function fixture(relative: string, name = path.basename(relative)): PickedFile {
  return { name, bytes: new Uint8Array(readFileSync(path.join(FIXTURES, relative))) };
}

/** A file made of text, as picked. */
export const picked = (name: string, text: string): PickedFile => ({
  name,
  bytes: new TextEncoder().encode(text),
});

export const OPTIONS: ImportOptions = { goal: 2000, weightUnit: null, timeZone: 'Europe/Moscow' };

/** The four meals as they come, set up: a plan to add a user's own meals to. */
export const FOUR_MEALS: MealSlot[] = baseMeals.map((id) => ({ id, name: null, hidden: false }));

/** The meals of a user who has all four of their own already: an import finds no slot free. */
export const FULL_MEAL_PLAN: MealSlot[] = meals.map((id) => ({
  id,
  name: isOwnMeal(id) ? `Own ${id}` : null,
  hidden: false,
}));

/** The diary's own export document around a converted import, parsed as an import of it would be. */
export function asDiaryExport(result: ReadFiles) {
  const now = new Date().toISOString();
  return diaryExportSchema.safeParse({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now,
    settings: defaultSettings(now),
    foods: result.foods,
    days: result.days,
  });
}

/** Fails unless the foods and days, wrapped as the diary's own export, are a file the diary imports. */
export function expectValidForDiary(result: ReadFiles) {
  const parsed = asDiaryExport(result);
  expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
}

/** The ImportFileError `run` throws, for asserting its reason, file and line. */
export function importError(run: () => unknown): ImportFileError {
  return thrownBy(run, ImportFileError);
}

/** Every entry of the days, with its date, in order. */
export const allEntries = (result: ReadFiles) =>
  result.days.flatMap((day) => day.entries.map((entry) => ({ date: day.date, ...entry })));

/** A day's entries of one meal as the user sees them: name, figures and grams, by name. */
export function mealEntries(result: ReadFiles, date: string, meal: string) {
  const day = result.days.find((candidate) => candidate.date === date);
  return (day?.entries ?? [])
    .filter((entry) => entry.meal === meal)
    .map(({ name, kcal, protein, fat, carbs, grams }) => ({ name, kcal, protein, fat, carbs, grams }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
