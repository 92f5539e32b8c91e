import type { CatalogFood } from './catalog-data';
import { loadUsdaGroup, loadUsdaTable, measureOfUsda, type UsdaMeasure } from './usda-table';

let catalog: Promise<readonly CatalogFood[]> | null = null;
let wholeCatalog: Promise<readonly CatalogFood[]> | null = null;

/** The curated catalog (about 800 foods), loaded on first use so it never weighs on a page's first load. */
export function loadCatalog(): Promise<readonly CatalogFood[]> {
  catalog ??= Promise.all([import('./catalog-data'), import('./curated-measures.json')]).then(
    // JSON's inferred type knows no tuples: the file is the extraction script's, rows of UsdaMeasure.
    ([{ catalogFoods }, { default: measures }]) =>
      withMeasures(catalogFoods, measures as unknown as Partial<Record<string, UsdaMeasure[]>>),
  );
  return catalog;
}

/** The curated foods, each with the household measures of the USDA row it cites. */
export function withMeasures(
  foods: readonly CatalogFood[],
  measures: Partial<Record<string, UsdaMeasure[]>>,
): CatalogFood[] {
  return foods.map((food) => {
    const own = measures[food.id];
    return own ? { ...food, measures: own.map(measureOfUsda) } : food;
  });
}

/**
 * The curated catalog and then the whole USDA table (about 8,200 more foods), for search: loaded
 * when the add dialog or the library first needs it.
 */
export function loadWholeCatalog(): Promise<readonly CatalogFood[]> {
  wholeCatalog ??= Promise.all([loadCatalog(), loadUsdaTable()]).then(([curated, table]) => [
    ...curated,
    ...table,
  ]);
  return wholeCatalog;
}

/** Catalog foods by slug, as their parts of the catalog have loaded. */
const bySlug = new Map<string, CatalogFood>();

/** The catalog food of `slug` if its part of the catalog has loaded already; else undefined. */
export function loadedCatalogFood(slug: string): CatalogFood | undefined {
  return bySlug.get(slug);
}

/**
 * The catalog food of `slug`, loading only its part of the catalog: the curated list, or the one
 * USDA group a table food (`usda-<ndb>`) belongs to. Undefined for a slug the catalog lacks.
 */
export async function catalogFoodOf(slug: string): Promise<CatalogFood | undefined> {
  const table = /^usda-(\d{2})\d{3}$/.exec(slug);
  const foods = table ? await loadUsdaGroup(table[1]!) : await loadCatalog();
  for (const food of foods) bySlug.set(food.id, food);
  return bySlug.get(slug);
}
