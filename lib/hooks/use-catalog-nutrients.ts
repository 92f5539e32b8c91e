'use client';

import { useQueries } from '@tanstack/react-query';
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
  const catalogRefs = [...new Set(refs.filter((ref): ref is string => typeof ref === 'string'))];
  const results = useQueries({
    queries: catalogRefs.map((ref) => ({
      queryKey: ['catalog-nutrients', ref],
      queryFn: () => catalogNutrients(ref),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: 1,
    })),
  });
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
  };
}
