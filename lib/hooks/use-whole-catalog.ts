'use client';

import { useEffect, useState } from 'react';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { loadCatalog, loadWholeCatalog } from '@/lib/catalog/load';
import { USDA_GROUPS } from '@/lib/catalog/usda-groups';

/** How many foods the whole catalog holds beside the curated ones, known before the table loads. */
export const TABLE_FOODS = USDA_GROUPS.reduce((sum, [, , foods]) => sum + foods, 0);

/**
 * The catalog: the curated foods as soon as they load (empty until then), and the curated foods
 * with the whole USDA table (about 270 KB on a first visit; kept by the service worker, app/sw.ts)
 * once `wantTable` has been true: a page fetches the table only when the user searches it
 * (issue 55). Null until the table is in.
 */
export function useCatalogs(wantTable: boolean): {
  curated: readonly CatalogFood[];
  whole: readonly CatalogFood[] | null;
} {
  const [curated, setCurated] = useState<readonly CatalogFood[]>([]);
  const [whole, setWhole] = useState<readonly CatalogFood[] | null>(null);
  useEffect(() => {
    let active = true;
    void loadCatalog().then((foods) => active && setCurated(foods));
    return () => {
      active = false;
    };
  }, []);
  useEffect(() => {
    if (!wantTable) return;
    let active = true;
    void loadWholeCatalog().then((foods) => active && setWhole(foods));
    return () => {
      active = false;
    };
  }, [wantTable]);
  return { curated, whole };
}
