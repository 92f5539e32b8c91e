/**
 * Search text folded the way people type: case-insensitive, ё as е, spacing collapsed.
 */
export function foldSearchText(text: string): string {
  return text.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

const WORD_SPLIT = /[^\p{L}\p{N}]+/u;

/**
 * True when every word of the query starts a word of the texts (name, brand): "oat" finds
 * "Oat flakes" and "овс" finds "Овсянка", but "oat" does not find "coated".
 */
export function matchesQuery(query: string, ...texts: Array<string | null | undefined>): boolean {
  const queryWords = foldSearchText(query).split(WORD_SPLIT).filter(Boolean);
  if (queryWords.length === 0) return true;
  const words = foldSearchText(texts.filter(Boolean).join(' ')).split(WORD_SPLIT).filter(Boolean);
  return queryWords.every((queryWord) => words.some((word) => word.startsWith(queryWord)));
}
