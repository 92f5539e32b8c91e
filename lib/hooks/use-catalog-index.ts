'use client';

import { useEffect, useState } from 'react';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { builtCatalogIndex, catalogIndexInSlices } from '@/lib/catalog/catalog-index';
import type { SearchDoc, SearchIndex } from '@/lib/diary/search';

/**
 * The search index of `catalog` (the whole catalog, 9,000 foods), built in slices that leave
 * the page free to answer keys and scrolls (issue 55), and kept for the page under `key`. Null
 * while it is built, or while there is no catalog: the caller searches the curated foods then.
 */
export function useCatalogIndexInSlices<T>(
  catalog: readonly CatalogFood[] | null,
  key: string,
  docOf: (food: CatalogFood) => SearchDoc<T>,
): SearchIndex<T> | null {
  // Only to draw again once the index is built: the index itself is kept by catalog-index.ts.
  const [, setBuilt] = useState<SearchIndex<T> | null>(null);
  const ready = catalog ? (builtCatalogIndex<T>(catalog, key) ?? null) : null;
  useEffect(() => {
    if (!catalog || ready) return;
    let active = true;
    void catalogIndexInSlices(catalog, key, docOf).then((index) => active && setBuilt(index));
    return () => {
      active = false;
    };
  }, [catalog, key, docOf, ready]);
  return ready;
}
