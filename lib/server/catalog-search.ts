import 'server-only';
import type { z } from 'zod';
import type { usdaRowSchema } from '@/lib/schemas/catalog-search';
import { readPhrase } from '@/lib/diary/phrase-reader';
import type { Locale } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import { serverTableRow } from '@/lib/server/mcp/catalog';
import { catalogIndex } from '@/lib/server/mcp/food-search';

/** Answers of the add dialog searched per query (components/diary/food-search.tsx RESULT_LIMIT). */
const ANSWERS = 50;
/** Foods of a phrase searched at most: a described meal names a handful. */
const PHRASE_FOODS = 20;

/**
 * The rows of the USDA table a browser still fetching it needs to answer `text` as it will once
 * the table is there (issue 49): the table's foods among the best 50 over the whole catalog, for
 * the text and for each food its phrase names ("2 slices of bread" searches "bread"). With its
 * curated foods and these, the browser's ranking of the first 50 is the whole catalog's.
 */
export async function tableRowsFor(text: string, locale: Locale) {
  const index = await catalogIndex(locale);
  const queries = new Set([text.slice(0, LIMITS.nameLength.max)]);
  for (const item of readPhrase(text).slice(0, PHRASE_FOODS)) if (item.food) queries.add(item.food);
  const slugs = new Set<string>();
  for (const query of queries)
    for (const food of index.search(query, ANSWERS))
      if (typeof food.ref === 'string' && food.ref.startsWith('c:usda-')) slugs.add(food.ref.slice(2));
  const rows = await Promise.all([...slugs].map(serverTableRow));
  // Rows as read from the table's JSON: a Russian name is there or not, never undefined.
  return rows.filter((row) => row !== undefined) as Array<z.infer<typeof usdaRowSchema>>;
}
