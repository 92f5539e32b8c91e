import type { CatalogFood } from './catalog-data';

let catalog: Promise<readonly CatalogFood[]> | null = null;

/** The built-in catalog (about 800 foods), loaded on first use so it never weighs on a page's first load. */
export function loadCatalog(): Promise<readonly CatalogFood[]> {
  catalog ??= import('./catalog-data').then((module) => module.catalogFoods);
  return catalog;
}
