'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { useCatalogs } from '@/lib/hooks/use-whole-catalog';
import { useCatalogIndexInSlices } from '@/lib/hooks/use-catalog-index';
import { useTableBridge } from '@/lib/hooks/use-table-bridge';
import { cachedCatalogIndex } from '@/lib/catalog/catalog-index';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { useFoods } from '@/lib/data';
import { loggableFromCatalog, loggableFromFood } from '@/lib/diary/loggable';
import type { LoggableFood } from '@/lib/diary/nutrition';
import { SEARCH_BOOST } from '@/lib/diary/search';
import type { Locale } from '@/lib/i18n/config';
import type { FoodRef } from '@/lib/schemas/entry';
import type { Food } from '@/lib/schemas/food';
import type { CatalogFood } from '@/lib/catalog/catalog-data';

/** One empty set for callers without recent foods: a new one each render would rebuild the index. */
const NONE_RECENT: ReadonlySet<FoodRef> = new Set();

/** A food search can find: the user's own (`own` set) or the catalog's. */
export type FoundFood = { key: string; food: LoggableFood; own: Food | null };

/**
 * The user's foods and the catalog, ready to search as the add dialog does (lib/diary/search):
 * own foods lifted, favourites more, and those in `recent` most. The catalog loads on first use;
 * until its USDA table is in, the table's foods `query` needs come from the server
 * (useTableBridge), and `bridged` says so.
 */
export function useFoodIndex(recent: ReadonlySet<FoodRef> = NONE_RECENT, query = '') {
  const tFood = useTranslations('food');
  const locale = useLocale() as Locale;
  // The dialogs that search foods fetch the table as they open: a search is what they are for.
  const { curated, whole } = useCatalogs(true);
  const foodsData = useFoods().data;
  const foods = useMemo(() => foodsData ?? [], [foodsData]);

  // The catalog's index is kept for the page (lib/catalog/catalog-index.ts); the user's foods
  // are added to it, and the foods logged lately lifted as the search runs.
  const docOf = useCallback(
    (food: CatalogFood) =>
      catalogSearchDoc<FoundFood>(
        food,
        locale,
        { key: `cat-${food.id}`, food: loggableFromCatalog(food, locale), own: null },
        { tags: [tFood(`categories.${food.category}`)] },
      ),
    [locale, tFood],
  );
  // The curated foods' index, small, at once; the whole catalog's built in slices once the table
  // is in (useCatalogIndexInSlices), with the server naming the table's foods a query needs until
  // then (useTableBridge).
  const curatedIndex = useMemo(
    () => cachedCatalogIndex<FoundFood>(curated, `add:${locale}`, docOf),
    [curated, locale, docOf],
  );
  const wholeIndex = useCatalogIndexInSlices<FoundFood>(whole, `add:${locale}`, docOf);
  const catalogFoodsIndex = wholeIndex ?? curatedIndex;
  const catalog = whole ?? curated;
  // Only while the table is on its way (decision 0050): once it is here, nothing is sent.
  const bridge = useTableBridge(query, locale, curated.length > 0 && whole === null);

  const index = useMemo(() => {
    const combined = catalogFoodsIndex.with([
      ...bridge.map(docOf),
      ...foods.map((food) => ({
        item: { key: `own-${food.id}`, food: loggableFromFood(food), own: food },
        name: food.name,
        tags: [food.brand],
        boost: recent.has(food.id)
          ? SEARCH_BOOST.recent
          : food.favorite
            ? SEARCH_BOOST.favourite
            : SEARCH_BOOST.own,
      })),
    ]);
    const boostOf = (found: FoundFood) =>
      found.own === null && recent.has(found.food.ref) ? SEARCH_BOOST.recent : 0;
    return {
      search: (text: string, limit?: number) => combined.search(text, limit, { boostOf }),
      ranked: (text: string, limit?: number) => combined.ranked(text, limit, { boostOf }),
    };
  }, [catalogFoodsIndex, bridge, docOf, foods, recent]);

  return {
    index,
    foods,
    foodsLoaded: foodsData !== undefined,
    catalog,
    catalogLoaded: curated.length > 0,
    /** Answers now hold table foods the server named: the table itself is still on its way. */
    bridged: bridge.length > 0,
    /** The whole catalog is searched, not the curated foods alone (its table is in and indexed). */
    wholeIndexed: wholeIndex !== null,
  };
}
