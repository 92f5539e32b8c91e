'use client';

import { useEffect, useState } from 'react';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { loadCatalog, loadWholeCatalog } from '@/lib/catalog/load';

/**
 * The catalog to search: the curated foods as soon as they load, then with the whole USDA table
 * once it has come (a first open fetches it; later ones find it kept, app/sw.ts). Empty until
 * the first arrives.
 */
export function useWholeCatalog(): readonly CatalogFood[] {
  const [catalog, setCatalog] = useState<readonly CatalogFood[]>([]);
  useEffect(() => {
    let active = true;
    void loadCatalog().then(
      (curated) => active && setCatalog((shown) => (shown.length > 0 ? shown : curated)),
    );
    void loadWholeCatalog().then((whole) => active && setCatalog(whole));
    return () => {
      active = false;
    };
  }, []);
  return catalog;
}
