import type { SearchDoc } from '@/lib/diary/search';
import { SearchIndex } from '@/lib/diary/search';
import type { CatalogFood } from './catalog-data';

/**
 * Each catalog's search index, by the purpose it serves and its language, built once per page:
 * the whole catalog is about 9,000 foods, whose index took a third of a second to build on a
 * phone's CPU at every open of the add dialog. A catalog is a list loadCatalog() or
 * loadWholeCatalog() gave (lib/catalog/load.ts), the same for the life of the page.
 */
const built = new WeakMap<readonly CatalogFood[], Map<string, SearchIndex<unknown>>>();

export function cachedCatalogIndex<T>(
  catalog: readonly CatalogFood[],
  key: string,
  docOf: (food: CatalogFood) => SearchDoc<T>,
): SearchIndex<T> {
  let indexes = built.get(catalog);
  if (!indexes) built.set(catalog, (indexes = new Map()));
  let index = indexes.get(key) as SearchIndex<T> | undefined;
  if (!index) indexes.set(key, (index = new SearchIndex(catalog.map(docOf))));
  return index;
}

/** The index {@link cachedCatalogIndex} keeps for `catalog` and `key`, if built already; else undefined. */
export function builtCatalogIndex<T>(
  catalog: readonly CatalogFood[],
  key: string,
): SearchIndex<T> | undefined {
  return built.get(catalog)?.get(key) as SearchIndex<T> | undefined;
}

const building = new WeakMap<readonly CatalogFood[], Map<string, Promise<SearchIndex<unknown>>>>();

/**
 * The index {@link cachedCatalogIndex} keeps, built in slices that yield to the page
 * (SearchIndex.build): for the whole catalog, whose index as one task held a phone's main thread
 * for half a second. The same promise for the life of the page; a later synchronous call of
 * cachedCatalogIndex finds the index built.
 */
export function catalogIndexInSlices<T>(
  catalog: readonly CatalogFood[],
  key: string,
  docOf: (food: CatalogFood) => SearchDoc<T>,
): Promise<SearchIndex<T>> {
  const done = built.get(catalog)?.get(key) as SearchIndex<T> | undefined;
  if (done) return Promise.resolve(done);
  let pending = building.get(catalog);
  if (!pending) building.set(catalog, (pending = new Map()));
  let promise = pending.get(key) as Promise<SearchIndex<T>> | undefined;
  if (!promise) {
    promise = SearchIndex.build(catalog.map(docOf)).then((index) => {
      let indexes = built.get(catalog);
      if (!indexes) built.set(catalog, (indexes = new Map()));
      indexes.set(key, index);
      return index;
    });
    pending.set(key, promise);
  }
  return promise;
}
