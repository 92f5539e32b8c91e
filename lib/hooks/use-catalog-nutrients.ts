'use client';

import { useQueries, useQueryClient } from '@tanstack/react-query';
import { catalogNutrients } from '@/lib/catalog/catalog-nutrients';
import type { Nutrients } from '@/lib/diary/nutrients';
import type { FoodRef } from '@/lib/schemas/entry';

/**
 * The nutrients of the catalog foods among `refs`, fetched as they are needed (a food of the
 * library carries its own). `loading` while any is on its way: a form waits for them before it
 * logs, so an entry is not written without figures that were a moment away. `failed` when one
 * could not be fetched (offline before its file was kept): the entry is then logged without.
 */
export function useCatalogNutrients(refs: readonly FoodRef[]) {
  const queryClient = useQueryClient();
  const catalogRefs = [...new Set(refs.filter((ref): ref is string => typeof ref === 'string'))];
  const results = useQueries({ queries: catalogRefs.map(nutrientsQuery) });
  const byRef = new Map<string, Nutrients>();
  catalogRefs.forEach((ref, index) => {
    const data = results[index]?.data;
    if (data) byRef.set(ref, data);
  });
  return {
    nutrientsOf: (ref: FoodRef): Nutrients | undefined =>
      typeof ref === 'string' ? byRef.get(ref) : undefined,
    loading: results.some((result) => result.isPending),
    failed: results.some((result) => result.isError),
    /**
     * The nutrients of `ref` once they are here (the fetch on its way, shared), or undefined when
     * they cannot be had within WAIT_MS: a food logged by keyboard the moment it was picked still
     * gets its figures, and an offline one is not held up.
     */
    whenLoaded: async (ref: FoodRef): Promise<Nutrients | undefined> => {
      if (typeof ref !== 'string') return undefined;
      const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WAIT_MS));
      const fetched = queryClient.fetchQuery(nutrientsQuery(ref)).catch(() => undefined);
      return Promise.race([fetched, timeout]);
    },
  };
}

/** How long a save waits for a catalog food's nutrients before it logs the food without them. */
const WAIT_MS = 5_000;

const nutrientsQuery = (ref: string) => ({
  queryKey: ['catalog-nutrients', ref],
  queryFn: () => catalogNutrients(ref),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: 1,
});
