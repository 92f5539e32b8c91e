'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { loadCatalog } from '@/lib/catalog/load';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { useFoods } from '@/lib/data';
import { loggableFromCatalog, loggableFromFood } from '@/lib/diary/loggable';
import type { LoggableFood } from '@/lib/diary/nutrition';
import { SEARCH_BOOST, SearchIndex, type SearchDoc } from '@/lib/diary/search';
import type { Locale } from '@/lib/i18n/config';
import type { FoodRef } from '@/lib/schemas/entry';
import type { Food } from '@/lib/schemas/food';

/** One empty set for callers without recent foods: a new one each render would rebuild the index. */
const NONE_RECENT: ReadonlySet<FoodRef> = new Set();

/** A food search can find: the user's own (`own` set) or the catalog's. */
export type FoundFood = { key: string; food: LoggableFood; own: Food | null };

/**
 * The user's foods and the catalog, ready to search as the add dialog does (lib/diary/search):
 * own foods lifted, favourites more, and those in `recent` most. The catalog loads on first use.
 */
export function useFoodIndex(recent: ReadonlySet<FoodRef> = NONE_RECENT) {
  const tFood = useTranslations('food');
  const locale = useLocale() as Locale;
  const [catalog, setCatalog] = useState<readonly CatalogFood[]>([]);
  const foodsData = useFoods().data;
  const foods = useMemo(() => foodsData ?? [], [foodsData]);

  useEffect(() => {
    void loadCatalog().then(setCatalog);
  }, []);

  const index = useMemo(() => {
    const docs: Array<SearchDoc<FoundFood>> = [];
    for (const food of foods) {
      docs.push({
        item: { key: `own-${food.id}`, food: loggableFromFood(food), own: food },
        name: food.name,
        tags: [food.brand],
        boost: recent.has(food.id)
          ? SEARCH_BOOST.recent
          : food.favorite
            ? SEARCH_BOOST.favourite
            : SEARCH_BOOST.own,
      });
    }
    for (const food of catalog) {
      const item = { key: `cat-${food.id}`, food: loggableFromCatalog(food, locale), own: null };
      docs.push(
        catalogSearchDoc(food, locale, item, {
          tags: [tFood(`categories.${food.category}`)],
          boost: recent.has(`c:${food.id}`) ? SEARCH_BOOST.recent : 0,
        }),
      );
    }
    return new SearchIndex(docs);
  }, [foods, catalog, locale, recent, tFood]);

  return { index, foods, foodsLoaded: foodsData !== undefined, catalog, catalogLoaded: catalog.length > 0 };
}
