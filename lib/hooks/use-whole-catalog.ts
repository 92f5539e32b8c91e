'use client';

import { useEffect, useState } from 'react';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { loadCatalog, loadWholeCatalog } from '@/lib/catalog/load';

/**
 * The catalog to search: the curated foods as soon as they load, then with the whole USDA table
 * once it has come (a first open fetches it; later ones find it kept, app/sw.ts). Empty until
 * the first arrives; `whole` once the table is in.
 */
export function useCatalogState(): { catalog: readonly CatalogFood[]; whole: boolean } {
  const [state, setState] = useState<{ catalog: readonly CatalogFood[]; whole: boolean }>({
    catalog: [],
    whole: false,
  });
  useEffect(() => {
    let active = true;
    void loadCatalog().then(
      (curated) =>
        active &&
        setState((shown) => (shown.catalog.length > 0 ? shown : { catalog: curated, whole: false })),
    );
    void loadWholeCatalog().then((whole) => active && setState({ catalog: whole, whole: true }));
    return () => {
      active = false;
    };
  }, []);
  return state;
}

/** The catalog of {@link useCatalogState}, for a screen that lists it as it grows. */
export function useWholeCatalog(): readonly CatalogFood[] {
  return useCatalogState().catalog;
}
