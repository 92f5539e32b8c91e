import { dateSpan } from '@/lib/diary/dates';
import type { DiaryExport } from '@/lib/schemas/export';
import { buildForeignImport } from './build';
import { READERS } from './formats';
import { LIMITS } from '@/lib/limits';
import type { AppRecipe } from './recipe-apps/app-recipe';
import { expandFiles, type PickedFile } from './unpack';
import {
  ImportFileError,
  type ImportFile,
  type RecipesReport,
  type ImportOptions,
  type ImportReport,
  type ReadFiles,
  type Skip,
  type SourceFileKind,
} from './types';

export { expandFiles, type PickedFile };

/** Files read as a recipe app's export: its recipes as the app wrote them, for the recipe preview. */
export type ReadRecipes = { recipes: AppRecipe[]; report: RecipesReport };

/**
 * Reads an export: finds whose it is (the diary's own file, another diary's or a recipe app's),
 * reads it with that reader and gives the diary's foods and days, or the recipes. Files no reader
 * claims are listed as not used; files of two apps at once, or of none, are refused.
 */
export function readPickedFiles(
  picked: PickedFile[],
  options: ImportOptions,
): ({ kind: 'diary' } & ReadFiles) | ({ kind: 'recipes' } & ReadRecipes) {
  const files = expandFiles(picked);
  const claimed = new Map<(typeof READERS)[number], ImportFile[]>();
  const unclaimed: ImportFile[] = [];
  const recognised: ImportReport['recognised'] = [];
  for (const file of files) {
    let kind: SourceFileKind | null = null;
    const reader = READERS.find((candidate) => (kind = candidate.kindOf(file)) !== null);
    recognised.push({ file: file.name, kind });
    if (reader) claimed.set(reader, [...(claimed.get(reader) ?? []), file]);
    else unclaimed.push(file);
  }
  if (claimed.size === 0) throw new ImportFileError('unknownFormat', files[0]?.name ?? null);
  if (claimed.size > 1) {
    const [first, second] = [...claimed.values()].map((group) => group[0]!.name);
    throw new ImportFileError('mixedApps', null, null, `${first}, ${second}`);
  }
  const [[reader, own]] = [...claimed.entries()] as [[(typeof READERS)[number], ImportFile[]]];
  const notUsed = unclaimed.map((file) => ({ reason: 'fileNotUsed' as const, file: file.name, line: null }));
  if ('readRecipes' in reader) {
    const all = reader.readRecipes(own);
    const recipes = all.slice(0, LIMITS.recipesPerImport.max);
    const report: RecipesReport = {
      app: reader.app,
      files: files.map((file) => file.name),
      recognised,
      more: all.length - recipes.length,
      skipped: notUsed,
    };
    return { kind: 'recipes', recipes, report };
  }
  if ('readDiary' in reader)
    return { kind: 'diary', ...diaryFileRead(reader.readDiary(own), files, recognised, notUsed) };
  const records = reader.read(own, options);
  records.skipped.push(...notUsed);
  return { kind: 'diary', ...buildForeignImport({ ...records, files, recognised }, options) };
}

/** Reads a diary's export (this diary's own or another app's); a recipe app's files are refused. */
export function readExportFiles(picked: PickedFile[], options: ImportOptions): ReadFiles {
  const read = readPickedFiles(picked, options);
  if (read.kind === 'recipes') throw new ImportFileError('unknownFormat', read.report.files[0] ?? null);
  return { foods: read.foods, days: read.days, report: read.report, diary: read.diary };
}

/** The diary's own file as read, with the preview's report of what it holds. */
function diaryFileRead(
  data: DiaryExport,
  files: ImportFile[],
  recognised: ImportReport['recognised'],
  skipped: Skip[],
): ReadFiles {
  const span = dateSpan(data.days.map((day) => day.date));
  return {
    foods: data.foods,
    days: data.days,
    diary: data,
    report: {
      app: 'calorieDiary',
      files: files.map((file) => file.name),
      recognised,
      days: data.days.length,
      entries: data.days.reduce((sum, day) => sum + day.entries.length, 0),
      foods: data.foods.length,
      weights: data.days.filter((day) => day.weight !== null).length,
      from: span?.from ?? null,
      to: span?.to ?? null,
      withoutGrams: 0,
      totals: 0,
      mealsAsSnacks: [],
      // The diary's own file: its entries are in its meals already, named by its settings.
      newMeals: [],
      weightUnitNeeded: false,
      skipped,
    },
  };
}
