import type { SearchDoc } from '@/lib/diary/search';
import type { Locale } from '@/lib/i18n/config';
import type { CatalogFood } from './catalog-data';

/**
 * Points a catalog food's commonness adds to its search score (lib/diary/search): enough to
 * put porridge before oatmeal cookies among names that match alike, less than a food of the
 * user's own (SEARCH_BOOST.own), and never enough to lift a food into a better tier of match.
 */
export const COMMONNESS_BOOST = { 1: 15, 2: 30 } as const;

/**
 * A catalog food as search finds it, everywhere the catalog is searched (the add dialog, the
 * library, the tests, the bench): its name in the language in use first, the other language's
 * below it, and how commonly it is eaten (CatalogFood.common) lifting it among equal matches.
 */
export function catalogSearchDoc<T>(
  food: CatalogFood,
  locale: Locale,
  item: T,
  { tags, boost = 0 }: { tags?: SearchDoc<T>['tags']; boost?: number } = {},
): SearchDoc<T> {
  return {
    item,
    name: food[locale],
    alsoKnownAs: locale === 'ru' ? food.en : food.ru,
    tags,
    boost: boost + (food.common ? COMMONNESS_BOOST[food.common] : 0),
  };
}
