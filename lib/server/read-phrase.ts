import 'server-only';
import { matchPhrase, type PhraseMatch, type PhraseMatches } from '@/lib/diary/phrase-match';
import type { NamedMeal } from '@/lib/diary/phrase-reader';
import type { LoggableFood } from '@/lib/diary/nutrition';
import type { Locale } from '@/lib/i18n/config';
import type { Food } from '@/lib/schemas/food';
import type { ParseAnswer, ParsedItem } from '@/lib/schemas/phrase';
import { foodIndex } from '@/lib/server/mcp/food-search';

/** Alternatives an answer offers an item at most. */
const ALTERNATIVES = 5;

/**
 * `text` read into foods of the user's (`foods`) and the catalog's, with their amounts, as the
 * add dialog reads it (lib/diary/phrase-match.ts): the same search as search_foods, so a food the
 * MCP tools find by name is the one a phrase finds; `named`, the meals the user named.
 */
export async function readFoodPhrase(
  foods: readonly Food[],
  text: string,
  locale: Locale,
  named: readonly NamedMeal[] = [],
): Promise<PhraseMatches<LoggableFood>> {
  const index = await foodIndex(foods, locale);
  // A text may name one food many times ("молако, молако, …"), and a word no food holds is
  // looked up as a typo against every word of the catalog: each is searched once a reading.
  const searched = new Map<string, ReturnType<typeof index.ranked>>();
  const find = (words: string, limit: number) => {
    const key = `${limit} ${words}`;
    let found = searched.get(key);
    if (!found) searched.set(key, (found = index.ranked(words, limit)));
    return found;
  };
  return matchPhrase(text, find, (food) => food, locale, named);
}

/**
 * A count of a thousand digits is Infinity, which JSON writes as null and the answer's schema
 * refuses: such a figure is answered as not known.
 */
const finite = (value: number | null): number | null =>
  value !== null && Number.isFinite(value) ? value : null;

/** A food's reference in an answer: every food search finds has one (an own food's id, `c:<slug>`). */
const refOf = (food: LoggableFood): number | string => food.ref!;

/** One match as POST /api/parse answers it. */
export function parsedItem(match: PhraseMatch<LoggableFood>): ParsedItem {
  const { item, found, pick } = match;
  return {
    text: item.text,
    words: item.food,
    quantity: finite(item.quantity),
    measure: item.measure && {
      kind: item.measure.kind,
      canonical: item.measure.canonical,
      name: item.measure.name,
    },
    food: found && { ref: refOf(found), name: found.name, kcalPer100g: found.kcal },
    amount: finite(pick?.amount ?? null),
    measureLabel: pick?.measure?.label ?? null,
    grams: finite(match.grams),
    kcal: finite(match.kcal),
    sure: match.sure,
    alternatives: match.alternatives
      .slice(0, ALTERNATIVES)
      .map((food) => ({ ref: refOf(food), name: food.name })),
    notes: match.notes,
  };
}

/** A reading as POST /api/parse answers it. */
export function parseAnswerOf(reading: PhraseMatches<LoggableFood>): ParseAnswer {
  return { items: reading.matches.map(parsedItem), meal: reading.meal, truncated: reading.truncated };
}
