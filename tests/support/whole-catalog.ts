import { catalogFoods, type CatalogFood } from '@/lib/catalog/catalog-data';
import curatedMeasures from '@/lib/catalog/curated-measures.json';
import { withMeasures } from '@/lib/catalog/load';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import type { UsdaMeasure } from '@/lib/catalog/usda-table';
import { loggableFromCatalog } from '@/lib/diary/loggable';
import { matchPhrase } from '@/lib/diary/phrase-match';
import { SearchIndex } from '@/lib/diary/search';
import type { Locale } from '@/lib/i18n/config';
import { usdaTableFoods } from './usda-table';

/** The curated foods with their household measures, as loadCatalog() gives them. */
export const curatedFoods: readonly CatalogFood[] = withMeasures(
  catalogFoods,
  curatedMeasures as unknown as Partial<Record<string, UsdaMeasure[]>>,
);

/** The whole catalog the add dialog searches, as loadWholeCatalog() gives it. */
export const wholeCatalog: readonly CatalogFood[] = [...curatedFoods, ...usdaTableFoods];

const indexes = new Map<Locale, SearchIndex<CatalogFood>>();

/** The whole catalog's search index in `locale`, as the add dialog ranks it (built once per test file). */
export function catalogIndex(locale: Locale): SearchIndex<CatalogFood> {
  let index = indexes.get(locale);
  if (!index)
    indexes.set(
      locale,
      (index = new SearchIndex(wholeCatalog.map((food) => catalogSearchDoc(food, locale, food)))),
    );
  return index;
}

/** `text` read against the whole catalog in `locale`, as the add dialog reads it. */
export function readAgainstCatalog(text: string, locale: Locale) {
  const index = catalogIndex(locale);
  return matchPhrase(
    text,
    (words, limit) => index.ranked(words, limit),
    (food) => loggableFromCatalog(food, locale),
    locale,
  );
}
