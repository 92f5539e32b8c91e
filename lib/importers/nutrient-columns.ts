import { knownNutrients, type NutrientKey, type Nutrients } from '@/lib/diary/nutrients';
import { columnIndex, numberCell, type CsvTable } from './csv';

/**
 * The nutrient columns of an export: for each nutrient the names its app gives the column, and
 * what to multiply by to reach the diary's unit (Cronometer's vitamin D is in IU: 1/40 µg).
 */
export type NutrientColumnSpec = ReadonlyArray<readonly [NutrientKey, readonly string[], factor?: number]>;
type NutrientColumns = Array<{ key: NutrientKey; index: number; factor: number }>;

/** The columns of `spec` the table has; a nutrient the export left out is simply not known. */
export function nutrientColumns(table: CsvTable, spec: NutrientColumnSpec): NutrientColumns {
  return spec
    .map(([key, names, factor = 1]) => ({ key, index: columnIndex(table, names), factor }))
    .filter((column) => column.index !== -1);
}

/**
 * The nutrients a row gives, for the amount eaten: a blank cell is not known (never 0, which a
 * blank means for the energy and macros of some apps); undefined when none is given.
 */
export function nutrientCells(
  table: CsvTable,
  row: CsvTable['rows'][number],
  columns: NutrientColumns,
): Nutrients | undefined {
  const nutrients: Nutrients = {};
  for (const { key, index, factor } of columns) {
    const value = numberCell(table, row, index, null);
    if (value !== null) nutrients[key] = value * factor;
  }
  return knownNutrients(nutrients);
}
