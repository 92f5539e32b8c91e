import { foldSearchText, meaningOf, searchWords, stemOf, withinOneEdit } from './search-words';

export { foldSearchText };

/** One thing search can find (a food of the library, a catalog food) and the texts that find it. */
export type SearchDoc<T> = {
  item: T;
  /** The name as the user reads it: matches here rank first. */
  name: string;
  /** Other names that find it, ranked below the name: the catalog's other language. */
  alsoKnownAs?: string | null;
  /** Texts that find it last: a brand, a category. */
  tags?: ReadonlyArray<string | null | undefined>;
  /**
   * Lifts it above others that match as well (the user's own foods, favourites, recent ones),
   * in points of the score below; an exact name still comes before a boosted partial one.
   */
  boost?: number;
};

/** Boosts for the user's foods, by how close to the user they are. */
export const SEARCH_BOOST = { own: 40, favourite: 60, recent: 80 } as const;

type IndexedWord = { text: string; stem: string; meaning: string };
/**
 * A typed word, with the indexed words it may be a typo of; only when no indexed word matches it
 * as typed ("молако" finds "молоко", but "milk" does not find "mild").
 */
type TypedWord = IndexedWord & { typoOf?: Set<string> };
type IndexedDoc<T> = {
  doc: SearchDoc<T>;
  /** The name's words joined by single spaces, for the whole-name comparisons. */
  nameText: string;
  name: IndexedWord[];
  alsoKnownAs: IndexedWord[];
  tags: IndexedWord[];
};

function indexWords(text: string | null | undefined): IndexedWord[] {
  return searchWords(text ?? '').map((word) => ({
    text: word,
    stem: stemOf(word),
    meaning: meaningOf(word),
  }));
}

/**
 * How well one typed word matches one word of a text; 0 for not at all. A prefix is a word
 * still being typed ("ban" of "banana"), or a longer word ("bread" of "breaded").
 */
const QUALITY = { exact: 4, synonym: 3, prefix: 2, typo: 1, none: 0 } as const;
/** Shortest typed word that may carry a typo: "рис" must not find "рыс" or "рот". */
const TYPO_MIN_LENGTH = 4;
/** Shortest typed word whose typo may sit in the start of a longer word: "борщ" must not find "бордо". */
const PREFIX_TYPO_MIN_LENGTH = 5;

function wordQuality(typed: TypedWord, word: IndexedWord): number {
  if (word.text === typed.text || word.stem === typed.stem) return QUALITY.exact;
  if (word.meaning === typed.meaning) return QUALITY.synonym;
  if (word.text.startsWith(typed.text)) return QUALITY.prefix;
  if (typed.typoOf?.has(word.text)) return QUALITY.typo;
  return QUALITY.none;
}

/** The best quality among `words` and the index of the word that gave it. */
function bestMatch(typed: TypedWord, words: IndexedWord[]): { quality: number; position: number } {
  let quality = 0;
  let position = -1;
  for (let i = 0; i < words.length && quality < QUALITY.exact; i++) {
    const q = wordQuality(typed, words[i]!);
    if (q > quality) {
      quality = q;
      position = i;
    }
  }
  return { quality, position };
}

/**
 * The tiers of a match, far enough apart that the average word quality (up to 40) and a boost
 * (up to 80) reorder results within a tier but never lift one into the next.
 */
const TIER = {
  exactName: 1000,
  namePrefix: 800,
  firstWord: 600,
  nameWords: 400,
  otherName: 200,
  tags: 100,
} as const;
/** What a typo costs: a result found only through one sits a tier lower. */
const TYPO_PENALTY = 200;
/**
 * What a word matched only as the start of a longer one costs: whole words come first ("bread"
 * lists "Rye bread" before "Breaded chicken"), while a word still being typed keeps the order
 * of its tiers, as every result pays the same.
 */
const PARTIAL_PENALTY = 450;

function score<T>(doc: IndexedDoc<T>, typed: TypedWord[], typedText: string): number | null {
  let tier: number = TIER.nameWords;
  let qualitySum = 0;
  let anyTypo = false;
  let anyPartial = false;
  let firstPosition = Infinity;
  for (const word of typed) {
    const inName = bestMatch(word, doc.name);
    let quality = inName.quality;
    if (quality >= QUALITY.prefix) {
      firstPosition = Math.min(firstPosition, inName.position);
    } else {
      const other = bestMatch(word, doc.alsoKnownAs);
      const tag = bestMatch(word, doc.tags);
      if (other.quality >= QUALITY.prefix) {
        quality = other.quality;
        tier = Math.min(tier, TIER.otherName);
      } else if (tag.quality >= QUALITY.prefix) {
        quality = tag.quality;
        tier = Math.min(tier, TIER.tags);
      } else if (quality === QUALITY.typo) {
        firstPosition = Math.min(firstPosition, inName.position);
      } else if (other.quality === QUALITY.typo || tag.quality === QUALITY.typo) {
        quality = QUALITY.typo;
        tier = Math.min(tier, other.quality === QUALITY.typo ? TIER.otherName : TIER.tags);
      } else {
        return null;
      }
    }
    if (quality === QUALITY.typo) anyTypo = true;
    if (quality === QUALITY.prefix) anyPartial = true;
    qualitySum += quality;
  }
  if (tier === TIER.nameWords) {
    if (doc.nameText === typedText) tier = TIER.exactName;
    else if (doc.nameText.startsWith(typedText)) tier = TIER.namePrefix;
    else if (firstPosition === 0) tier = TIER.firstWord;
  }
  const averageQuality = (qualitySum / typed.length) * 10;
  const penalty = (anyTypo ? TYPO_PENALTY : 0) + (anyPartial ? PARTIAL_PENALTY : 0);
  return tier + averageQuality + (doc.doc.boost ?? 0) - penalty;
}

/**
 * Searches a fixed set of docs: built once per list (stemming every name), then asked on every
 * keystroke. Ranking: the whole name equal to the query, then names starting with it, then
 * names whose first word matches, then names holding every word, then the other language's
 * name, then brands and categories. A word matches exactly, as the start of a word, by stem
 * ("гречку" → "гречка"), by synonym ("овсянка" → "овсяная"), or with one typo (ranked a tier
 * lower). Every typed word must match somewhere.
 */
export class SearchIndex<T> {
  private readonly docs: IndexedDoc<T>[] = [];
  /** Every indexed word, and its stems and meanings, to tell a typo from a word that exists. */
  private readonly words = new Set<string>();
  private readonly meanings = new Set<string>();

  constructor(docs: Iterable<SearchDoc<T>>) {
    for (const doc of docs) {
      const indexed: IndexedDoc<T> = {
        doc,
        nameText: '',
        name: indexWords(doc.name),
        alsoKnownAs: indexWords(doc.alsoKnownAs),
        tags: (doc.tags ?? []).flatMap(indexWords),
      };
      indexed.nameText = indexed.name.map((word) => word.text).join(' ');
      for (const word of [...indexed.name, ...indexed.alsoKnownAs, ...indexed.tags]) {
        this.words.add(word.text);
        this.meanings.add(word.stem).add(word.meaning);
      }
      this.docs.push(indexed);
    }
  }

  /**
   * The indexed words `word` may be a typo of, or undefined when some indexed word matches it
   * as typed (its text, stem, meaning or start). Looked up once per query in the vocabulary,
   * not in every name.
   */
  private typosOf(word: IndexedWord): Set<string> | undefined {
    if (this.words.has(word.text) || this.meanings.has(word.stem) || this.meanings.has(word.meaning)) return;
    for (const known of this.words) if (known.startsWith(word.text)) return;
    const length = word.text.length;
    const typos = new Set<string>();
    if (length < TYPO_MIN_LENGTH) return typos;
    for (const known of this.words) {
      const prefixTypo =
        length >= PREFIX_TYPO_MIN_LENGTH &&
        known.length > length &&
        withinOneEdit(word.text, known.slice(0, length));
      if (prefixTypo || withinOneEdit(word.text, known)) typos.add(known);
    }
    return typos;
  }

  /** The items matching `query`, best first (ties: shorter name, then alphabetical); at most `limit`. */
  search(query: string, limit = Infinity): T[] {
    const typed: TypedWord[] = indexWords(query).map((word) => ({ ...word, typoOf: this.typosOf(word) }));
    if (typed.length === 0) return [];
    const typedText = typed.map((word) => word.text).join(' ');
    const found: Array<{ doc: IndexedDoc<T>; score: number }> = [];
    for (const doc of this.docs) {
      const value = score(doc, typed, typedText);
      if (value !== null) found.push({ doc, score: value });
    }
    found.sort(
      (a, b) =>
        b.score - a.score ||
        a.doc.nameText.length - b.doc.nameText.length ||
        (a.doc.nameText < b.doc.nameText ? -1 : a.doc.nameText > b.doc.nameText ? 1 : 0),
    );
    return found.slice(0, limit).map((entry) => entry.doc.doc.item);
  }
}

/**
 * True when every word of the query matches a word of the texts (name, brand) as search does:
 * "oat" finds "Oat flakes" and "овсянка" finds "Овсяная каша", but "oat" does not find "coated".
 */
export function matchesQuery(query: string, ...texts: Array<string | null | undefined>): boolean {
  if (searchWords(query).length === 0) return true;
  return new SearchIndex([{ item: true, name: texts.filter(Boolean).join(' ') }]).search(query).length > 0;
}
