import Papa from 'papaparse';
import { LIMITS } from '@/lib/limits';
import type { SourceRecords } from './build';
import { dateCell, timeCell, yearMonthDay } from './cells';
import {
  columnIndex,
  headerKey,
  headerKeys,
  numberCell,
  parseNumber,
  readCsv,
  readCsvWithRawLastColumn,
  type CsvTable,
} from './csv';
import { nutrientCells, nutrientColumns, type NutrientColumnSpec } from './nutrient-columns';
import type { FormatReader } from './reader-types';
import type { ImportFile, Skip, SourceEntry, SourceFileKind, SourceWeight } from './types';

// MyFitnessPal's export is a ZIP of CSV files named after their content and the range,
// `File-Export-2024-07-02-to-2026-03-02/Nutrition-Summary-2024-07-02-to-2026-03-02.csv` and the
// same for Measurement-Summary and Exercise-Summary. Nutrition rows are a meal's totals for a day
// (one row per food entry, by time, in older exports with a Time column): there is no food name.
// Dates are YYYY-MM-DD, times "10:15 AM" or blank. Vitamin A, Vitamin C, Calcium and Iron are
// percentages of a daily value, not masses; the diary reads none of them.
// A day's note is written raw after the figures of each meal row of the day, unquoted, with its
// commas and line breaks: one such note turns a strict CSV reader's line 19 into "unreadable".

type Kind = Extract<SourceFileKind, 'nutritionSummary' | 'measurementSummary' | 'exerciseSummary'>;

const NUTRITION_COLUMNS = ['date', 'meal', 'calories', 'fat (g)', 'carbohydrates (g)', 'protein (g)'];
const EXERCISE_COLUMNS = ['date', 'exercise', 'exercise calories'];

/** The first two lines of a file as cells, without reading the rest. */
function firstTwoRows(file: ImportFile): [string[], string[]] {
  const lines = file.text.split(/\r?\n/, 2);
  const cells = (line: string | undefined) => Papa.parse<string[]>(line ?? '').data[0] ?? [];
  return [cells(lines[0]), cells(lines[1])];
}

/**
 * A Measurement-Summary by its content, whatever the file is called: Date first, a Weight column,
 * and other columns the user's own measurements ("Neck", "Fitbit steps", "CycleTime"), so the
 * first row must be a date and numbers or blanks; a file of notes or text is not one.
 */
function isMeasurementSummary(file: ImportFile, header: Set<string>): boolean {
  if (!header.has('date') || !header.has('weight')) return false;
  const [names, first] = firstTwoRows(file);
  if (headerKey(names[0] ?? '') !== 'date') return false;
  if (first.length === 0) return header.size === 2;
  if (yearMonthDay(first[0] ?? '') === null) return false;
  return first.slice(1).every((cell) => !Number.isNaN(parseNumber(cell)));
}

function kindOf(file: ImportFile): Kind | null {
  const header = headerKeys(file);
  const has = (names: string[]) => names.every((name) => header.has(name));
  if (has(NUTRITION_COLUMNS)) return 'nutritionSummary';
  if (has(EXERCISE_COLUMNS)) return 'exerciseSummary';
  if (isMeasurementSummary(file, header)) return 'measurementSummary';
  return null;
}

// A row of the summary starts with its date; a note's own lines did not in the exports seen. Any
// first cell of digits and separators counts, so a row with a date in another format ("07/02/2024")
// is refused as one, not swallowed into the note above it.
const STARTS_LIKE_A_ROW = /^"?\d[\d./-]*"?,/;

/**
 * The summary's rows. With Note as the last column (every export since about 2019) a note may run
 * over lines and hold commas: it belongs to the row it starts in, and only a line that belongs
 * to no row, or a row cut short, is skipped. Without Note, nothing can run over: plain CSV.
 */
function nutritionTable(file: ImportFile, skipped: Skip[]): CsvTable {
  const [names] = firstTwoRows(file);
  const lastIsNote = headerKey(names.at(-1) ?? '') === 'note';
  if (!lastIsNote || headerKey(names[0] ?? '') !== 'date') return readCsv(file);
  const { table, unreadable } = readCsvWithRawLastColumn(file, (line) => STARTS_LIKE_A_ROW.test(line));
  for (const { line, detail } of unreadable)
    skipped.push({ reason: 'unreadableLine', file: file.name, line, detail: quote(detail) });
  return table;
}

const quote = (text: string) =>
  text.length > LIMITS.foreignImportQuote.max ? `${text.slice(0, LIMITS.foreignImportQuote.max - 1)}…` : text;

/**
 * MyFitnessPal's nutrient columns: grams and milligrams as named. Its Vitamin A, Vitamin C,
 * Calcium and Iron are per cent of a daily value that changed over the years, so they are left out.
 */
const NUTRIENT_COLUMNS: NutrientColumnSpec = [
  ['saturatedFat', ['Saturated Fat']],
  ['cholesterol', ['Cholesterol']],
  ['sodium', ['Sodium (mg)']],
  ['potassium', ['Potassium']],
  ['fibre', ['Fiber']],
  ['sugars', ['Sugar']],
];

function readNutrition(file: ImportFile, entries: SourceEntry[], skipped: Skip[]) {
  const table = nutritionTable(file, skipped);
  const date = columnIndex(table, ['Date'], true);
  const meal = columnIndex(table, ['Meal'], true);
  const time = columnIndex(table, ['Time']);
  const note = columnIndex(table, ['Note']);
  const kcal = columnIndex(table, ['Calories'], true);
  const fat = columnIndex(table, ['Fat (g)'], true);
  const carbs = columnIndex(table, ['Carbohydrates (g)'], true);
  const protein = columnIndex(table, ['Protein (g)'], true);
  const nutrientColumnsOf = nutrientColumns(table, NUTRIENT_COLUMNS);
  for (const row of table.rows) {
    const mealName = row.cells[meal]!;
    const noteText = note === -1 ? '' : row.cells[note]!;
    // The meal is all that names the entry; a note the user wrote says what was in it.
    const name = ['MyFitnessPal', mealName].filter(Boolean).join(': ') + (noteText ? ` — ${noteText}` : '');
    entries.push({
      file: file.name,
      line: row.line,
      date: dateCell(table, row, date),
      time: timeCell(table, row, time),
      meal: mealName,
      name,
      brand: null,
      isFood: false,
      amountText: '',
      grams: null,
      kcal: numberCell(table, row, kcal)!,
      protein: numberCell(table, row, protein)!,
      fat: numberCell(table, row, fat)!,
      carbs: numberCell(table, row, carbs)!,
      nutrients: nutrientCells(table, row, nutrientColumnsOf),
    });
  }
}

function readMeasurements(file: ImportFile, weights: SourceWeight[], skipped: Skip[]) {
  const table: CsvTable = readCsv(file);
  const date = columnIndex(table, ['Date'], true);
  const weight = columnIndex(table, ['Weight'], true);
  const others = new Set<number>();
  for (const row of table.rows) {
    const day = dateCell(table, row, date);
    row.cells.forEach((cell, index) => {
      if (index !== date && index !== weight && index < table.header.length && cell !== '') others.add(index);
    });
    // A row may hold only other measurements (a waist on a day without a weigh-in).
    const value = numberCell(table, row, weight, null);
    if (value === null) continue;
    // MyFitnessPal does not write the unit: the preview asks for it.
    weights.push({ file: file.name, line: row.line, date: day, value, unit: null });
  }
  for (const index of [...others].sort((a, b) => a - b))
    skipped.push({ reason: 'metricNotUsed', file: file.name, line: null, detail: table.header[index] });
}

/** MyFitnessPal's export: meal totals per day, weights, and an exercise file the diary has no place for. */
export const myFitnessPalReader: FormatReader = {
  app: 'myfitnesspal',
  kindOf,
  read(files): SourceRecords {
    const entries: SourceEntry[] = [];
    const weights: SourceWeight[] = [];
    const skipped: Skip[] = [];
    for (const file of files) {
      const kind = kindOf(file);
      switch (kind) {
        case 'nutritionSummary':
          readNutrition(file, entries, skipped);
          break;
        case 'measurementSummary':
          readMeasurements(file, weights, skipped);
          break;
        case 'exerciseSummary':
          skipped.push({ reason: 'exercise', file: file.name, line: null });
          break;
        case null:
          skipped.push({ reason: 'fileNotUsed', file: file.name, line: null });
          break;
        default: {
          const never: never = kind;
          throw new Error(`Unknown MyFitnessPal file kind ${String(never)}`);
        }
      }
    }
    return { app: 'myfitnesspal', files, entries, weights, skipped };
  },
};
