import { inRange, LIMITS } from '@/lib/limits';
import {
  NUTRIENTS,
  nutrientKeys,
  nutrientLimit,
  PER_GRAM,
  roundNutrient,
  sodiumMgOfSaltG,
  withKnown,
  type NutrientKey,
  type Nutrients,
} from '@/lib/diary/nutrients';
import type { Locale } from '@/lib/i18n/config';
import { round1 } from '@/lib/diary/round';
import { PRODUCT_SOURCE, type Product } from '@/lib/schemas/product';

/**
 * Open Food Facts' product answers, read without trusting them: the v2 product API
 * (`GET /api/v2/product/{barcode}?fields=...`) is community data, so every field may be missing,
 * a string where a number is expected, empty, or absurd. Pure functions, shared by the server
 * (lib/server/open-food-facts.ts) and the tests.
 */

/** The product fields this app reads; the request asks for these and nothing else. */
export const OFF_NAME_FIELDS = [
  'product_name',
  'product_name_en',
  'product_name_ru',
  'generic_name',
  'generic_name_en',
  'generic_name_ru',
] as const;
const OFF_TEXT_FIELDS = [
  ...OFF_NAME_FIELDS,
  'brands',
  'serving_size',
  'serving_quantity_unit',
  'nutrition_data_per',
] as const;
/**
 * Open Food Facts' field of each nutrient of lib/diary/nutrients.ts, per 100 g and always in
 * grams whatever the label printed (its "nutriments" are normalised so); vitamin B3 is "pp".
 */
const OFF_NUTRIENT_FIELDS = {
  fibre: 'fiber_100g',
  sugars: 'sugars_100g',
  addedSugars: 'added-sugars_100g',
  saturatedFat: 'saturated-fat_100g',
  cholesterol: 'cholesterol_100g',
  sodium: 'sodium_100g',
  potassium: 'potassium_100g',
  calcium: 'calcium_100g',
  iron: 'iron_100g',
  magnesium: 'magnesium_100g',
  zinc: 'zinc_100g',
  vitaminA: 'vitamin-a_100g',
  vitaminC: 'vitamin-c_100g',
  vitaminD: 'vitamin-d_100g',
  vitaminE: 'vitamin-e_100g',
  vitaminK: 'vitamin-k_100g',
  thiamin: 'vitamin-b1_100g',
  riboflavin: 'vitamin-b2_100g',
  niacin: 'vitamin-pp_100g',
  vitaminB6: 'vitamin-b6_100g',
  folate: 'vitamin-b9_100g',
  vitaminB12: 'vitamin-b12_100g',
} as const satisfies Record<NutrientKey, string>;

type OffNutriment =
  | 'energy-kcal_100g'
  | 'energy-kj_100g'
  | 'energy_100g'
  | 'proteins_100g'
  | 'fat_100g'
  | 'carbohydrates_100g'
  | 'salt_100g'
  | (typeof OFF_NUTRIENT_FIELDS)[NutrientKey];
export const OFF_NUTRIMENTS: readonly OffNutriment[] = [
  'energy-kcal_100g',
  'energy-kj_100g',
  'energy_100g',
  'proteins_100g',
  'fat_100g',
  'carbohydrates_100g',
  'salt_100g',
  ...Object.values(OFF_NUTRIENT_FIELDS),
];
export const OFF_FIELDS = ['code', ...OFF_TEXT_FIELDS, 'serving_quantity', 'nutriments'] as const;

type OffText = (typeof OFF_TEXT_FIELDS)[number];

/**
 * What the cache keeps of a product: the fields above, texts as texts (at most 500 characters)
 * and figures as finite numbers, nothing else. Open Food Facts sends numbers as strings at times
 * ("11.9"); those are read here once.
 */
export type OffProduct = Partial<Record<OffText, string>> & {
  serving_quantity?: number;
  nutriments: Partial<Record<OffNutriment, number>>;
};

export type OffAnswer =
  { kind: 'found'; product: OffProduct } | { kind: 'not_found' } | { kind: 'malformed' };

const MAX_TEXT = 500;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cleaned = value
    .replace(/\u0000/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? undefined : cleaned.slice(0, MAX_TEXT);
}

function number(value: unknown): number | undefined {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?\d+(?:[.,]\d+)?\s*$/.test(value)
        ? Number(value.replace(',', '.'))
        : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The fields this app reads of one product object, or null when it is not an object. */
export function trimOffProduct(value: unknown): OffProduct | null {
  const product = record(value);
  if (!product) return null;
  const trimmed: OffProduct = { nutriments: {} };
  for (const field of OFF_TEXT_FIELDS) {
    const read = text(product[field]);
    if (read !== undefined) trimmed[field] = read;
  }
  const servingQuantity = number(product.serving_quantity);
  if (servingQuantity !== undefined) trimmed.serving_quantity = servingQuantity;
  const nutriments = record(product.nutriments) ?? {};
  for (const field of OFF_NUTRIMENTS) {
    const read = number(nutriments[field]);
    if (read !== undefined) trimmed.nutriments[field] = read;
  }
  return trimmed;
}

/**
 * Reads the body of a v2 product answer: `status` 1 with a product object is found, `status` 0
 * is Open Food Facts saying it does not know the barcode, and anything else is malformed (never
 * taken as "not found", which would be cached).
 */
export function readOffAnswer(body: unknown): OffAnswer {
  const answer = record(body);
  if (!answer) return { kind: 'malformed' };
  const status = answer.status;
  if (status === 0 || status === '0') return { kind: 'not_found' };
  if (status !== 1 && status !== '1') return { kind: 'malformed' };
  const product = trimOffProduct(answer.product);
  return product ? { kind: 'found', product } : { kind: 'malformed' };
}

/** kcal in one kJ: the thermochemical calorie, as food labels use it. */
export const KJ_PER_KCAL = 4.184;

/**
 * The per-100 g figures: kcal as given, else from kJ (rounded to whole kcal); each macro as given.
 * A figure no food can have (negative, above the limits of lib/limits.ts, or macros that add up
 * to more than 100 g in 100 g) is refused, not clamped: it becomes null and the user types it,
 * rather than a wrong figure being logged without anyone noticing.
 */
export function offFigures(product: OffProduct): Pick<Product, 'kcal' | 'protein' | 'fat' | 'carbs'> {
  const nutriments = product.nutriments;
  const within = (value: number | null, limit: { min: number; max: number }) =>
    value !== null && value >= limit.min && value <= limit.max ? value : null;
  const kilojoules = nutriments['energy-kj_100g'] ?? nutriments.energy_100g;
  const kcal =
    nutriments['energy-kcal_100g'] !== undefined
      ? round1(nutriments['energy-kcal_100g'])
      : kilojoules !== undefined
        ? Math.round(kilojoules / KJ_PER_KCAL)
        : null;
  const macro = (field: OffNutriment) => {
    const value = nutriments[field];
    return within(value === undefined ? null : round1(value), LIMITS.foodMacro);
  };
  let protein = macro('proteins_100g');
  let fat = macro('fat_100g');
  let carbs = macro('carbohydrates_100g');
  if ((protein ?? 0) + (fat ?? 0) + (carbs ?? 0) > 100.05) protein = fat = carbs = null;
  return { kcal: within(kcal, LIMITS.foodKcal), protein, fat, carbs };
}

/**
 * The nutrients per 100 g, each converted from grams to its unit; sodium from salt (÷ 2.54)
 * when only salt is given, as European labels print it. A figure past its limit is left out
 * (unknown) rather than clamped, as offFigures does with the macros.
 */
export function offNutrients(product: OffProduct): Nutrients {
  const nutrients: Nutrients = {};
  for (const key of nutrientKeys) {
    const grams =
      product.nutriments[OFF_NUTRIENT_FIELDS[key]] ??
      (key === 'sodium' && product.nutriments.salt_100g !== undefined
        ? sodiumMgOfSaltG(product.nutriments.salt_100g) / 1_000
        : undefined);
    if (grams === undefined) continue;
    const value = roundNutrient(key, grams * PER_GRAM[NUTRIENTS[key].unit]);
    if (inRange(value, nutrientLimit(key, 'per100g'))) nutrients[key] = value;
  }
  return nutrients;
}

/** Cuts a text to `max` UTF-16 code units without leaving half of a surrogate pair. */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const head = value.slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head).trim();
}

/** The name in the user's language: product_name_{lang}, product_name, then the generic names. */
export function offName(product: OffProduct, lang: Locale): string | null {
  const name =
    product[`product_name_${lang}`] ??
    product.product_name ??
    product[`generic_name_${lang}`] ??
    product.generic_name;
  return name ? cut(name, LIMITS.nameLength.max) : null;
}

/** The first of the comma-separated brands. */
export function offBrand(product: OffProduct): string | null {
  const first = product.brands?.split(',')[0]?.trim();
  return first ? cut(first, LIMITS.brandLength.max) : null;
}

// "1 BAR (28 g)": the quantity in brackets repeats the grams the serving option shows anyway.
const BRACKETED_QUANTITY = /\s*\(\s*[\d.,]+\s*(?:g|gr|ml|cl|dl|l|oz|г|мл)\.?\s*\)\s*$/i;
// "50 g", "20 cl", "930 ml": a label that is only a quantity says nothing the grams do not.
const ONLY_QUANTITY = /^[\d.,]+\s*(?:g|gr|ml|cl|dl|l|oz|г|мл)\.?$/i;

/** "1 serving" in each language, for a serving Open Food Facts names only by its weight. */
export const SERVING_WORD: Record<Locale, string> = { en: '1 serving', ru: '1 порция' };

/**
 * The serving: its grams from serving_quantity (Open Food Facts' figure in g, or in ml for a
 * liquid, taken as grams), labelled with serving_size without a repeated quantity. None when the
 * quantity is missing, in another unit, or outside LIMITS.servingGrams.
 */
export function offServing(product: OffProduct, lang: Locale): Product['serving'] {
  const grams = product.serving_quantity;
  const unit = product.serving_quantity_unit?.toLowerCase();
  if (grams === undefined || (unit !== undefined && unit !== 'g' && unit !== 'ml')) return null;
  if (grams < LIMITS.servingGrams.min || grams > LIMITS.servingGrams.max) return null;
  const written = product.serving_size?.replace(BRACKETED_QUANTITY, '').trim();
  const label =
    written && !ONLY_QUANTITY.test(written)
      ? cut(written, LIMITS.servingLabelLength.max)
      : SERVING_WORD[lang];
  return { label, grams: round1(grams) };
}

/** The lookup's answer for one product, in the user's language. */
export function productFromOff(barcode: string, product: OffProduct, lang: Locale): Product {
  return {
    barcode,
    name: offName(product, lang),
    brand: offBrand(product),
    ...offFigures(product),
    ...withKnown(offNutrients(product)),
    serving: offServing(product, lang),
    source: PRODUCT_SOURCE,
  };
}

/** True when every figure is there, so the food can be saved as it is. */
export function hasAllFigures(
  product: Pick<Product, 'name' | 'kcal' | 'protein' | 'fat' | 'carbs'>,
): product is Product & { name: string; kcal: number; protein: number; fat: number; carbs: number } {
  return (
    product.name !== null &&
    product.kcal !== null &&
    product.protein !== null &&
    product.fat !== null &&
    product.carbs !== null
  );
}
