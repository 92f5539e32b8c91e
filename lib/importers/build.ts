import { v5 as uuidV5 } from 'uuid';
import { dateSpan, fromIsoDate, isIsoDate } from '@/lib/diary/dates';
import { foodIdentity } from '@/lib/diary/import-merge';
import { isDayFull, newDay, putEntry, setWeight } from '@/lib/diary/day-rules';
import { sourceMeals } from './import-meals';
import { round1, round2 } from '@/lib/diary/round';
import { nutrientsWithin, scaleNutrients, withKnown } from '@/lib/diary/nutrients';
import { inRange, LIMITS } from '@/lib/limits';
import { clip, tidy } from './stored-text';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import type { Food } from '@/lib/schemas/food';
import type {
  ReadFiles,
  ImportFile,
  ImportReport,
  ImportOptions,
  Skip,
  SourceApp,
  SourceEntry,
  SourceWeight,
} from './types';

/** What a format's reader found, before it becomes foods and days. */
export type SourceRecords = {
  app: SourceApp;
  files: ImportFile[];
  entries: SourceEntry[];
  weights: SourceWeight[];
  skipped: Skip[];
  /** What each file was taken for (set by `readExportFiles`, which sees every file). */
  recognised?: ImportReport['recognised'];
};

const KG_PER_LB = 0.45359237;
// A fixed namespace for the ids of imported entries: the same row of the same file always gets
// the same id, so importing a file twice (or an export that overlaps an earlier one) adds nothing.
const IMPORT_NAMESPACE = '9f2b7c1e-52d4-4f0a-9a43-6d1c0e5b8a71';

type Totals = Pick<SourceEntry, 'kcal' | 'protein' | 'fat' | 'carbs'>;

/** The local instant of a calendar day and a time of day (noon when the source has none), to the second. */
function localInstant(date: string, time: string | null): string {
  const [hour, minute] = (time ?? '12:00').split(':').map(Number) as [number, number];
  const instant = fromIsoDate(date);
  instant.setHours(hour, minute);
  // Instants are kept from 1970 on (LIMITS.timestampMs); a day before that keeps its date.
  const ms = Math.min(Math.max(instant.getTime(), LIMITS.timestampMs.min), LIMITS.timestampMs.max);
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}

/** Why an entry's figures cannot be stored, or null when they can. */
function outOfRange(entry: SourceEntry): string | null {
  if (!inRange(entry.kcal, LIMITS.entryKcal)) return `kcal ${entry.kcal}`;
  for (const key of ['protein', 'fat', 'carbs'] as const)
    if (!inRange(entry[key], LIMITS.entryMacro)) return `${key} ${entry[key]}`;
  if (entry.grams !== null && !inRange(entry.grams, LIMITS.entryGrams)) return `${entry.grams} g`;
  return null;
}

/** Figures per 100 g of a food eaten as `grams`, or null when they would not make a valid food. */
function per100(totals: Totals, grams: number): Totals | null {
  if (grams <= 0) return null;
  const scale = (value: number) => round2((value * 100) / grams);
  const figures = {
    kcal: scale(totals.kcal),
    protein: scale(totals.protein),
    fat: scale(totals.fat),
    carbs: scale(totals.carbs),
  };
  const fits =
    inRange(figures.kcal, LIMITS.foodKcal) &&
    inRange(figures.protein, LIMITS.foodMacro) &&
    inRange(figures.fat, LIMITS.foodMacro) &&
    inRange(figures.carbs, LIMITS.foodMacro) &&
    figures.protein + figures.fat + figures.carbs <= 100.05;
  return fits ? figures : null;
}

function weightInKg(weight: SourceWeight, unit: 'kg' | 'lb' | null): number | null {
  const given = weight.unit ?? unit;
  if (given === null) return null;
  return round2(given === 'lb' ? weight.value * KG_PER_LB : weight.value);
}

/**
 * Turns what a reader found into the diary's foods and days and the preview's report. Figures
 * past the diary's limits, dates out of range and days past the entry limit are skipped and
 * listed, never stored half; the rest keeps the source's own figures for the amount eaten.
 * Entries get ids derived from their content, so the same file imported twice adds nothing.
 * Entries go to the user's meals (options.meals) by the source's meal names (import-meals.ts).
 */
export function buildForeignImport(records: SourceRecords, options: ImportOptions): ReadFiles {
  const skipped = [...records.skipped];
  const foods = new Map<string, { food: Food; grams: number }>();
  const days = new Map<string, Day>();
  const mealsOfSource = sourceMeals(options.meals);
  const seenKeys = new Map<string, number>();
  const ties = new Map<string, number>();
  let withoutGrams = 0;
  let totals = 0;

  const dayOf = (date: string): Day => {
    let day = days.get(date);
    if (!day) {
      day = newDay(date, { currentGoal: options.goal }, localInstant(date, null));
      days.set(date, day);
    }
    return day;
  };
  const validDate = (date: string) => isIsoDate(date) && date >= LIMITS.date.min && date <= LIMITS.date.max;

  const accepted: Array<{ source: SourceEntry; entry: Entry; foodKey: string | null }> = [];
  for (const source of records.entries) {
    const where = { file: source.file, line: source.line };
    const name = clip(tidy(source.name), LIMITS.nameLength.max);
    if (!validDate(source.date)) {
      skipped.push({ reason: 'dateOutOfRange', ...where, detail: source.date });
      continue;
    }
    if (name === '') {
      skipped.push({ reason: 'empty', ...where });
      continue;
    }
    const problem = outOfRange(source);
    if (problem) {
      skipped.push({ reason: 'outOfRange', ...where, detail: `${name}: ${problem}` });
      continue;
    }
    const meal = mealsOfSource.mealOf(source.meal);

    const brand =
      source.brand && tidy(source.brand) ? clip(tidy(source.brand), LIMITS.brandLength.max) : null;
    const key = [source.date, source.meal, name, brand, source.amountText, source.grams, source.kcal]
      .concat([source.protein, source.fat, source.carbs, source.time])
      .join('\u0001');
    const occurrence = (seenKeys.get(key) ?? 0) + 1;
    seenKeys.set(key, occurrence);
    // Entries of one instant (most files give no time: noon) a second apart, in the file's
    // order: a day lists its entries in the order they were logged, and ties go by id.
    const instant = localInstant(source.date, source.time);
    const tie = ties.get(instant) ?? 0;
    ties.set(instant, tie + 1);
    const loggedAt = new Date(
      Math.min(Date.parse(instant) + tie * 1000, LIMITS.timestampMs.max),
    ).toISOString();
    const figures = {
      kcal: Math.round(source.kcal),
      protein: round1(source.protein),
      fat: round1(source.fat),
      carbs: round1(source.carbs),
    };
    const common = {
      id: uuidV5(`${records.app}\u0001${key}\u0001${occurrence}`, IMPORT_NAMESPACE),
      meal,
      loggedAt,
      updatedAt: loggedAt,
      ...figures,
    } as const;

    let foodKey: string | null = null;
    let entry: Entry;
    if (source.grams !== null) {
      const grams = round1(source.grams);
      // The entry keeps the nutrients per 100 g of what was eaten, as every entry does.
      const nutrients =
        grams > 0 ? nutrientsWithin(scaleNutrients(source.nutrients ?? {}, 100 / grams), 'per100g') : {};
      entry = { ...common, food: null, name, amount: grams, unit: 'g', grams, ...withKnown(nutrients) };
      const figures100 = source.isFood ? per100(source, source.grams) : null;
      if (figures100) {
        foodKey = foodIdentity({ name, brand });
        const known = foods.get(foodKey);
        // The largest amount eaten gives the figures with the least rounding in them.
        if (!known || source.grams > known.grams) {
          const food: Food = {
            id: known?.food.id ?? foods.size + 1,
            name,
            brand,
            ...figures100,
            ...withKnown(nutrients),
            serving: null,
            measures: [],
            favorite: false,
            recipe: null,
            createdAt: known?.food.createdAt ?? loggedAt,
            updatedAt: known?.food.updatedAt ?? loggedAt,
          };
          foods.set(foodKey, { food, grams: source.grams });
        }
      }
    } else {
      if (source.isFood) withoutGrams++;
      else totals++;
      const amount = tidy(source.amountText);
      const described = amount ? `${name} · ${amount}` : name;
      entry = {
        ...common,
        food: null,
        name: clip(described, LIMITS.nameLength.max),
        amount: figures.kcal,
        unit: 'kcal',
        grams: null,
        // Without grams, as a quick add: the nutrients of the whole of it.
        ...withKnown(nutrientsWithin(source.nutrients, 'whole')),
      };
    }
    accepted.push({ source, entry, foodKey });
  }

  for (const { source, entry, foodKey } of accepted) {
    const food = foodKey ? foods.get(foodKey)?.food : undefined;
    try {
      days.set(source.date, putEntry(dayOf(source.date), food ? { ...entry, food: food.id } : entry));
    } catch (error) {
      if (!isDayFull(error)) throw error;
      skipped.push({ reason: 'dayFull', file: source.file, line: source.line, detail: source.date });
    }
  }

  let weightCount = 0;
  let weightUnitNeeded = false;
  for (const weight of records.weights) {
    const where = { file: weight.file, line: weight.line };
    if (!validDate(weight.date)) {
      skipped.push({ reason: 'dateOutOfRange', ...where, detail: weight.date });
      continue;
    }
    const kg = weightInKg(weight, options.weightUnit);
    if (kg === null) {
      weightUnitNeeded = true;
      weightCount++;
      continue;
    }
    if (!inRange(kg, LIMITS.weightKg)) {
      skipped.push({
        reason: 'weightOutOfRange',
        ...where,
        detail: `${weight.value} ${weight.unit ?? options.weightUnit}`,
      });
      continue;
    }
    days.set(weight.date, setWeight(dayOf(weight.date), kg));
    weightCount++;
  }

  const dayList = [...days.values()]
    .filter((day) => day.entries.length > 0 || day.weight !== null)
    .sort((a, b) => a.date.localeCompare(b.date));
  const entryCount = dayList.reduce((sum, day) => sum + day.entries.length, 0);
  const datesWithWeights = records.weights
    .filter((weight) => validDate(weight.date))
    .map((weight) => weight.date);
  const allDates = [...dayList.map((day) => day.date), ...datesWithWeights];
  const span = dateSpan(allDates);
  // A new meal all of whose entries were past a day's limit would stand empty: it is not added.
  const mealsUsed = new Set(dayList.flatMap((day) => day.entries.map((entry) => entry.meal)));

  return {
    foods: [...foods.values()].map(({ food }) => food),
    days: dayList,
    report: {
      app: records.app,
      files: records.files.map((file) => file.name),
      recognised: records.recognised ?? records.files.map((file) => ({ file: file.name, kind: null })),
      days: new Set(allDates).size,
      entries: entryCount,
      foods: foods.size,
      weights: weightCount,
      from: span?.from ?? null,
      to: span?.to ?? null,
      withoutGrams,
      totals,
      mealsAsSnacks: [...mealsOfSource.asSnacks].sort(),
      newMeals: mealsOfSource.newMeals.filter((meal) => mealsUsed.has(meal.id)),
      weightUnitNeeded,
      skipped,
    },
  };
}
