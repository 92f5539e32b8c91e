'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { foodOfUsdaRow } from '@/lib/catalog/usda-table';
import { apiRequest } from '@/lib/http/api-client';
import type { Locale } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import { catalogSearchAnswerSchema } from '@/lib/schemas/catalog-search';

const NONE: readonly CatalogFood[] = [];

/**
 * While the USDA table is still on its way (about 270 KB, 2 s on a phone's first visit), the
 * server's copy of the catalog names the table's foods a query needs (GET /api/catalog/search):
 * with them the add dialog answers over the whole catalog within a round trip, ranked as it will
 * be once the table is here (issue 49). Only the words typed are sent; once the table is kept,
 * nothing is, and search works offline. Empty when not `needed`, offline, or on any failure: the
 * curated foods answer meanwhile.
 */
export function useTableBridge(text: string, locale: Locale, needed: boolean): readonly CatalogFood[] {
  const query = text.trim().slice(0, LIMITS.phraseLength.max);
  const { data } = useQuery({
    queryKey: ['catalog-table-rows', locale, query],
    queryFn: async ({ signal }) => {
      const body = await apiRequest(
        'GET',
        `/catalog/search?${new URLSearchParams({ q: query, locale })}`,
        undefined,
        { signal },
      );
      // The schema's rest element is the one Russian name a row may have.
      return catalogSearchAnswerSchema
        .parse(body)
        .rows.map((row) => foodOfUsdaRow(row as Parameters<typeof foodOfUsdaRow>[0]));
    },
    enabled: needed && query !== '',
    staleTime: Infinity,
    retry: false,
    // The last answer stays while the next key's is on its way, so results do not blink.
    placeholderData: keepPreviousData,
  });
  return needed && data ? data : NONE;
}
