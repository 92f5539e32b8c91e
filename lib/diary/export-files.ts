import { burnedKcal } from './activity-kinds';
import { bodyMeasures } from './body-measures';
import { entryNutrients } from './nutrition';
import { NUTRIENTS, nutrientKeys, roundNutrient, type NutrientKey } from './nutrients';
import type { Entry } from '@/lib/schemas/entry';
import type { DiaryExport } from '@/lib/schemas/export';
import {
  energyIn,
  foodWeightIn,
  foodWeightUnit,
  kgToLb,
  roundTo,
  volumeIn,
  volumeUnit,
  type EnergyUnit,
  type UnitSystem,
} from '@/lib/units/units';

/**
 * The units a person reads the CSV in. The metric columns (grams, kcal, kg) are always there, as
 * stored; figures in other units come as columns of their own after them (oz, kj, weight_lb), so
 * a spreadsheet built on the file keeps working whatever the settings say.
 */
export type CsvUnits = { system: UnitSystem; energy: EnergyUnit };
const METRIC: CsvUnits = { system: 'metric', energy: 'kcal' };

// A cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection); a
// leading apostrophe makes it plain text.
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(rows: Array<Array<string | number | null>>): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** One row per diary entry. */
export function entriesCsv(data: DiaryExport, units: CsvUnits = METRIC): string {
  const ounces = foodWeightUnit(units.system) === 'oz';
  const kj = units.energy === 'kj';
  const header = [
    'date',
    'meal',
    'name',
    'amount',
    'unit',
    'grams',
    'kcal',
    'protein',
    'fat',
    'carbs',
    'logged_at',
    'id',
    ...(ounces ? ['oz'] : []),
    ...(kj ? ['kj'] : []),
    // The nutrients eaten, each in its unit ("vitamin_c_mg"); blank where the entry knows none.
    ...nutrientKeys.map(nutrientColumn),
  ];
  const rows = data.days.flatMap((day) =>
    day.entries.map((entry) => [
      day.date,
      entry.meal,
      entry.name,
      entry.amount,
      entry.unit,
      entry.grams,
      entry.kcal,
      entry.protein,
      entry.fat,
      entry.carbs,
      entry.loggedAt,
      entry.id,
      ...(ounces ? [entry.grams === null ? null : foodWeightIn(entry.grams, 'oz')] : []),
      ...(kj ? [energyIn(entry.kcal, 'kj')] : []),
      ...eatenCells(entry),
    ]),
  );
  return csv([header, ...rows]);
}

/** A nutrient's CSV column: its key in snake case with its unit, "vitamin_b12_ug". */
const nutrientColumn = (key: NutrientKey) =>
  `${key.replace(/([a-z])([A-Z0-9])/g, '$1_$2').toLowerCase()}_${NUTRIENTS[key].unit === 'µg' ? 'ug' : NUTRIENTS[key].unit}`;

/** What an entry ate of each nutrient, to its nutrient's decimals; null (blank) where not known. */
function eatenCells(entry: Entry): Array<number | null> {
  const eaten = entryNutrients(entry);
  return nutrientKeys.map((key) => {
    const value = eaten?.[key];
    return value === undefined ? null : roundNutrient(key, value);
  });
}

/** One row per day: its goal, totals, weight, water, the kcal its activities burned, its steps, and its note. */
export function daysCsv(data: DiaryExport, units: CsvUnits = METRIC): string {
  const pounds = units.system !== 'metric';
  const fluidOunces = volumeUnit(units.system) === 'floz';
  const kj = units.energy === 'kj';
  const header = [
    'date',
    'goal',
    'kcal',
    'protein',
    'fat',
    'carbs',
    'weight',
    'entries',
    'water_ml',
    'activity_kcal',
    'steps',
    ...bodyMeasures.map((measure) => (measure === 'bodyFat' ? 'body_fat_percent' : `${measure}_cm`)),
    ...(pounds ? ['weight_lb'] : []),
    ...(fluidOunces ? ['water_fl_oz'] : []),
    ...(kj ? ['goal_kj', 'kj'] : []),
    'note',
  ];
  const round = (value: number) => Math.round(value * 10) / 10;
  const rows = data.days.map((day) => {
    const sum = (key: 'kcal' | 'protein' | 'fat' | 'carbs') =>
      round(day.entries.reduce((total, entry) => total + entry[key], 0));
    return [
      day.date,
      day.goal,
      sum('kcal'),
      sum('protein'),
      sum('fat'),
      sum('carbs'),
      day.weight,
      day.entries.length,
      day.water,
      burnedKcal(day.activities),
      day.details?.steps ?? null,
      ...bodyMeasures.map((measure) => day.details?.[measure] ?? null),
      ...(pounds ? [day.weight === null ? null : roundTo(kgToLb(day.weight), 1)] : []),
      ...(fluidOunces ? [volumeIn(day.water, 'floz')] : []),
      ...(kj ? [energyIn(day.goal, 'kj'), energyIn(sum('kcal'), 'kj')] : []),
      day.details?.note ?? null,
    ];
  });
  return csv([header, ...rows]);
}

/** Saves text as a file through the browser's download. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
