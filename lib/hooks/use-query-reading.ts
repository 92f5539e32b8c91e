'use client';

import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { matchPhrase, type PhraseMatch, type PhraseMatches } from '@/lib/diary/phrase-match';
import type { Locale } from '@/lib/i18n/config';
import type { FoundFood, useFoodIndex } from '@/lib/hooks/use-food-index';

type FoodIndex = ReturnType<typeof useFoodIndex>['index'];

/**
 * What a search query says when it is more than a food's name (issue 49): one food with an amount
 * ("2 slices of bread"), read into a food, a measure and grams; or several foods ("eggs, toast and
 * coffee"). Null for a plain name ("bread", "Milk, 1 % fat"), which the results answer as before.
 */
export type QueryReading =
  | {
      kind: 'one';
      match: PhraseMatch<FoundFood> & { found: FoundFood };
      meal: PhraseMatches<FoundFood>['meal'];
    }
  | { kind: 'several'; reading: PhraseMatches<FoundFood> };

/** A saved meal logs as its items: it is picked from the results, never read with an amount. */
const isSavedMeal = (found: FoundFood) => found.own?.recipe?.kind === 'meal';

export function readQuery(text: string, index: FoodIndex, locale: Locale): QueryReading | null {
  const reading = matchPhrase(
    text,
    (words, limit) => index.ranked(words, limit),
    (found) => found.food,
    locale,
  );
  const [first, ...rest] = reading.matches;
  if (!first) return null;
  if (rest.length === 0) {
    const { found, item } = first;
    if (found === null || isSavedMeal(found) || (item.quantity === null && item.measure === null))
      return null;
    return { kind: 'one', match: { ...first, found }, meal: reading.meal };
  }
  // "Milk, 1 % fat" is a name with a comma: when the whole text names a food, it is that food.
  if (index.ranked(text, 1)[0]?.whole) return null;
  const found = reading.matches.filter((match) => match.found !== null && !isSavedMeal(match.found));
  return found.length >= 2 ? { kind: 'several', reading } : null;
}

/** {@link readQuery} of the add dialog's query, worked out again only when it or the foods change. */
export function useQueryReading(text: string, index: FoodIndex, ready: boolean): QueryReading | null {
  const locale = useLocale() as Locale;
  return useMemo(() => (ready && text ? readQuery(text, index, locale) : null), [ready, text, index, locale]);
}
