import type { Locale } from '@/lib/i18n/config';
import { nutrientKeys, type NutrientKey } from './nutrients';

/**
 * Daily targets for the nutrients, by sex and age, from a public source chosen by the
 * interface's language (the panel names it):
 *
 * - `dri`: the US Dietary Reference Intakes of the National Academies (RDA, or AI where no RDA
 *   is set; potassium and sodium as revised in 2019, with sodium's Chronic Disease Risk
 *   Reduction intake as its limit) and the Tolerable Upper Intake Levels that apply to food as
 *   well as supplements; saturated fat and added sugars below 10 % of energy as the Dietary
 *   Guidelines for Americans 2020-2025 advise.
 * - `mr2021`: Russia's МР 2.3.1.0253-21, «Нормы физиологических потребностей в энергии и пищевых
 *   веществах для различных групп населения Российской Федерации» (Rospotrebnadzor, 2021),
 *   whose only upper limits are sodium (2 g), saturated fat and added sugars (10 % of energy)
 *   and cholesterol (300 mg). It gives minerals and vitamins for adults as one figure per sex,
 *   with more vitamin D and calcium past 65, and for ages 11-14 and 15-17.
 *
 * `min` is a figure to reach, `max` one to stay under; a nutrient with neither has no target
 * (sugars; cholesterol in the DRIs, which set none).
 */
export const TARGET_SOURCES = ['dri', 'mr2021'] as const;
export type TargetSource = (typeof TARGET_SOURCES)[number];
export type NutrientTarget = { min?: number; max?: number };
export type NutrientTargets = Partial<Record<NutrientKey, NutrientTarget>>;

export const sourceOfLocale = (locale: Locale): TargetSource => (locale === 'ru' ? 'mr2021' : 'dri');

/** From an age on (the last row whose age is reached applies): the figure for men, for women. */
type Rows = ReadonlyArray<readonly [fromAge: number, male: number, female: number]>;

const DRI_AIMS: Partial<Record<NutrientKey, Rows>> = {
  fibre: [
    [9, 31, 26],
    [14, 38, 26],
    [19, 38, 25],
    [51, 30, 21],
  ],
  sodium: [
    [9, 1200, 1200],
    [14, 1500, 1500],
  ],
  potassium: [
    [9, 2500, 2300],
    [14, 3000, 2300],
    [19, 3400, 2600],
  ],
  calcium: [
    [9, 1300, 1300],
    [19, 1000, 1000],
    [51, 1000, 1200],
    [71, 1200, 1200],
  ],
  iron: [
    [9, 8, 8],
    [14, 11, 15],
    [19, 8, 18],
    [51, 8, 8],
  ],
  magnesium: [
    [9, 240, 240],
    [14, 410, 360],
    [19, 400, 310],
    [31, 420, 320],
  ],
  zinc: [
    [9, 8, 8],
    [14, 11, 9],
    [19, 11, 8],
  ],
  vitaminA: [
    [9, 600, 600],
    [14, 900, 700],
  ],
  vitaminC: [
    [9, 45, 45],
    [14, 75, 65],
    [19, 90, 75],
  ],
  vitaminD: [
    [9, 15, 15],
    [71, 20, 20],
  ],
  vitaminE: [
    [9, 11, 11],
    [14, 15, 15],
  ],
  vitaminK: [
    [9, 60, 60],
    [14, 75, 75],
    [19, 120, 90],
  ],
  thiamin: [
    [9, 0.9, 0.9],
    [14, 1.2, 1],
    [19, 1.2, 1.1],
  ],
  riboflavin: [
    [9, 0.9, 0.9],
    [14, 1.3, 1],
    [19, 1.3, 1.1],
  ],
  niacin: [
    [9, 12, 12],
    [14, 16, 14],
  ],
  vitaminB6: [
    [9, 1, 1],
    [14, 1.3, 1.2],
    [19, 1.3, 1.3],
    [51, 1.7, 1.5],
  ],
  folate: [
    [9, 300, 300],
    [14, 400, 400],
  ],
  vitaminB12: [
    [9, 1.8, 1.8],
    [14, 2.4, 2.4],
  ],
};

const DRI_LIMITS: Partial<Record<NutrientKey, Rows>> = {
  sodium: [
    [9, 1800, 1800],
    [14, 2300, 2300],
  ],
  calcium: [
    [9, 3000, 3000],
    [19, 2500, 2500],
    [51, 2000, 2000],
  ],
  iron: [
    [9, 40, 40],
    [14, 45, 45],
  ],
  zinc: [
    [9, 23, 23],
    [14, 34, 34],
    [19, 40, 40],
  ],
  vitaminC: [
    [9, 1200, 1200],
    [14, 1800, 1800],
    [19, 2000, 2000],
  ],
  vitaminD: [[9, 100, 100]],
  vitaminB6: [
    [9, 60, 60],
    [14, 80, 80],
    [19, 100, 100],
  ],
};

// МР 2.3.1.0253-21: tables for 11-14 and 15-17 years; adults from 18, vitamin D and calcium
// rise past 65. A user of 10 takes the 11-14 figures.
const MR_AIMS: Partial<Record<NutrientKey, Rows>> = {
  fibre: [
    [0, 20, 20],
    [15, 22, 22],
    [18, 20, 20],
  ],
  sodium: [
    [0, 1100, 1100],
    [15, 1300, 1300],
  ],
  potassium: [
    [0, 2500, 2500],
    [15, 3200, 3200],
    [18, 3500, 3500],
  ],
  calcium: [
    [0, 1200, 1200],
    [18, 1000, 1000],
    [66, 1200, 1200],
  ],
  iron: [
    [0, 12, 12],
    [15, 15, 18],
    [18, 10, 18],
  ],
  magnesium: [
    [0, 300, 300],
    [15, 400, 400],
    [18, 420, 420],
  ],
  zinc: [[0, 12, 12]],
  vitaminA: [
    [0, 1000, 800],
    [18, 900, 800],
  ],
  vitaminC: [
    [0, 70, 60],
    [15, 90, 70],
    [18, 100, 100],
  ],
  vitaminD: [
    [0, 15, 15],
    [66, 20, 20],
  ],
  vitaminE: [
    [0, 12, 12],
    [15, 15, 15],
  ],
  vitaminK: [
    [0, 80, 70],
    [15, 120, 100],
    [18, 120, 120],
  ],
  thiamin: [
    [0, 1.3, 1.3],
    [15, 1.5, 1.3],
    [18, 1.5, 1.5],
  ],
  riboflavin: [
    [0, 1.5, 1.5],
    [15, 1.8, 1.5],
    [18, 1.8, 1.8],
  ],
  niacin: [
    [0, 18, 18],
    [15, 20, 18],
    [18, 20, 20],
  ],
  vitaminB6: [
    [0, 1.7, 1.6],
    [15, 2, 1.6],
    [18, 2, 2],
  ],
  folate: [
    [0, 300, 300],
    [15, 400, 400],
  ],
  vitaminB12: [[0, 3, 3]],
};

const MR_LIMITS: Partial<Record<NutrientKey, Rows>> = {
  sodium: [[0, 2000, 2000]],
  cholesterol: [[0, 300, 300]],
};

/** Both sources: saturated fat (9 kcal/g) and added sugars (4 kcal/g) under 10 % of energy. */
const ENERGY_SHARE_LIMITS: Partial<Record<NutrientKey, { share: number; kcalPerGram: number }>> = {
  saturatedFat: { share: 0.1, kcalPerGram: 9 },
  addedSugars: { share: 0.1, kcalPerGram: 4 },
};

const TABLES: Record<TargetSource, { aims: typeof DRI_AIMS; limits: typeof DRI_LIMITS }> = {
  dri: { aims: DRI_AIMS, limits: DRI_LIMITS },
  mr2021: { aims: MR_AIMS, limits: MR_LIMITS },
};

/** Whom the targets are for: an unset sex takes the higher of the two figures, an unset age an adult's (30). */
export type TargetPerson = { sex: 'male' | 'female' | null; age: number | null; goalKcal: number };

export const ADULT_AGE = 30;

function figureFor(rows: Rows | undefined, person: TargetPerson): number | undefined {
  if (!rows) return undefined;
  const age = person.age ?? ADULT_AGE;
  let row = rows[0];
  for (const candidate of rows) if (candidate[0] <= age) row = candidate;
  if (!row) return undefined;
  const [, male, female] = row;
  return person.sex === 'male' ? male : person.sex === 'female' ? female : Math.max(male, female);
}

/** The day's targets for `person` by `source`; overrides (the user's own) replace a nutrient's whole target. */
export function nutrientTargets(
  source: TargetSource,
  person: TargetPerson,
  overrides: NutrientTargets = {},
): NutrientTargets {
  const { aims, limits } = TABLES[source];
  const targets: NutrientTargets = {};
  const keys = new Set([
    ...Object.keys(aims),
    ...Object.keys(limits),
    ...Object.keys(ENERGY_SHARE_LIMITS),
  ] as NutrientKey[]);
  for (const key of keys) {
    const min = figureFor(aims[key], person);
    const share = ENERGY_SHARE_LIMITS[key];
    const max = share
      ? Math.round((person.goalKcal * share.share) / share.kcalPerGram)
      : figureFor(limits[key], person);
    targets[key] = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  }
  return { ...targets, ...overrides };
}

/**
 * Targets in the list's order, each as { min, max } in that order, and those without a figure
 * left out: a database hands JSON back in its own order, and settings are compared as text.
 */
export function orderedTargets(targets: NutrientTargets | null | undefined): NutrientTargets {
  const ordered: NutrientTargets = {};
  for (const key of nutrientKeys) {
    const target = targets?.[key];
    if (!target || (target.min === undefined && target.max === undefined)) continue;
    ordered[key] = {
      ...(target.min !== undefined && { min: target.min }),
      ...(target.max !== undefined && { max: target.max }),
    };
  }
  return ordered;
}

/** What is wrong with a nutrient's typed target, and which of its two fields are to blame. */
export type TargetRefusal = { code: 'range' | 'order'; sides: Array<'min' | 'max'> };

/**
 * Checks a nutrient's "at least" and "at most" (undefined: left empty; NaN: not a number) against
 * its limit and each other. Only the fields at fault are named: a bad "at least" beside an empty
 * "at most" marks the first alone (issue 48); "at least" past "at most" marks both.
 */
export function targetRefusal(
  min: number | undefined,
  max: number | undefined,
  limit: { min: number; max: number },
): TargetRefusal | null {
  const bad = (value: number | undefined) =>
    value !== undefined && !(Number.isFinite(value) && value >= limit.min && value <= limit.max);
  const sides = (['min', 'max'] as const).filter((side) => bad(side === 'min' ? min : max));
  if (sides.length > 0) return { code: 'range', sides };
  if (min !== undefined && max !== undefined && min > max) return { code: 'order', sides: ['min', 'max'] };
  return null;
}
