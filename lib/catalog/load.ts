import type { CatalogFood } from './catalog-data';

let catalog: Promise<readonly CatalogFood[]> | null = null;
let wholeCatalog: Promise<readonly CatalogFood[]> | null = null;

/** The curated catalog (about 800 foods), loaded on first use so it never weighs on a page's first load. */
export function loadCatalog(): Promise<readonly CatalogFood[]> {
  catalog ??= import('./catalog-data').then((module) => module.catalogFoods);
  return catalog;
}

/**
 * The curated catalog and then the whole USDA table (about 8,200 more foods), for search: loaded
 * when the add dialog or the library first needs it.
 */
export function loadWholeCatalog(): Promise<readonly CatalogFood[]> {
  wholeCatalog ??= Promise.all([
    loadCatalog(),
    import('./usda-table').then((module) => module.loadUsdaTable()),
  ]).then(([curated, table]) => [...curated, ...table]);
  return wholeCatalog;
}
