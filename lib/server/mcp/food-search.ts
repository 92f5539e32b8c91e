import 'server-only';
import { catalogIndexInSlices } from '@/lib/catalog/catalog-index';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { loggableFromCatalog, loggableFromFood } from '@/lib/diary/loggable';
import type { LoggableFood } from '@/lib/diary/nutrition';
import { foodWordsOf } from '@/lib/diary/phrase-match';
import { SEARCH_BOOST, type SearchIndex } from '@/lib/diary/search';
import type { Locale } from '@/lib/i18n/config';
import type { Food } from '@/lib/schemas/food';
import { serverCatalog } from './catalog';

/**
 * A saved meal logs as its items, one entry each (components/diary/food-search.tsx), which
 * log_food does not do: search leaves them out rather than offer what cannot be logged.
 */
export const isSavedMeal = (food: Food) => food.recipe?.kind === 'meal';

/**
 * The user's foods and the whole catalog as one index, searched as the add dialog searches them
 * (lib/hooks/use-food-index.ts): the catalog's index built once per process and language, the
 * user's foods added to it and lifted above the catalog's, favourites more; saved meals left out.
 * The catalog's categories, which the dialog also matches in the language of its screen, are not
 * among the words here. search_foods, log_meal and POST /api/parse all search this one.
 */
export async function foodIndex(foods: readonly Food[], locale: Locale): Promise<SearchIndex<LoggableFood>> {
  return (await catalogIndex(locale)).with(
    foods
      .filter((food) => !isSavedMeal(food))
      .map((food) => ({
        item: loggableFromFood(food),
        name: food.name,
        tags: [food.brand],
        boost: food.favorite ? SEARCH_BOOST.favourite : SEARCH_BOOST.own,
      })),
  );
}

/**
 * The whole catalog's index in `locale`, built once per process, in slices that leave the event
 * loop free between them: built as one task it held every request for a second at start
 * (/api/ready past Kubernetes' 1 s probe timeout while the server built it ahead, startup.ts).
 */
export async function catalogIndex(locale: Locale): Promise<SearchIndex<LoggableFood>> {
  const catalog = await serverCatalog();
  return catalogIndexInSlices<LoggableFood>(catalog, `mcp:${locale}`, (food) =>
    catalogSearchDoc(food, locale, loggableFromCatalog(food, locale)),
  );
}

/** The best `limit` foods of {@link foodIndex} for `query`. */
export async function searchFoods(
  foods: readonly Food[],
  locale: Locale,
  query: string,
  limit: number,
): Promise<LoggableFood[]> {
  const index = await foodIndex(foods, locale);
  // "2 slices of bread" searches "bread".
  return index.search(
    foodWordsOf(query, (text, count) => index.ranked(text, count)),
    limit,
  );
}
