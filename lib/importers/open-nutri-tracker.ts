import { isIsoDate } from '@/lib/diary/dates';
import { knownNutrients, type NutrientKey } from '@/lib/diary/nutrients';
import { z } from '@/lib/schemas/zod';
import type { SourceRecords } from './build';
import type { FormatReader } from './reader-types';
import { hasJsonKeys, parseJsonFile } from './json';
import { localDateTime } from './source-dates';
import type { ImportFile, ImportOptions, Skip, SourceEntry, SourceFileKind } from './types';

/*
 * OpenNutriTracker (github.com/simonoppowa/opennutritracker) exports a ZIP,
 * `opennutritracker-export.zip`, of three JSON lists written by json_serializable:
 *
 * - `user_intake.json`: IntakeDBO `{id, unit, amount, type, meal, dateTime}`. `type` is breakfast,
 *   lunch, dinner or snack; `meal` is the food (MealDBO: name, brands, mealUnit, servingQuantity,
 *   servingUnit, nutriments) with `nutriments` per 100 g or ml (energyKcal100, carbohydrates100,
 *   fat100, proteins100, each may be null). ONT's totals are amount × value100 / 100
 *   (IntakeEntity.totalKcal), whatever the unit, and so are ours.
 * - `amount` is in grams or millilitres: since 2025 the unit picked is stored as the enum's name
 *   ("UnitDropdownItem.g", ".oz", ".ml", ".flOz", ".serving", ".gml") and the amount already
 *   converted (oz to g, fl oz to ml, servings × servingQuantity); before, `unit` was the food's
 *   own unit ("g", "ml", "g/ml") and the amount as typed.
 * - `dateTime` is Dart's toIso8601String: local wall time without a zone for an intake added
 *   "now" from the home screen; for a day picked in the diary's calendar (table_calendar), the
 *   UTC midnight of that calendar day ("…T00:00:00.000Z"). ONT files both by their own
 *   year-month-day (DateUtils.isSameDay), and so do we.
 * - `user_tracked_day.json`: TrackedDayDBO, per day the kcal goal and the kcal and macros tracked:
 *   totals the intakes already give, and no body weight.
 * - `user_activity.json`: UserActivityDBO, exercise with its burnt kcal.
 */

const INTAKE_FILE = 'user_intake.json';
const TRACKED_DAY_FILE = 'user_tracked_day.json';
const ACTIVITY_FILE = 'user_activity.json';

const SOLID_UNITS = new Set(['g', 'kg', 'mg', 'µg', 'oz']);
const LIQUID_UNITS = new Set(['ml', 'l', 'dl', 'cl', 'fl oz', 'fl.oz']);

// Dart writes up to microseconds, and a zone only for UTC ("Z").
const DART_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

const dateTimeSchema = z.string().check(
  z.refine((value) => {
    const match = DART_DATE_TIME.exec(value);
    return match !== null && isIsoDate(`${match[1]}-${match[2]}-${match[3]}`);
  }, 'expected a date and time like 2024-03-05T08:15:00.000'),
);
const optionalNumber = z.optional(z.nullable(z.number()));
const optionalText = z.optional(z.nullable(z.string()));

const intakeListSchema = z.array(
  z.looseObject({
    id: optionalText,
    unit: z.string(),
    amount: z.number(),
    type: z.string(),
    dateTime: dateTimeSchema,
    meal: z.looseObject({
      name: optionalText,
      brands: optionalText,
      mealUnit: optionalText,
      servingUnit: optionalText,
      nutriments: z.looseObject({
        energyKcal100: optionalNumber,
        carbohydrates100: optionalNumber,
        fat100: optionalNumber,
        proteins100: optionalNumber,
        sugars100: optionalNumber,
        saturatedFat100: optionalNumber,
        fiber100: optionalNumber,
      }),
    }),
  }),
);
type Intake = z.infer<typeof intakeListSchema>[number];

const activityListSchema = z.array(
  z.looseObject({
    id: optionalText,
    burnedKcal: optionalNumber,
    date: optionalText,
    physicalActivityDBO: z.optional(z.nullable(z.looseObject({ description: optionalText }))),
  }),
);

/** The day and time an intake is filed under: the year-month-day ONT itself shows it on. */
function intakeDateTime(text: string, timeZone: string | undefined): { date: string; time: string | null } {
  const [, year, month, day, hour, minute, second = '00', fraction = '0', zone] = DART_DATE_TIME.exec(text)!;
  const date = `${year}-${month}-${day}`;
  if (!zone) return { date, time: `${hour}:${minute}` };
  if (zone === 'Z' && `${hour}${minute}${second}` === '000000' && Number(fraction) === 0)
    return { date, time: null };
  // Not written by ONT as far as its code goes, but an instant is an instant.
  return localDateTime(text, timeZone) ?? { date, time: null };
}

type AmountUnit = 'g' | 'ml';

const unitOf = (unit: string | null | undefined): AmountUnit | null => {
  const name = unit?.trim().toLowerCase() ?? '';
  return SOLID_UNITS.has(name) ? 'g' : LIQUID_UNITS.has(name) ? 'ml' : null;
};

/**
 * Whether an intake's amount is grams or millilitres. "g/ml" (ONT's "not available", the default
 * of a food of unknown kind) follows the food's own unit, and counts as grams when that says
 * nothing either: ONT's figures are per 100 of the amount's unit, so the food per 100 g built
 * from them keeps ONT's numbers exactly.
 */
function amountUnit(intake: Intake): AmountUnit {
  const picked = intake.unit.replace(/^UnitDropdownItem\./, '');
  if (picked === 'oz') return 'g';
  if (picked === 'flOz') return 'ml';
  const meal = intake.meal;
  const own =
    picked === 'serving' ? (unitOf(meal.servingUnit) ?? unitOf(meal.mealUnit)) : unitOf(meal.mealUnit);
  return unitOf(picked) ?? own ?? 'g';
}

const formatAmount = (value: number) => String(Math.round(value * 10) / 10);

/** A nutrient's total for the amount, when the food gives it. */
const knownTotal = (amount: number) => (key: NutrientKey, value100: number | null | undefined) =>
  value100 === null || value100 === undefined ? {} : { [key]: (value100 * amount) / 100 };

function readIntakes(
  file: ImportFile,
  options: ImportOptions,
): Array<{ id: string | null; entry: SourceEntry }> {
  return parseJsonFile(file, intakeListSchema).map((intake, index) => {
    const { nutriments, name, brands } = intake.meal;
    // In ONT's own order, amount × value / 100: dividing the amount first can put a result that
    // should be exactly a half just below it (0.5000000000000002 g of 899.9999999999995 kcal made
    // 4 kcal where ONT's order makes 5).
    const total = (value100: number | null | undefined) => ((value100 ?? 0) * intake.amount) / 100;
    const unit = amountUnit(intake);
    const known = knownTotal(intake.amount);
    const entry: SourceEntry = {
      file: file.name,
      line: index + 1,
      ...intakeDateTime(intake.dateTime, options.timeZone),
      meal: intake.type,
      name: name?.trim() ?? '',
      brand: brands?.trim() || null,
      isFood: true,
      amountText: `${formatAmount(intake.amount)} ${unit}`,
      grams: unit === 'g' ? intake.amount : null,
      kcal: total(nutriments.energyKcal100),
      protein: total(nutriments.proteins100),
      fat: total(nutriments.fat100),
      carbs: total(nutriments.carbohydrates100),
      // ONT keeps these three beside the macros (from Open Food Facts), per 100 of the unit.
      nutrients: knownNutrients({
        ...known('sugars', nutriments.sugars100),
        ...known('saturatedFat', nutriments.saturatedFat100),
        ...known('fibre', nutriments.fiber100),
      }),
    };
    return { id: intake.id ?? null, entry };
  });
}

function readActivities(file: ImportFile): Array<{ id: string | null; skip: Skip }> {
  return parseJsonFile(file, activityListSchema).map((activity, index) => {
    const what = activity.physicalActivityDBO?.description?.trim();
    const kcal =
      activity.burnedKcal === null || activity.burnedKcal === undefined
        ? null
        : Math.round(activity.burnedKcal);
    const detail = [activity.date?.slice(0, 10), what, kcal === null ? null : `${kcal} kcal`];
    return {
      id: activity.id ?? null,
      skip: {
        reason: 'exercise',
        file: file.name,
        line: index + 1,
        detail: detail.filter(Boolean).join(' '),
      },
    };
  });
}

type FileKind = Extract<SourceFileKind, 'intakes' | 'trackedDays' | 'activities'>;

/** Which of the export's lists a file is, by its name or, renamed, by its fields. */
function kindOf(file: ImportFile): FileKind | null {
  const name = file.name.toLowerCase();
  if (name === INTAKE_FILE) return 'intakes';
  if (name === TRACKED_DAY_FILE) return 'trackedDays';
  if (name === ACTIVITY_FILE) return 'activities';
  if (!name.endsWith('.json')) return null;
  if (hasJsonKeys(file.text, '[', ['amount', 'meal', 'nutriments', 'energyKcal100'])) return 'intakes';
  if (hasJsonKeys(file.text, '[', ['calorieGoal', 'caloriesTracked'])) return 'trackedDays';
  if (hasJsonKeys(file.text, '[', ['burnedKcal', 'physicalActivityDBO'])) return 'activities';
  return null;
}

/** OpenNutriTracker's export: the ZIP, or the JSON files taken out of it. */
export const openNutriTrackerReader: FormatReader = {
  app: 'openNutriTracker',
  kindOf,
  read(files, options): SourceRecords {
    const records: SourceRecords = { app: 'openNutriTracker', files, entries: [], weights: [], skipped: [] };
    // Intakes and activities carry their own id: one in two exports given together is one.
    const seen = new Set<string>();
    const firstTime = (id: string | null) => {
      if (id === null) return true;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    };
    for (const file of files) {
      const kind = kindOf(file);
      switch (kind) {
        case 'intakes':
          for (const { id, entry } of readIntakes(file, options))
            if (firstTime(id)) records.entries.push(entry);
          break;
        case 'activities':
          for (const { id, skip } of readActivities(file)) if (firstTime(id)) records.skipped.push(skip);
          break;
        case 'trackedDays':
          // Goals and totals per day: the diary keeps one goal of the user's, and the totals are
          // the intakes'.
          records.skipped.push({ reason: 'fileNotUsed', file: file.name, line: null });
          break;
        case null:
          break;
        default: {
          const never: never = kind;
          throw new Error(`unknown file kind ${String(never)}`);
        }
      }
    }
    return records;
  },
};
