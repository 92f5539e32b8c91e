import type { SearchDoc } from '@/lib/diary/search';
import type { Locale } from '@/lib/i18n/config';
import type { CatalogFood } from './catalog-data';
import { SEARCH_ALIASES } from './search-aliases';

/**
 * Points a catalog food's commonness adds to its search score (lib/diary/search): enough to
 * put porridge before oatmeal cookies among names that match alike, less than a food of the
 * user's own (SEARCH_BOOST.own), and never enough to lift a food into a better tier of match.
 */
export const COMMONNESS_BOOST = { 1: 15, 2: 30 } as const;

/**
 * What a row of the whole USDA table gives up against the curated foods: the curated list names
 * the foods people eat in their words ("Plain yogurt, whole milk"), the table every variant USDA
 * measured, its kind first ("Yogurt, fruit variety, nonfat"), which the search's tiers would
 * otherwise put before them. A row whose whole name is the query (1000 points) comes after a
 * curated food whose name starts with it (600 and up), before one that only holds it (400).
 */
export const TABLE_PENALTY = 450;

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
  // A row of the USDA table without a Russian name of ours has only USDA's English name: in
  // Russian it is found by that as by the other language's name, below the foods named in
  // Russian. Table rows give up TABLE_PENALTY to the curated foods.
  const untranslated = food.table && food.ru === food.en;
  return {
    item,
    name: untranslated && locale === 'ru' ? '' : food[locale],
    alsoKnownAs: locale === 'ru' ? food.en : untranslated ? null : food.ru,
    tags,
    // Both languages' aliases, as the other language's name finds a food too: an English recipe
    // read in Russian still finds "ground cumin".
    aliases: [
      ...(SEARCH_ALIASES[food.id]?.[locale] ?? []),
      ...(SEARCH_ALIASES[food.id]?.[locale === 'ru' ? 'en' : 'ru'] ?? []),
    ],
    boost: boost + (food.table ? -TABLE_PENALTY : food.common ? COMMONNESS_BOOST[food.common] : 0),
  };
}
