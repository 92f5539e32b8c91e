import { knownNutrients, sodiumMgOfSaltG, type NutrientKey, type Nutrients } from '@/lib/diary/nutrients';
import { z } from '@/lib/schemas/zod';
import type { SourceRecords } from './build';
import type { FormatReader } from './reader-types';
import { hasJsonKeys, looseNumberSchema, parseJsonFile } from './json';
import { localDateTime } from './source-dates';
import {
  ImportFileError,
  type ImportFile,
  type ImportOptions,
  type Skip,
  type SourceEntry,
  type SourceWeight,
} from './types';

/*
 * Waistline (github.com/davidhealey/waistline) writes its whole IndexedDB as one JSON document,
 * `waistline_export.json` (Settings → Import/Export) or `waistline_backup_<weekday>.json` (the
 * automatic backup): `{foodList, diary, meals, recipes, version, settings}`.
 *
 * - A food or recipe holds `nutrition` for its `portion` of `unit` ("100" "g", "1" "cup"); the
 *   portion is often text, as the form field held it.
 * - The diary has one record per day: `dateTime` is the UTC midnight of the user's calendar day
 *   (`Date.UTC(y, m, d)` since database version 31), `items` are references `{id, type, portion,
 *   quantity, category, dateTime}` to a food (`type` "food", the foodList) or a recipe ("recipe").
 *   Waistline sums nutrition × item.portion / food.portion × item.quantity, and so do we.
 * - `category` is the index of the meal in `settings.diary["meal-names"]` (default Breakfast,
 *   Lunch, Dinner, Snacks and three empty slots; the user renames them in any language).
 * - Quick Add is an archived food "Quick Add" (barcode "quick-add", 1 kcal per portion of 1):
 *   the item's quantity is the kcal and its `description` the name. Activities synced from
 *   intervals.icu are Quick Adds with a negative quantity: burnt kcal, not food.
 * - `stats.weight` is in kg whatever unit the settings show (Waistline converts on input).
 */

const FILE_NAME = /^waistline_(export|backup_[a-z]+)\.json$/i;
const DEFAULT_MEAL_NAMES = ['Breakfast', 'Lunch', 'Dinner', 'Snacks'];
const QUICK_ADD_BARCODE = 'quick-add';
const KJ_PER_KCAL = 4.184;
// Version 30 gave the diary its present shape (one record per day with items).
const FIRST_READABLE_VERSION = 30;

// Grams in one of each mass unit, as a user or Waistline's food search writes it (the search
// writes the unit symbol of the app's language: "г" in Russian).
// A Map, not an object: a unit the user typed ("constructor", "__proto__") must not find
// Object.prototype's members and turn the amount into NaN grams.
const GRAMS_PER_UNIT = new Map<string, number>([
  ['g', 1],
  ['gr', 1],
  ['gram', 1],
  ['grams', 1],
  ['г', 1],
  ['гр', 1],
  ['kg', 1000],
  ['кг', 1000],
  ['mg', 0.001],
  ['мг', 0.001],
  ['oz', 28.349523125],
  ['lb', 453.59237],
  ['lbs', 453.59237],
]);

const gramsPerUnit = (unit: string | null | undefined): number | null =>
  GRAMS_PER_UNIT.get((unit ?? '').trim().toLowerCase().replace(/\.$/, '')) ?? null;

const dateTimeSchema = z
  .string()
  .check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'expected a date and time'));
const idSchema = z.union([z.number(), z.string()]);
const nullableText = z.optional(z.nullable(z.string()));

const nutritionSchema = z.looseObject({
  calories: looseNumberSchema,
  kilojoules: looseNumberSchema,
  proteins: looseNumberSchema,
  fat: looseNumberSchema,
  carbohydrates: looseNumberSchema,
});

/**
 * Waistline's nutriments beyond the macros (its names are Open Food Facts'), in the units its
 * nutriment list gives them: sodium, cholesterol and the minerals in mg, salt in g, vitamins A,
 * D, K, folate (B9) and B12 in µg, the other vitamins in mg. Sodium comes from salt when only
 * salt is given.
 */
const WAISTLINE_NUTRIENTS: ReadonlyArray<readonly [NutrientKey, string]> = [
  ['fibre', 'fiber'],
  ['sugars', 'sugars'],
  ['saturatedFat', 'saturated-fat'],
  ['cholesterol', 'cholesterol'],
  ['sodium', 'sodium'],
  ['potassium', 'potassium'],
  ['calcium', 'calcium'],
  ['iron', 'iron'],
  ['magnesium', 'magnesium'],
  ['zinc', 'zinc'],
  ['vitaminA', 'vitamin-a'],
  ['vitaminC', 'vitamin-c'],
  ['vitaminD', 'vitamin-d'],
  ['vitaminE', 'vitamin-e'],
  ['vitaminK', 'vitamin-k'],
  ['thiamin', 'vitamin-b1'],
  ['riboflavin', 'vitamin-b2'],
  ['niacin', 'vitamin-pp'],
  ['vitaminB6', 'vitamin-b6'],
  ['folate', 'vitamin-b9'],
  ['vitaminB12', 'vitamin-b12'],
];

/** The nutrients of a food's portion times `multiplier`, those it gives as numbers. */
function waistlineNutrients(nutrition: Record<string, unknown> | null | undefined, multiplier: number) {
  const nutrients: Nutrients = {};
  const number = (field: string) => {
    const value = nutrition?.[field];
    const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : undefined;
  };
  for (const [key, field] of WAISTLINE_NUTRIENTS) {
    const value =
      number(field) ?? (key === 'sodium' ? mapDefined(number('salt'), sodiumMgOfSaltG) : undefined);
    if (value !== undefined) nutrients[key] = value * multiplier;
  }
  return knownNutrients(nutrients);
}

const mapDefined = (value: number | undefined, map: (value: number) => number) =>
  value === undefined ? undefined : map(value);

/** A food of the foodList or a recipe: what a diary item's figures come from. */
const portionedSchema = z.looseObject({
  id: idSchema,
  name: nullableText,
  brand: nullableText,
  portion: looseNumberSchema,
  unit: nullableText,
  nutrition: z.optional(z.nullable(nutritionSchema)),
  barcode: z.optional(z.unknown()),
});
type Portioned = z.infer<typeof portionedSchema>;

const itemSchema = z.looseObject({
  id: z.optional(z.nullable(idSchema)),
  type: nullableText,
  portion: looseNumberSchema,
  quantity: looseNumberSchema,
  // A number, or text once the item was edited (the form's select value).
  category: looseNumberSchema,
  dateTime: z.optional(z.nullable(dateTimeSchema)),
  description: nullableText,
});
type Item = z.infer<typeof itemSchema>;

const daySchema = z.looseObject({
  dateTime: dateTimeSchema,
  items: z.array(itemSchema),
  stats: z.optional(z.nullable(z.looseObject({ weight: looseNumberSchema }))),
});

const exportSchema = z.looseObject({
  version: z.optional(z.nullable(z.number())),
  foodList: z.optional(z.nullable(z.array(portionedSchema))),
  recipes: z.optional(z.nullable(z.array(portionedSchema))),
  diary: z.array(daySchema),
  settings: z.optional(
    z.nullable(
      z.looseObject({
        diary: z.optional(
          z.nullable(z.looseObject({ 'meal-names': z.optional(z.nullable(z.array(nullableText))) })),
        ),
      }),
    ),
  ),
});

/** The user's calendar day of a diary record. */
function diaryDate(dateTime: string, timeZone: string | undefined): string | null {
  // Since version 31 the record's key is the UTC midnight of the local day: its date is the day.
  const utcMidnight = /^(\d{4,}-\d{2}-\d{2})T00:00(:00(\.0+)?)?(Z|[+-]00:?00)$/.exec(dateTime);
  if (utcMidnight) return utcMidnight[1]!;
  // Older databases keyed the day by its local midnight, an instant.
  return localDateTime(dateTime, timeZone)?.date ?? null;
}

const formatNumber = (value: number) => String(Math.round(value * 1000) / 1000);

function amountText(item: { portion: number; quantity: number }, unit: string | null | undefined): string {
  const portion = [formatNumber(item.portion), unit?.trim()].filter(Boolean).join(' ');
  return item.quantity === 1 ? portion : `${formatNumber(item.quantity)} × ${portion}`;
}

/** Reads one Waistline export into source records. */
function readExport(file: ImportFile, options: ImportOptions) {
  const data = parseJsonFile(file, exportSchema);
  if (data.version != null && data.version < FIRST_READABLE_VERSION)
    throw new ImportFileError('badJson', file.name, null, `database version ${data.version}`);

  const byId = (list: Portioned[] | null | undefined) =>
    new Map((list ?? []).map((record) => [String(record.id), record]));
  const foods = byId(data.foodList);
  const recipes = byId(data.recipes);
  const mealNames = data.settings?.diary?.['meal-names'] ?? DEFAULT_MEAL_NAMES;
  const mealName = (category: number | null | undefined) => {
    if (category === null || category === undefined) return '?';
    const name = Number.isInteger(category) ? mealNames[category]?.trim() : null;
    // An empty slot is a meal the user removed: Waistline still counts its items in the day.
    return name || `#${category + 1}`;
  };

  const entries: SourceEntry[] = [];
  const weights: SourceWeight[] = [];
  const skipped: Skip[] = [];

  data.diary.forEach((day, dayIndex) => {
    const line = dayIndex + 1;
    const date = diaryDate(day.dateTime, options.timeZone);
    if (date === null) throw new ImportFileError('badJson', file.name, line, `dateTime ${day.dateTime}`);
    const weight = day.stats?.weight;
    if (weight !== null && weight !== undefined)
      weights.push({ file: file.name, line, date, value: weight, unit: 'kg' });

    day.items.forEach((item, itemIndex) => {
      const entry = readItem(item, { foods, recipes });
      if ('skip' in entry) {
        const detail = `diary[${line}].items[${itemIndex + 1}]: ${entry.detail}`;
        skipped.push({ reason: entry.skip, file: file.name, line, detail });
        return;
      }
      const logged = item.dateTime ? localDateTime(item.dateTime, options.timeZone) : null;
      entries.push({
        file: file.name,
        line,
        date,
        // The item's time is when it was added: the time of day only when added on that day.
        time: logged?.date === date ? logged.time : null,
        meal: mealName(item.category),
        ...entry,
      });
    });
  });
  return { entries, weights, skipped };
}

type ItemFigures = Pick<
  SourceEntry,
  'name' | 'brand' | 'isFood' | 'amountText' | 'grams' | 'kcal' | 'protein' | 'fat' | 'carbs' | 'nutrients'
>;

/** An item's name and figures for the amount eaten, or why it does not come over. */
function readItem(
  item: Item,
  lists: { foods: Map<string, Portioned>; recipes: Map<string, Portioned> },
): ItemFigures | { skip: Skip['reason']; detail: string } {
  const type = item.type ?? 'food';
  const list = type === 'food' ? lists.foods : type === 'recipe' ? lists.recipes : null;
  const source = item.id === null || item.id === undefined ? undefined : list?.get(String(item.id));
  // A food or recipe the export lacks (current Waistline archives rather than deletes, so an
  // older database or an edited file), or a kind of item this reader does not know: Waistline
  // itself counts nothing for it, and nothing says what it was.
  if (!source) return { skip: 'missingFood', detail: `${type} ${item.id ?? '?'}` };
  const name = source.name?.trim() ?? '';
  const portion = item.portion ?? null;
  if (portion === null) return { skip: 'empty', detail: `${name}: no portion` };
  const quantity = item.quantity ?? 1;
  const multiplier = (portion / (source.portion ?? Number.NaN)) * quantity;
  if (!Number.isFinite(multiplier))
    return { skip: 'outOfRange', detail: `${name}: portion ${source.portion ?? '?'}` };

  const nutrition = source.nutrition;
  const energy = nutrition?.calories ?? (nutrition?.kilojoules ?? 0) / KJ_PER_KCAL;
  const kcal = energy * multiplier;
  if (kcal < 0)
    return { skip: 'exercise', detail: `${item.description?.trim() || name}: ${Math.round(kcal)} kcal` };

  const quickAdd = source.barcode === QUICK_ADD_BARCODE;
  const gramsPer = quickAdd ? null : gramsPerUnit(source.unit);
  return {
    name: quickAdd ? item.description?.trim() || name : name,
    brand: source.brand?.trim() || null,
    // A Quick Add is a number of kcal, not a food.
    isFood: !quickAdd,
    amountText: quickAdd ? '' : amountText({ portion, quantity }, source.unit),
    grams: gramsPer === null ? null : portion * quantity * gramsPer,
    kcal,
    protein: (nutrition?.proteins ?? 0) * multiplier,
    fat: (nutrition?.fat ?? 0) * multiplier,
    carbs: (nutrition?.carbohydrates ?? 0) * multiplier,
    nutrients: waistlineNutrients(nutrition, multiplier),
  };
}

/**
 * The records of several exports of one database (Monday's and Tuesday's backup): each is a
 * snapshot of the whole diary, so a record both hold is one record, not two. A record comes over
 * as many times as the export holding it most often has it, which is what importing the files one
 * after the other gives (entry ids come from content and occurrence).
 */
function unionOfSnapshots<T extends { file: string; line: number }>(snapshots: T[][]): T[] {
  if (snapshots.length === 1) return snapshots[0]!;
  // Where a record sits differs between the files; what it says is what makes it the same.
  const identity = (record: T) => JSON.stringify({ ...record, file: undefined, line: undefined });
  const kept = new Map<string, T[]>();
  for (const snapshot of snapshots) {
    const copies = new Map<string, T[]>();
    for (const record of snapshot) {
      const key = identity(record);
      const list = copies.get(key);
      if (list) list.push(record);
      else copies.set(key, [record]);
    }
    for (const [key, records] of copies)
      if (records.length > (kept.get(key)?.length ?? 0)) kept.set(key, records);
  }
  return [...kept.values()].flat();
}

/** Waistline's JSON export or automatic backup. */
export const waistlineReader: FormatReader = {
  app: 'waistline',
  kindOf: (file) =>
    FILE_NAME.test(file.name) ||
    (file.name.toLowerCase().endsWith('.json') && hasJsonKeys(file.text, '{', ['foodList', 'diary']))
      ? 'databaseExport'
      : null,
  read(files, options): SourceRecords {
    const exports = files.map((file) => readExport(file, options));
    return {
      app: 'waistline',
      files,
      entries: unionOfSnapshots(exports.map((read) => read.entries)),
      weights: unionOfSnapshots(exports.map((read) => read.weights)),
      skipped: exports.flatMap((read) => read.skipped),
    };
  },
};
