'use client';

import { useEffect, useState } from 'react';
import type { CatalogCategory } from '@/lib/catalog/categories';
import { catalogFoodOf } from '@/lib/catalog/load';

const NONE: ReadonlyMap<string, CatalogCategory> = new Map();

/**
 * The categories of these catalog foods (by slug), loading only the parts of the catalog they
 * are in; null until they are known. A food whose part fails to load (offline before it was
 * kept) or that the catalog lacks is left out, so its category reads as not known.
 */
export function useCatalogCategories(slugs: readonly string[]): ReadonlyMap<string, CatalogCategory> | null {
  // One text for the list, so a new array of the same slugs loads nothing again.
  const key = slugs.join(' ');
  const [loaded, setLoaded] = useState<{ key: string; categories: ReadonlyMap<string, CatalogCategory> }>({
    key: '',
    categories: NONE,
  });
  useEffect(() => {
    if (key === '') return;
    let active = true;
    void Promise.all(key.split(' ').map((slug) => catalogFoodOf(slug).catch(() => undefined))).then(
      (foods) => {
        const categories = new Map<string, CatalogCategory>();
        for (const food of foods) if (food) categories.set(food.id, food.category);
        if (active) setLoaded({ key, categories });
      },
    );
    return () => {
      active = false;
    };
  }, [key]);
  return loaded.key === key ? loaded.categories : null;
}
