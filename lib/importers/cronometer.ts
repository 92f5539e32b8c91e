import type { SourceRecords } from './build';
import { dateCell, timeCell } from './cells';
import { columnIndex, headerKeys, numberCell, parseNumber, readCsv, type CsvTable } from './csv';
import type { FormatReader } from './reader-types';
import { nutrientCells, nutrientColumns, type NutrientColumnSpec } from './nutrient-columns';
import type { Nutrients } from '@/lib/diary/nutrients';
import type { ImportFile, Skip, SourceEntry, SourceFileKind, SourceWeight } from './types';

// Cronometer exports each kind of data as its own CSV file (servings.csv, dailysummary.csv,
// biometrics.csv, exercises.csv, notes.csv), chosen one by one in its settings. Days are
// YYYY-MM-DD (older exports "2016-1-17", without the zeros); times "9:51 AM" or blank, and the Time column is absent from some exports; a
// figure left blank is zero; the nutrient columns follow the user's display settings, so only
// the ones read here are required. Servings are the foods eaten one by one with their figures
// for the amount; the daily summary is each day's totals, or, with "Include diary group rows"
// ticked, a row per diary group and a `Total` row per day.

type Kind = Extract<SourceFileKind, 'servings' | 'dailySummary' | 'biometrics' | 'exercises' | 'notes'>;

const NOTE_COLUMNS = new Set(['day', 'date', 'time', 'group', 'note']);

function kindOf(file: ImportFile): Kind | null {
  const header = headerKeys(file);
  const has = (...names: string[]) => names.every((name) => header.has(name));
  if (has('day', 'food name', 'amount', 'energy (kcal)')) return 'servings';
  if (has('date', 'energy (kcal)') && !header.has('food name') && !header.has('meal')) return 'dailySummary';
  if (has('day', 'metric', 'unit', 'amount')) return 'biometrics';
  if (has('day', 'exercise') && (header.has('minutes') || header.has('calories burned'))) return 'exercises';
  if (
    has('note') &&
    (header.has('day') || header.has('date')) &&
    [...header].every((name) => NOTE_COLUMNS.has(name))
  )
    return 'notes';
  return null;
}

/**
 * Grams in one of each mass unit Cronometer writes an amount in (after NFKC, µg is μg). A Map, as
 * the unit comes from the file: "1.00 constructor" must not find Object.prototype's members.
 */
const GRAMS_PER_UNIT = new Map<string, number>([
  ['g', 1],
  ['gram', 1],
  ['grams', 1],
  ['kg', 1000],
  ['mg', 0.001],
  ['mcg', 0.000_001],
  ['μg', 0.000_001],
  ['ug', 0.000_001],
  ['oz', 28.349_523_125],
  ['lb', 453.592_37],
  ['lbs', 453.592_37],
]);

const AMOUNT = /^([\d.,]+)\s*(?:x\s*([\d.,]+)\s*)?(\S.*)$/;

/**
 * The grams an amount weighs, when its unit is a mass: "150.00 g", "2.00 oz", "81.00 mg", and
 * Cronometer's "4.00 x 4.0 oz" (four servings of 4 oz each). Null for any other unit ("1.00 cup",
 * "8.00 fl oz", "1.00 170g container", "2.00 x 2.0 tbsp"): a serving's weight is never guessed.
 */
export function gramsOfAmount(amount: string): number | null {
  const match = AMOUNT.exec(amount.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase());
  if (!match) return null;
  const perUnit = GRAMS_PER_UNIT.get(match[3]!);
  const count = parseNumber(match[1]!, null);
  const each = match[2] === undefined ? 1 : parseNumber(match[2], null);
  if (perUnit === undefined || count === null || each === null) return null;
  const grams = count * each * perUnit;
  return Number.isFinite(grams) && grams > 0 ? grams : null;
}

/** Cronometer's nutrient columns (its µ may be U+00B5 or U+03BC; headers are compared after NFKC). */
const NUTRIENT_COLUMNS: NutrientColumnSpec = [
  ['fibre', ['Fiber (g)']],
  ['sugars', ['Sugars (g)']],
  ['addedSugars', ['Added Sugars (g)']],
  ['saturatedFat', ['Saturated (g)']],
  ['cholesterol', ['Cholesterol (mg)']],
  ['sodium', ['Sodium (mg)']],
  ['potassium', ['Potassium (mg)']],
  ['calcium', ['Calcium (mg)']],
  ['iron', ['Iron (mg)']],
  ['magnesium', ['Magnesium (mg)']],
  ['zinc', ['Zinc (mg)']],
  ['vitaminA', ['Vitamin A (µg)']],
  ['vitaminC', ['Vitamin C (mg)']],
  ['vitaminD', ['Vitamin D (IU)'], 1 / 40],
  ['vitaminD', ['Vitamin D (µg)']],
  ['vitaminE', ['Vitamin E (mg)']],
  ['vitaminK', ['Vitamin K (µg)']],
  ['thiamin', ['B1 (Thiamine) (mg)']],
  ['riboflavin', ['B2 (Riboflavin) (mg)']],
  ['niacin', ['B3 (Niacin) (mg)']],
  ['vitaminB6', ['B6 (Pyridoxine) (mg)']],
  ['folate', ['Folate (µg)']],
  ['vitaminB12', ['B12 (Cobalamin) (µg)']],
];

type Reading = { entries: SourceEntry[]; weights: SourceWeight[]; skipped: Skip[]; servedDays: Set<string> };

function readServings(file: ImportFile, into: Reading) {
  const table = readCsv(file);
  const day = columnIndex(table, ['Day'], true);
  const time = columnIndex(table, ['Time']);
  const group = columnIndex(table, ['Group']);
  const name = columnIndex(table, ['Food Name'], true);
  const amount = columnIndex(table, ['Amount'], true);
  const kcal = columnIndex(table, ['Energy (kcal)'], true);
  const protein = columnIndex(table, ['Protein (g)'], true);
  const carbs = columnIndex(table, ['Carbs (g)'], true);
  const fat = columnIndex(table, ['Fat (g)'], true);
  const nutrientColumnsOf = nutrientColumns(table, NUTRIENT_COLUMNS);
  for (const row of table.rows) {
    const date = dateCell(table, row, day);
    const amountText = row.cells[amount]!;
    into.servedDays.add(date);
    into.entries.push({
      file: file.name,
      line: row.line,
      date,
      time: timeCell(table, row, time),
      // Exports without a Group column put everything in Cronometer's default group.
      meal: group === -1 ? 'Uncategorized' : row.cells[group]!,
      name: row.cells[name]!,
      brand: null,
      isFood: true,
      amountText,
      grams: gramsOfAmount(amountText),
      kcal: numberCell(table, row, kcal)!,
      protein: numberCell(table, row, protein)!,
      fat: numberCell(table, row, fat)!,
      carbs: numberCell(table, row, carbs)!,
      nutrients: nutrientCells(table, row, nutrientColumnsOf),
    });
  }
}

// The daily summary's group that holds the whole day, when it lists the day by diary group.
const TOTAL_GROUP = 'total';

function readDailySummary(file: ImportFile, into: Reading) {
  const table = readCsv(file);
  const day = columnIndex(table, ['Date'], true);
  const group = columnIndex(table, ['Group']);
  const figures = {
    kcal: columnIndex(table, ['Energy (kcal)'], true),
    protein: columnIndex(table, ['Protein (g)'], true),
    carbs: columnIndex(table, ['Carbs (g)'], true),
    fat: columnIndex(table, ['Fat (g)'], true),
  };
  type Row = {
    where: { file: string; line: number };
    date: string;
    group: string | null;
    values: Array<number | null>;
    nutrients: Nutrients | undefined;
  };
  const nutrientColumnsOf = nutrientColumns(table, NUTRIENT_COLUMNS);
  const rows: Row[] = table.rows.map((row) => ({
    where: { file: file.name, line: row.line },
    date: dateCell(table, row, day),
    group: group === -1 ? null : row.cells[group]!,
    values: [figures.kcal, figures.protein, figures.carbs, figures.fat].map((index) =>
      numberCell(table, row, index, null),
    ),
    nutrients: nutrientCells(table, row, nutrientColumnsOf),
  }));
  // Cronometer lists every day of the range; a day or group with nothing logged has every figure blank.
  const isBlank = (row: Row) => row.values.every((value) => value === null);
  const isTotal = (row: Row) => row.group !== null && row.group.toLowerCase() === TOTAL_GROUP;
  // With diary group rows the Total row repeats their sum: the day comes once, by group, and the
  // Total only for a day whose groups are all blank.
  const daysByGroup = new Set(rows.filter((row) => !isTotal(row) && !isBlank(row)).map((row) => row.date));

  for (const row of rows) {
    const { where, date } = row;
    if (into.servedDays.has(date)) {
      into.skipped.push({ reason: 'coveredByServings', ...where, detail: date });
      continue;
    }
    if (isBlank(row)) {
      into.skipped.push({ reason: 'empty', ...where, detail: row.group ? `${date} ${row.group}` : date });
      continue;
    }
    if (isTotal(row) && daysByGroup.has(date)) {
      into.skipped.push({ reason: 'totalOfGroups', ...where, detail: date });
      continue;
    }
    const byGroup = row.group !== null && !isTotal(row);
    const [kcal, protein, carbs, fat] = row.values;
    into.entries.push({
      ...where,
      date,
      time: null,
      meal: byGroup ? row.group! : 'Uncategorized',
      name: byGroup ? `Cronometer: ${row.group}` : 'Cronometer: day total',
      brand: null,
      isFood: false,
      amountText: '',
      grams: null,
      kcal: kcal ?? 0,
      protein: protein ?? 0,
      fat: fat ?? 0,
      carbs: carbs ?? 0,
      nutrients: row.nutrients,
    });
  }
}

// A Map for the same reason as GRAMS_PER_UNIT: a unit named "constructor" is not a unit.
const WEIGHT_UNITS = new Map<string, 'kg' | 'lb'>([
  ['kg', 'kg'],
  ['kgs', 'kg'],
  ['lb', 'lb'],
  ['lbs', 'lb'],
]);

function readBiometrics(file: ImportFile, into: Reading) {
  const table: CsvTable = readCsv(file);
  const day = columnIndex(table, ['Day'], true);
  const metric = columnIndex(table, ['Metric'], true);
  const unit = columnIndex(table, ['Unit'], true);
  const amount = columnIndex(table, ['Amount'], true);
  const others = new Set<string>();
  for (const row of table.rows) {
    const date = dateCell(table, row, day);
    const name = row.cells[metric]!;
    // "Weight", or "Weight (Garmin)" when a device sent it. Other metrics may hold "120/80".
    if (!/^weight\b/i.test(name)) {
      others.add(name);
      continue;
    }
    const where = { file: file.name, line: row.line };
    const value = numberCell(table, row, amount, null);
    if (value === null) {
      into.skipped.push({ reason: 'empty', ...where, detail: name });
      continue;
    }
    const given = WEIGHT_UNITS.get(row.cells[unit]!.toLowerCase());
    if (!given) {
      into.skipped.push({ reason: 'weightUnit', ...where, detail: `${value} ${row.cells[unit]}` });
      continue;
    }
    into.weights.push({ ...where, date, value, unit: given });
  }
  for (const name of [...others].sort())
    into.skipped.push({ reason: 'metricNotUsed', file: file.name, line: null, detail: name });
}

/** Cronometer's CSV exports: servings as foods, daily totals for days without servings, weights. */
export const cronometerReader: FormatReader = {
  app: 'cronometer',
  kindOf,
  read(files): SourceRecords {
    const into: Reading = { entries: [], weights: [], skipped: [], servedDays: new Set() };
    const byKind = new Map<Kind | null, ImportFile[]>();
    for (const file of files) {
      const kind = kindOf(file);
      byKind.set(kind, [...(byKind.get(kind) ?? []), file]);
    }
    const of = (kind: Kind | null) => byKind.get(kind) ?? [];
    // Servings first: the daily summary counts only for the days they leave out.
    for (const file of of('servings')) readServings(file, into);
    for (const file of of('dailySummary')) readDailySummary(file, into);
    for (const file of of('biometrics')) readBiometrics(file, into);
    for (const file of of('exercises'))
      into.skipped.push({ reason: 'exercise', file: file.name, line: null });
    for (const file of [...of('notes'), ...of(null)])
      into.skipped.push({ reason: 'fileNotUsed', file: file.name, line: null });
    return { app: 'cronometer', files, entries: into.entries, weights: into.weights, skipped: into.skipped };
  },
};
