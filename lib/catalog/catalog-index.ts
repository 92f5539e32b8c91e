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
