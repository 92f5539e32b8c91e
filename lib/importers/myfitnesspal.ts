import type { SourceRecords } from './build';
import { dateCell, timeCell } from './cells';
import { columnIndex, headerKeys, numberCell, readCsv, type CsvTable } from './csv';
import type { FormatReader } from './formats';
import type { ImportFile, Skip, SourceEntry, SourceWeight } from './types';

// MyFitnessPal's export is a ZIP of CSV files named after their content and the range,
// `File-Export-2024-07-02-to-2026-03-02/Nutrition-Summary-2024-07-02-to-2026-03-02.csv` and the
// same for Measurement-Summary and Exercise-Summary. Nutrition rows are a meal's totals for a day
// (one row per food entry, by time, in older exports with a Time column): there is no food name.
// Dates are YYYY-MM-DD, times "10:15 AM" or blank. Vitamin A, Vitamin C, Calcium and Iron are
// percentages of a daily value, not masses; the diary reads none of them.

type Kind = 'nutrition' | 'measurement' | 'exercise';

const NUTRITION_COLUMNS = ['date', 'meal', 'calories', 'fat (g)', 'carbohydrates (g)', 'protein (g)'];
const EXERCISE_COLUMNS = ['date', 'exercise', 'exercise calories'];

function kindOf(file: ImportFile): Kind | null {
  const header = headerKeys(file);
  const has = (names: string[]) => names.every((name) => header.has(name));
  if (has(NUTRITION_COLUMNS)) return 'nutrition';
  if (has(EXERCISE_COLUMNS)) return 'exercise';
  // "Date,Weight" alone says little, so a file with more columns is taken only under its own name.
  if (has(['date', 'weight']) && (header.size === 2 || /^measurement-summary/i.test(file.name)))
    return 'measurement';
  return null;
}

function readNutrition(file: ImportFile, entries: SourceEntry[]) {
  const table = readCsv(file);
  const date = columnIndex(table, ['Date'], true);
  const meal = columnIndex(table, ['Meal'], true);
  const time = columnIndex(table, ['Time']);
  const note = columnIndex(table, ['Note']);
  const kcal = columnIndex(table, ['Calories'], true);
  const fat = columnIndex(table, ['Fat (g)'], true);
  const carbs = columnIndex(table, ['Carbohydrates (g)'], true);
  const protein = columnIndex(table, ['Protein (g)'], true);
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
  recognises: (file) => kindOf(file) !== null,
  read(files): SourceRecords {
    const entries: SourceEntry[] = [];
    const weights: SourceWeight[] = [];
    const skipped: Skip[] = [];
    for (const file of files) {
      const kind = kindOf(file);
      switch (kind) {
        case 'nutrition':
          readNutrition(file, entries);
          break;
        case 'measurement':
          readMeasurements(file, weights, skipped);
          break;
        case 'exercise':
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
