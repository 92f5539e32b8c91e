import { LIMITS } from '@/lib/limits';

/**
 * The nutrients beyond energy and macros a food, an entry and a day may know. Every layer (the
 * schemas, the guest codec, the server, the importers, the panel) takes the list from here.
 *
 * A food's nutrients are per 100 g and sparse: a nutrient it does not know is absent, never 0.
 * Amounts are in the nutrient's unit (g, mg or µg), as food tables print them.
 */
export const NUTRIENT_UNITS = ['g', 'mg', 'µg'] as const;
export type NutrientUnit = (typeof NUTRIENT_UNITS)[number];

type NutrientDefinition = {
  readonly unit: NutrientUnit;
  /** The panel's group: what sits under carbohydrate and fat, minerals, vitamins. */
  readonly group: 'carbs' | 'fat' | 'minerals' | 'vitamins';
  /** Decimals a figure per 100 g keeps, enough for the smallest amounts food tables print. */
  readonly decimals: number;
};

/** In the order the panel lists them: a label's order, then minerals, then vitamins. */
export const NUTRIENTS = {
  fibre: { unit: 'g', group: 'carbs', decimals: 2 },
  sugars: { unit: 'g', group: 'carbs', decimals: 2 },
  addedSugars: { unit: 'g', group: 'carbs', decimals: 2 },
  saturatedFat: { unit: 'g', group: 'fat', decimals: 3 },
  cholesterol: { unit: 'mg', group: 'fat', decimals: 1 },
  sodium: { unit: 'mg', group: 'minerals', decimals: 1 },
  potassium: { unit: 'mg', group: 'minerals', decimals: 1 },
  calcium: { unit: 'mg', group: 'minerals', decimals: 1 },
  iron: { unit: 'mg', group: 'minerals', decimals: 3 },
  magnesium: { unit: 'mg', group: 'minerals', decimals: 1 },
  zinc: { unit: 'mg', group: 'minerals', decimals: 3 },
  vitaminA: { unit: 'µg', group: 'vitamins', decimals: 1 },
  vitaminC: { unit: 'mg', group: 'vitamins', decimals: 2 },
  vitaminD: { unit: 'µg', group: 'vitamins', decimals: 2 },
  vitaminE: { unit: 'mg', group: 'vitamins', decimals: 3 },
  vitaminK: { unit: 'µg', group: 'vitamins', decimals: 2 },
  thiamin: { unit: 'mg', group: 'vitamins', decimals: 3 },
  riboflavin: { unit: 'mg', group: 'vitamins', decimals: 3 },
  niacin: { unit: 'mg', group: 'vitamins', decimals: 3 },
  vitaminB6: { unit: 'mg', group: 'vitamins', decimals: 3 },
  folate: { unit: 'µg', group: 'vitamins', decimals: 1 },
  vitaminB12: { unit: 'µg', group: 'vitamins', decimals: 3 },
} as const satisfies Record<string, NutrientDefinition>;

export type NutrientKey = keyof typeof NUTRIENTS;
export const nutrientKeys = Object.keys(NUTRIENTS) as NutrientKey[];

/** What a food or an entry knows, by nutrient; a nutrient it does not know is absent. */
export type Nutrients = Partial<Record<NutrientKey, number>>;

/** How many of a unit make a gram. */
export const PER_GRAM: Record<NutrientUnit, number> = { g: 1, mg: 1_000, µg: 1_000_000 };

/**
 * Table salt is 39.34 % sodium by weight (NaCl: 22.99 / 58.44), the factor EU labels use in
 * reverse (salt = sodium × 2.5 is Regulation 1169/2011's rounding of it).
 */
export const SODIUM_PER_SALT = 22.98977 / 58.44277;
/** The salt a label prints, in grams, as the sodium the diary keeps, in mg. */
export const sodiumMgOfSaltG = (salt: number) => salt * 1_000 * SODIUM_PER_SALT;
/** Sodium in mg as grams of salt, as EU and Russian labels print it. */
export const saltGOfSodiumMg = (sodium: number) => sodium / 1_000 / SODIUM_PER_SALT;

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

/** A nutrient's figure as stored: to the decimals its definition keeps. */
export const roundNutrient = (key: NutrientKey, value: number) => roundTo(value, NUTRIENTS[key].decimals);

/** The figures scaled by `factor` (100 g to a serving, a serving to 100 g), rounded as stored. */
export function scaleNutrients(nutrients: Nutrients, factor: number): Nutrients {
  const scaled: Nutrients = {};
  for (const key of nutrientKeys) {
    const value = nutrients[key];
    if (value !== undefined) scaled[key] = roundNutrient(key, value * factor);
  }
  return scaled;
}

/** True when the food knows no nutrient at all. */
export const knowsNone = (nutrients: Nutrients | undefined) =>
  !nutrients || nutrientKeys.every((key) => nutrients[key] === undefined);

/**
 * The nutrients of a mix (a recipe, a saved meal) per 100 g of its `total` grams: a nutrient is
 * known only when every part that weighs something knows it, since a sum missing a part would
 * read as the whole.
 */
export function mixNutrients(
  parts: ReadonlyArray<{ grams: number; nutrients?: Nutrients }>,
  total: number,
): Nutrients {
  const weighed = parts.filter((part) => part.grams > 0);
  const mixed: Nutrients = {};
  if (weighed.length === 0 || total <= 0) return mixed;
  for (const key of nutrientKeys) {
    let sum = 0;
    let known = true;
    for (const part of weighed) {
      const value = part.nutrients?.[key];
      if (value === undefined) {
        known = false;
        break;
      }
      sum += (value * part.grams) / 100;
    }
    if (known) mixed[key] = roundNutrient(key, (sum * 100) / total);
  }
  return mixed;
}

/** One nutrient of a day or a period: the sum of what is known, and how many entries knew it. */
export type NutrientTotal = { amount: number; known: number; of: number };
export type NutrientTotals = Record<NutrientKey, NutrientTotal>;

/** Every nutrient at nothing known of no entries: the start of a sum. */
export function emptyNutrientTotals(): NutrientTotals {
  return Object.fromEntries(
    nutrientKeys.map((key) => [key, { amount: 0, known: 0, of: 0 }]),
  ) as NutrientTotals;
}

/**
 * The sums of what entries ate (nutrients per entry, as `nutrientsEaten` gives them): each
 * nutrient with the count of entries that knew it, so a total can say it misses some.
 */
export function sumNutrients(eaten: ReadonlyArray<Nutrients | null>): NutrientTotals {
  const totals = emptyNutrientTotals();
  for (const nutrients of eaten) {
    for (const key of nutrientKeys) {
      const total = totals[key];
      total.of += 1;
      const value = nutrients?.[key];
      if (value !== undefined) {
        total.amount += value;
        total.known += 1;
      }
    }
  }
  return totals;
}

/**
 * A nutrient's range in its own unit (LIMITS.nutrientGramsPer100g and entryNutrientGrams): per
 * 100 g of a food, or for a whole quick add. Vitamin C per 100 g: 0 to 100,000 mg.
 */
export function nutrientLimit(key: NutrientKey, basis: 'per100g' | 'whole'): { min: number; max: number } {
  const grams = basis === 'per100g' ? LIMITS.nutrientGramsPer100g : LIMITS.entryNutrientGrams;
  const factor = PER_GRAM[NUTRIENTS[key].unit];
  return { min: grams.min * factor, max: grams.max * factor };
}

/**
 * The nutrients past their per-100 g limit: an entry that weighs something holds its food's
 * figures per 100 g, so these must be none. The one statement of that rule, checked by the
 * entry schema and by the guest's stored entries alike.
 */
export function nutrientsPastPer100g(nutrients: Nutrients): NutrientKey[] {
  const past: NutrientKey[] = [];
  for (const key of nutrientKeys) {
    const value = nutrients[key];
    if (value !== undefined && value > nutrientLimit(key, 'per100g').max) past.push(key);
  }
  return past;
}

/** Whether two sets of figures say the same: each nutrient known to both alike, or to neither. */
export function sameNutrients(a: Nutrients | undefined, b: Nutrients | undefined): boolean {
  return nutrientKeys.every((key) => a?.[key] === b?.[key]);
}

/**
 * The figures known, in the list's order (a database hands a JSON object back in its own key
 * order); undefined when none is known, as a food or an entry leaves the field out then.
 */
export function knownNutrients(nutrients: Nutrients | null | undefined): Nutrients | undefined {
  if (!nutrients) return undefined;
  const known: Nutrients = {};
  let any = false;
  for (const key of nutrientKeys) {
    const value = nutrients[key];
    if (value !== undefined) {
      known[key] = value;
      any = true;
    }
  }
  return any ? known : undefined;
}

/** `{ nutrients }` of what is known, or nothing: spread into a food or an entry. */
export function withKnown(nutrients: Nutrients | null | undefined): { nutrients?: Nutrients } {
  const known = knownNutrients(nutrients);
  return known ? { nutrients: known } : {};
}

/**
 * Figures as a list in the order of NUTRIENTS, null for unknown, without trailing nulls: the
 * compact form the guest's storage and the catalog's files keep.
 */
export function nutrientList(nutrients: Nutrients): Array<number | null> {
  const values = nutrientKeys.map((key) => nutrients[key] ?? null);
  while (values.length > 0 && values.at(-1) === null) values.pop();
  return values;
}

/**
 * The figures of such a list, checked by hand (it is read for every entry of years of days):
 * every value a number within a quick add's limit, the larger (an entry that weighs checks per
 * 100 g on its own); undefined when it is not such a list.
 */
export function nutrientsOfList(values: unknown): Nutrients | undefined {
  if (!Array.isArray(values) || values.length > nutrientKeys.length) return undefined;
  const nutrients: Nutrients = {};
  for (let index = 0; index < values.length; index++) {
    const value: unknown = values[index];
    if (value === null) continue;
    const key = nutrientKeys[index]!;
    const limit = nutrientLimit(key, 'whole');
    if (typeof value !== 'number' || !(value >= limit.min && value <= limit.max)) return undefined;
    nutrients[key] = value;
  }
  return nutrients;
}

/**
 * The figures that fit their limits (per 100 g, or for a whole entry), rounded as stored: what
 * an import keeps of another app's figures, leaving out (as unknown) what no food can hold.
 */
export function nutrientsWithin(nutrients: Nutrients | undefined, basis: 'per100g' | 'whole'): Nutrients {
  const within: Nutrients = {};
  for (const key of nutrientKeys) {
    const value = nutrients?.[key];
    if (value === undefined || !Number.isFinite(value)) continue;
    const rounded = roundNutrient(key, value);
    const limit = nutrientLimit(key, basis);
    if (rounded >= limit.min && rounded <= limit.max) within[key] = rounded;
  }
  return within;
}
