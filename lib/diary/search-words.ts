import { stemmer as russianStem } from '@orama/stemmers/russian';

/**
 * Words as search compares them: folded the way people type (case, ё as е), reduced to their
 * stem (Russian by the Snowball stemmer in Orama's packaging, so "гречку" finds "гречка";
 * English only to the singular, so "apples" finds "apple" but "bread" does not find
 * "breaded"), and mapped through a short table of everyday synonyms whose stems differ.
 */

/**
 * Search text folded the way people type: case-insensitive, ё as е, spacing collapsed.
 */
export function foldSearchText(text: string): string {
  return text.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

const WORD_SPLIT = /[^\p{L}\p{N}]+/u;
const CYRILLIC = /[а-я]/;

/** The folded words of a text, in order. */
export function searchWords(text: string): string[] {
  return foldSearchText(text).split(WORD_SPLIT).filter(Boolean);
}

/**
 * Words people use for one food whose stems differ: the colloquial and the adjective forms of
 * Russian ("гречка" and "гречневая каша"), and English pairs. Each group is folded text; the
 * first word's stem stands for the group.
 */
const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['гречка', 'гречневая', 'гречневый', 'греча'],
  ['овсянка', 'овсяная', 'овсяный', 'овсяные', 'овес'],
  ['картошка', 'картофель', 'картофельный', 'картофельное', 'картофелина', 'картофелины', 'картофелин'],
  ['курица', 'куриная', 'куриный', 'куриное', 'курятина'],
  ['морковь', 'морковка', 'морковный'],
  ['творог', 'творожный', 'творожок'],
  ['яйцо', 'яйца', 'яиц', 'яйцами', 'яичный'],
  // Words whose stems the stemmer does not join: a vowel that drops ("огурец", "огурцы"), or an
  // ending it reads as part of the word ("сметана").
  ['огурец', 'огурцы', 'огурца', 'огурцов'],
  ['кабачок', 'кабачки', 'кабачка', 'кабачков'],
  ['сметана', 'сметаной', 'сметану', 'сметаны'],
  ['блины', 'блинчики', 'блин', 'блинчик'],
  ['говядина', 'говяжий', 'говяжья'],
  ['свинина', 'свиной', 'свиная'],
  ['рис', 'рисовая', 'рисовый'],
  ['пшено', 'пшенная', 'пшенный'],
  ['капуста', 'капустный'],
  ['помидор', 'томат', 'томатный'],
  ['макароны', 'макаронные'],
  ['oatmeal', 'oat', 'oats'],
  // How a food is cooked, as people say it and as USDA names it.
  ['boiled', 'cooked', 'steamed'],
  ['cola', 'coke'],
  ['kiwi', 'kiwifruit', 'kiwis'],
  ['сельдь', 'селедка', 'селедку', 'селедки', 'селедочка'],
  ['пюре', 'пюрешка', 'пюрешку', 'пюрешки'],
  // Chocolate and bread are dark, whichever word is used.
  ['темный', 'черный', 'горький'],
  ['tomato', 'tomatoes'],
  ['potato', 'potatoes'],
  ['yogurt', 'yoghurt'],
];

const stems = new Map<string, string>();

/**
 * Words the stemmer gives another word's stem, by their whole form: "вареные" (boiled) is
 * "отварной", while "варенье" (jam) keeps the stem they shared.
 */
const STEM_BY_WORD = new Map<string, string>(
  ['вареный', 'вареная', 'вареное', 'вареные', 'вареного', 'вареной', 'вареную', 'вареных', 'вареными'].map(
    (word) => [word, 'отварн'] as const,
  ),
);

/** An English noun's singular: "berries" → "berry", "tomatoes" → "tomato", "apples" → "apple". */
function englishSingular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:oes|ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  // The usual misspelling of "potato" and "tomato", from their plurals.
  if (word.endsWith('atoe')) return word.slice(0, -1);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The stem of a folded word, by its script; remembered, as names repeat their words. */
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = STEM_BY_WORD.get(word) ?? (CYRILLIC.test(word) ? russianStem(word) : englishSingular(word));
    stems.set(word, stem);
  }
  return stem;
}

const synonymOfStem = new Map<string, string>(
  SYNONYM_GROUPS.flatMap((group) => {
    const head = stemOf(group[0] ?? '');
    return group.map((word) => [stemOf(word), head] as const);
  }),
);

/** The stem that stands for a word's synonym group, or its own stem. */
export function meaningOf(word: string): string {
  const stem = stemOf(word);
  return synonymOfStem.get(stem) ?? stem;
}

/**
 * True when `a` becomes `b` by one letter inserted, deleted, replaced, or two neighbours swapped
 * (the optimal-string-alignment distance is at most 1).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthGap = a.length - b.length;
  if (lengthGap > 1 || lengthGap < -1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  if (lengthGap === 1) return a.slice(start + 1) === b.slice(start);
  if (lengthGap === -1) return a.slice(start) === b.slice(start + 1);
  // Same length: one letter replaced, or this one and the next swapped.
  if (a.slice(start + 1) === b.slice(start + 1)) return true;
  return a[start] === b[start + 1] && a[start + 1] === b[start] && a.slice(start + 2) === b.slice(start + 2);
}
