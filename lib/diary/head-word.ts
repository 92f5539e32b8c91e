import { readPhrase } from '@/lib/diary/phrase-reader';
import { fold } from '@/lib/diary/phrase-tokens';

/*
 * The head of a food's words: the noun that says what the food is, which the other words qualify.
 * A food found for words it lacks some of is that food only when it lacks a qualifier: "vanilla
 * latte" is a latte, not vanilla ice cream (lib/diary/phrase-match.ts, lib/diary/search.ts).
 */

/** Words after which a dish's name says what comes with it: its head is before them ("coffee with milk"). */
const LINK_WORDS = new Set(
  ['with', 'without', 'in', 'on', 'from', 'for'].concat(['с', 'со', 'без', 'в', 'во', 'на', 'из', 'под']),
);
/** How a food was cooked, said after it in Russian: "яйца всмятку" are eggs. */
const RUSSIAN_MANNER = /^(всмятку|вкрутую|в-мешочек)$/;
/** Words for a part of a plant or an animal, after the food's own name: "garlic cloves", "celery ribs". */
const PART_WORDS =
  /^(cloves?|ribs?|stalks?|stems?|sprigs?|lea(f|ves)|heads?|florets?|bunch(es)?|fillets?|зубч\p{L}*|веточ\p{L}*|стеб\p{L}*|лист\p{L}*|пуч(ок|ка|ков|ки)|головк\p{L}*|кочан\p{L}*)$/u;
const CYRILLIC = /[а-я]/;
/** A Russian adjective's ending: "ванильный латте", "суп куриный" are named by their noun. */
const RUSSIAN_ADJECTIVE = /[а-я](ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ую|юю|ым|им|ых|их)$/;

/** "bowl" of "poke bowl" is the dish's vessel, not what it is made of. */
export function isMeasureWord(word: string): boolean {
  const [only] = readPhrase(word);
  return only !== undefined && only.food === '' && only.measure !== null;
}

/**
 * The word of a food's words that says what it is, the noun the others qualify: "latte" of
 * "vanilla latte", "soup" of "cream of mushroom soup", "кофе" of "кофе с молоком", "суп" of
 * "суп куриный". English puts it last; Russian adjectives stand on either side of it. Folded
 * (lower case, ё as е); empty when the words hold no letter.
 */
export function headWord(words: string): string {
  const tokens = fold(words)
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter((token) => /\p{L}/u.test(token));
  return headOf(tokens, true);
}

/**
 * {@link headWord} of words already split and folded. `measures: false` for a food's name, which
 * says no amount: the reader's measure words are then not looked up (the index reads thousands).
 */
export function headOf(tokens: readonly string[], measures = false): string {
  const cut = tokens.findIndex((token, i) => i > 0 && LINK_WORDS.has(token));
  const before = cut === -1 ? [...tokens] : tokens.slice(0, cut);
  // A part ("garlic cloves"), or a Russian measure said after the food ("малина стакан").
  const trailing = (token: string) =>
    PART_WORDS.test(token) ||
    RUSSIAN_MANNER.test(token) ||
    (measures && CYRILLIC.test(token) && isMeasureWord(token));
  while (before.length > 1 && trailing(before.at(-1)!)) before.pop();
  const nouns = before.filter((token) => !RUSSIAN_ADJECTIVE.test(token));
  return (nouns.length > 0 ? nouns : before).at(-1) ?? '';
}
