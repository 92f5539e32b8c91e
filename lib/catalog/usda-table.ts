import { LIMITS } from '@/lib/limits';
import type { CatalogFood, CatalogMeasure } from './catalog-data';
import type { CatalogCategory } from './categories';
import { USDA_GROUPS } from './usda-groups';

/**
 * A row of public/catalog/usda/<group>.json (scripts/catalog/extract-usda-table.mjs): NDB
 * number, USDA's description, kcal, protein, fat and carbohydrate per 100 g, alcohol,
 * household measures as [label, grams, our Russian label], and our Russian name when it has one.
 */
type UsdaRow = [
  ndb: string,
  name: string,
  kcal: number,
  protein: number,
  fat: number,
  carbs: number,
  alcohol: number,
  measures: Array<UsdaMeasure>,
  russian?: string,
];

/** A household measure as the extraction script writes it. */
export type UsdaMeasure = [label: string, grams: number, russian: string];

export const measureOfUsda = ([en, grams, ru]: UsdaMeasure): CatalogMeasure => ({ en, ru, grams });

/** The catalog's category for each USDA food group (the first two digits of the NDB number). */
const CATEGORY_OF_GROUP: Record<string, CatalogCategory> = {
  '01': 'dairy',
  '02': 'fats',
  '04': 'fats',
  '05': 'meat',
  '07': 'meat',
  '08': 'grains',
  '09': 'produce',
  '10': 'meat',
  '11': 'produce',
  '12': 'nuts',
  '13': 'meat',
  '14': 'drinks',
  '15': 'fish',
  '16': 'legumes',
  '17': 'meat',
  '18': 'bakery',
  '19': 'sweets',
  '20': 'grains',
  '23': 'meat',
  '25': 'sweets',
  '42': 'sweets',
  '44': 'fats',
  '47': 'drinks',
  '48': 'grains',
  '80': 'meat',
  '83': 'fish',
  '90': 'fish',
  '93': 'meat',
};

/**
 * A food of the whole USDA table as the catalog holds it: named as USDA names it, and in Russian
 * by our name where the row has one (scripts/catalog/usda-ru-names.tsv), else by USDA's.
 */
export function foodOfUsdaRow([
  ndb,
  description,
  kcal,
  protein,
  fat,
  carbs,
  alcohol,
  measures,
  russian,
]: UsdaRow): CatalogFood {
  const group = ndb.slice(0, 2);
  // A few descriptions are longer than a name may be (an entry copies it): cut at a word.
  const max = LIMITS.nameLength.max;
  const name =
    description.length <= max ? description : `${description.slice(0, max - 1).replace(/[\s,]+\S*$/, '')}…`;
  const category = description.startsWith('Egg,') ? 'eggs' : (CATEGORY_OF_GROUP[group] ?? 'dishes');
  return {
    id: `usda-${ndb}`,
    en: name,
    ru: russian ?? name,
    category,
    kcal,
    protein,
    fat,
    carbs,
    ...(alcohol > 0 ? { alcohol } : {}),
    ...(measures.length > 0 ? { measures: measures.map(measureOfUsda) } : {}),
    source: 'usda',
    usda: description,
    ndb,
    table: true,
  };
}

const groupLoads = new Map<string, Promise<CatalogFood[]>>();

/**
 * One food group of the USDA table, fetched by its content hash (app/sw.ts keeps what was
 * fetched, for offline use, until a build changes the group). A group that cannot be fetched
 * (offline before it was ever kept) is empty, and a later call tries again.
 */
export function loadUsdaGroup(group: string): Promise<CatalogFood[]> {
  const hash = USDA_GROUPS.find(([name]) => name === group)?.[1];
  if (hash === undefined) return Promise.resolve([]);
  let load = groupLoads.get(group);
  if (!load) {
    load = fetch(`/catalog/usda/${group}.json?v=${hash}`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`catalog group ${group}: ${response.status}`);
        return ((await response.json()) as UsdaRow[]).map(foodOfUsdaRow);
      })
      .catch(() => {
        groupLoads.delete(group);
        return [];
      });
    groupLoads.set(group, load);
  }
  return load;
}

/** The whole USDA table: a group that cannot be fetched is left out, and search has the rest. */
export async function loadUsdaTable(): Promise<CatalogFood[]> {
  const groups = await Promise.all(USDA_GROUPS.map(([group]) => loadUsdaGroup(group)));
  return groups.flat();
}
