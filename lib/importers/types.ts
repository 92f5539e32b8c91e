import type { ImportIssue } from './import-issue';
import type { Day } from '@/lib/schemas/day';
import type { Food } from '@/lib/schemas/food';
import type { DiaryExport } from '@/lib/schemas/export';
import type { Nutrients } from '@/lib/diary/nutrients';
import type { MealPlan, OwnMeal } from '@/lib/diary/meals';
import { RECIPE_APPS, type RecipeApp } from '@/lib/schemas/food';

/** The apps whose exports the diary reads: its own file first, then the other apps'. */
export const SOURCE_APPS = [
  'calorieDiary',
  'myfitnesspal',
  'cronometer',
  'waistline',
  'openNutriTracker',
  // Recipe apps: their exports bring recipes, not days
  ...RECIPE_APPS,
] as const;
export type SourceApp = (typeof SOURCE_APPS)[number];

/**
 * What a file was taken for, by its header or fields (never by its name alone): the preview names
 * it with the app, so a user sees why a file counted or did not. Keys of
 * `settings.importers.kinds` in messages/*.json.
 */
export const SOURCE_FILE_KINDS = [
  // This diary's own export
  'diaryFile',
  // MyFitnessPal
  'nutritionSummary',
  'measurementSummary',
  'exerciseSummary',
  // Cronometer
  'servings',
  'dailySummary',
  'biometrics',
  'exercises',
  'notes',
  // Waistline
  'databaseExport',
  // OpenNutriTracker
  'intakes',
  'trackedDays',
  'activities',
  // Recipe apps (Mealie, Tandoor, Paprika, Nextcloud Cookbook)
  'recipe',
  'recipeBackup',
] as const;
export type SourceFileKind = (typeof SOURCE_FILE_KINDS)[number];

/** One file as the user chose it, or as it came out of a ZIP; text is UTF-8 with any BOM removed. */
export type ImportFile = { name: string; text: string };

/**
 * One thing eaten, as a source app recorded it, before it becomes a diary entry. Figures are the
 * totals for the amount eaten. `line` points into `file` (a CSV line, or the 1-based index of
 * the item in a JSON list) so anything skipped or refused can be found in the file.
 */
export type SourceEntry = {
  file: string;
  line: number;
  /** The user's local calendar day, YYYY-MM-DD. */
  date: string;
  /** Local time of day, HH:MM, when the source has one. */
  time: string | null;
  /** The source's meal or group name, as written ("Breakfast", "Обед", "Uncategorized"). */
  meal: string;
  name: string;
  brand: string | null;
  /**
   * True when `name` names a food, so it may go into the food library. False for a source that
   * keeps only totals (MyFitnessPal's meal sums, Cronometer's daily summary).
   */
  isFood: boolean;
  /** The amount as the source wrote it ("100.00 g", "1 cup", "2 × 30 g"); shown when grams are unknown. */
  amountText: string;
  /** Grams eaten when the amount is a mass; null for cups, millilitres, servings of unknown weight. */
  grams: number | null;
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
  /** The nutrients the source gives for the amount eaten; absent ones are not known. */
  nutrients?: Nutrients;
};

/** A body weight; `unit` null when the source does not say (MyFitnessPal): the user is asked. */
export type SourceWeight = {
  file: string;
  line: number;
  date: string;
  value: number;
  unit: 'kg' | 'lb' | null;
};

/**
 * Why something in the file does not come over. Each is a key of `settings.importers.skip` in
 * messages/*.json, so the preview explains it in the user's language.
 */
export type SkipReason =
  /** Exercise: burnt kcal are not food (Waistline's negative kcal, exercise files). */
  | 'exercise'
  /** A figure past the diary's limits (lib/limits.ts), or below zero. */
  | 'outOfRange'
  /** A weight outside the diary's range once converted to kg. */
  | 'weightOutOfRange'
  /** A date before 1900 or after 2999. */
  | 'dateOutOfRange'
  /** A day with more entries than the diary holds for one day: the rest of the day. */
  | 'dayFull'
  /** Daily totals for a day whose foods the file lists one by one: counted once, from the foods. */
  | 'coveredByServings'
  /** A day's Total row in a daily summary that lists the day by diary group: counted once, from the groups. */
  | 'totalOfGroups'
  /**
   * A line of a file that belongs to no row and cannot be read (a row cut short, a broken quote):
   * skipped with its line, the rest of the file is read.
   */
  | 'unreadableLine'
  /** A row with nothing eaten: no name and no energy. */
  | 'empty'
  /**
   * A diary item that only points to a food or recipe the export does not hold (Waistline keeps
   * references, and the source app itself then counts nothing): nothing says what it was.
   */
  | 'missingFood'
  /** A file of the export the diary has no place for (exercise, notes, targets, fasting ...). */
  | 'fileNotUsed'
  /** A body measurement other than weight (body fat, blood glucose, sleep ...): one per file and measurement. */
  | 'metricNotUsed'
  /** A weight in a unit other than kg or lb, which the diary cannot convert without guessing. */
  | 'weightUnit';

export type Skip = { reason: SkipReason; file: string; line: number | null; detail?: string };

/** What the preview shows before anything is stored. */
export type ImportReport = {
  app: SourceApp;
  files: string[];
  /** Each file, in the order given, with what it was taken for; null for a file no reader claims. */
  recognised: Array<{ file: string; kind: SourceFileKind | null }>;
  days: number;
  entries: number;
  /** Foods the file names that would go into the library (before matching the library's own). */
  foods: number;
  weights: number;
  /** First and last day with anything imported. */
  from: string | null;
  to: string | null;
  /** Entries whose amount is not a weight: they come as entries of their kcal, named with the amount. */
  withoutGrams: number;
  /** Entries of no single food: a meal's or a day's totals, a quick add. */
  totals: number;
  /**
   * Meal or group names that neither name one of the user's meals nor found a free slot for a
   * meal of their own (or name no meal, as "Uncategorized"): their entries go to snacks.
   */
  mealsAsSnacks: string[];
  /** Meals of one's own the import adds to the user's meals, in the order the file first names them. */
  newMeals: NewMeal[];
  /** Set when the file has weights without a unit and none was chosen yet. */
  weightUnitNeeded: boolean;
  skipped: Skip[];
};

/** A meal of one's own an import adds: the free slot it takes and the source's name for it. */
export type NewMeal = { id: OwnMeal; name: string };

/** What the recipe preview shows of a recipe app's files, beside the recipes themselves. */
export type RecipesReport = {
  app: RecipeApp;
  files: string[];
  recognised: ImportReport['recognised'];
  /** Recipes past the most one import reads: counted, not read. */
  more: number;
  skipped: Skip[];
};

/**
 * Files read: foods and days in the diary's own shape, ready for the import merge. The diary's
 * own file comes whole, as `diary`, already checked against the export's schema, with its
 * settings; another app's files never change the user's settings.
 */
export type ReadFiles = {
  foods: Food[];
  days: Day[];
  report: ImportReport;
  diary?: DiaryExport;
};

/** The reasons a file cannot be read at all; keys of `settings.importers.errors`. */
export type ImportErrorReason =
  /** None of the files is an export of a known app. */
  | 'unknownFormat'
  /** More than one of the diary's own files at once: which one counts would be left to chance. */
  | 'severalDiaryFiles'
  /** Files of two different apps in one import. */
  | 'mixedApps'
  /** A ZIP that cannot be opened. */
  | 'badZip'
  /** JSON that does not parse, or lacks what the format needs. */
  | 'badJson'
  /** A CSV line that cannot be read (an open quote, a missing column). */
  | 'badCsv'
  /** A required column missing from the header. */
  | 'missingColumn'
  /** A value that should be a number and is not. */
  | 'badNumber'
  /** A date the format should have and does not. */
  | 'badDate'
  /** A time of day that is neither blank nor a clock time ("8:30 AM", "20:15"). */
  | 'badTime'
  /** Larger than the importer takes. */
  | 'tooLarge'
  /** Read, but what came out is not a valid diary (a reader's fault, caught before anything is stored). */
  | 'notConvertible';

/**
 * A file that cannot be read as what it claims to be. Nothing is imported from it: `file` and
 * `line` say where, `detail` what was found (a column name, the value).
 */
export class ImportFileError extends Error {
  constructor(
    readonly reason: ImportErrorReason,
    readonly file: string | null = null,
    readonly line: number | null = null,
    readonly detail: string | null = null,
    /** The diary's own file: what is wrong, for the user's words (detail keeps zod's). */
    readonly issue: ImportIssue | null = null,
  ) {
    super(
      `${reason}${file ? ` in ${file}` : ''}${line ? ` at line ${line}` : ''}${detail ? `: ${detail}` : ''}`,
    );
    this.name = 'ImportFileError';
  }
}

/** Choices the user makes in the preview, and facts of the diary the conversion needs. */
export type ImportOptions = {
  /** The daily goal for days the import creates (a day keeps the goal it was first written with). */
  goal: number;
  /** For weights whose file does not say. */
  weightUnit: 'kg' | 'lb' | null;
  /** IANA time zone of the user's calendar, for sources that store instants (default: this device's). */
  timeZone?: string;
  /**
   * The user's meals (settings.meals; null or left out: the four as they come), so a source's
   * meal goes to the user's meal of that name, or to a new meal of their own in a free slot.
   */
  meals?: MealPlan | null;
};
