import { slicePauser } from '@/lib/browser/slices';
import { LIMITS } from '@/lib/limits';
import { headOf } from './head-word';
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
   * Other whole names of the food itself ("ground cinnamon", "icing sugar"): a query that is one
   * of them finds it as if it were its name's head, and their words find it as tags do.
   */
  aliases?: ReadonlyArray<string>;
  /**
   * Lifts it above others that match as well (the user's own foods, favourites, recent ones),
   * in points of the score below; an exact name still comes before a boosted partial one.
   */
  boost?: number;
};

/** Boosts for the user's foods, by how close to the user they are. */
export const SEARCH_BOOST = { own: 40, favourite: 60, recent: 80 } as const;

type IndexedWord = Readonly<{ text: string; stem: string; meaning: string }>;
/**
 * A typed word, with the indexed words it may be a typo of; only when no indexed word matches it
 * as typed ("молако" finds "молоко", but "milk" does not find "mild").
 */
type TypedWord = IndexedWord & { typoOf?: Set<string> };
/**
 * A query's words, and their texts and stems joined as a doc's are; `head` is the place of the
 * word that says what the food is ("latte" of "vanilla latte"), -1 for a single word.
 */
type Query = { words: TypedWord[]; text: string; stems: string; meanings: string; head: number };
type IndexedDoc<T> = {
  doc: SearchDoc<T>;
  /** The name's words joined by single spaces, for the whole-name comparisons. */
  nameText: string;
  /** The name's words' meanings (a synonym group's, else the stem), joined alike. */
  nameMeanings: string;
  /** The stems of the name's head (before a comma or a bracket: "milk" of "Milk, 1 % fat"), joined alike. */
  headStems: string;
  /** The words of the name's head. */
  head: IndexedWord[];
  /**
   * The meaning of the head's noun (lib/diary/head-word.ts): "cream" of "Vanilla ice cream",
   * "гречка" of "Гречка отварная". Worked out when a query missing a word first scores the doc:
   * building it for every doc cost the index a third more time (search bench).
   */
  nounMeaning?: string;
  /**
   * Each part of an English name in brackets, its words joined alike: another name of the food
   * ("Hamburger (burger)", "Corn flakes (cornflakes)"), found as its head is. Russian names
   * bracket a kind or a qualifier ("Лисички (грибы)", "Паста свежая (сырая)"), so none there.
   */
  aliases: string[];
  /** SearchDoc.aliases, each as its words' stems joined alike. */
  namedAliases: string[];
  name: IndexedWord[];
  alsoKnownAs: IndexedWord[];
  tags: IndexedWord[];
};

/**
 * Each word's stem and meaning, worked out once per page: the index of the user's own foods is
 * built again whenever they change, and their names repeat the catalog's words. Building an
 * index of the whole catalog and 5,000 own foods a second time took 488 ms instead of 574 ms
 * with it (search bench, 4x slowdown). Bounded, as typed queries pass through it too.
 */
const indexedWords = new Map<string, IndexedWord>();
const INDEXED_WORDS_KEPT = 100_000;

function indexWords(text: string | null | undefined): IndexedWord[] {
  return searchWords(text ?? '').map((word) => {
    let indexed = indexedWords.get(word);
    if (!indexed) {
      if (indexedWords.size >= INDEXED_WORDS_KEPT) indexedWords.clear();
      indexed = { text: word, stem: stemOf(word), meaning: meaningOf(word) };
      indexedWords.set(word, indexed);
    }
    return indexed;
  });
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
  /**
   * The query is an alias of the food (SearchDoc.aliases): a name chosen by hand for this food alone,
   * so a row of the USDA table found by one stands with a curated food found by its exact name
   * (lib/catalog/search-doc.ts's TABLE_PENALTY is 450).
   */
  alias: 1460,
  exactName: 1000,
  /** The food itself, qualified after a comma: "Milk, 1 % fat" for "milk", before "Milk chocolate". */
  exactHead: 900,
  /**
   * English only: the head ends with the query, the noun after its modifiers: "Milk chocolate"
   * and "Rye bread" for "chocolate" and "bread", before "Chocolate milk" and "Breadsticks".
   * Russian names here put the noun first ("Хлеб ржаной"), and an adjective before it names
   * another kind ("Соевое молоко"), so the tiers above serve them.
   */
  headNoun: 850,
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

/** Words that end a phrase in the head without being its noun: "Coffee with milk" is no milk. */
const ENGLISH_LINKS = new Set(['with', 'without', 'in', 'of', 'for', 'on', 'and', 'or', 'from']);

/** True when an English head's last words are the query's, and not after a preposition. */
function endsWithEnglishNoun(headStems: string, queryStems: string): boolean {
  if (!/^[a-z]/.test(queryStems) || !headStems.endsWith(` ${queryStems}`)) return false;
  // "toast with butter" is no head noun of "French toast with butter": its own head is "toast".
  if (queryStems.split(' ').some((stem) => ENGLISH_LINKS.has(stem))) return false;
  const before =
    headStems
      .slice(0, -queryStems.length - 1)
      .split(' ')
      .pop() ?? '';
  return !ENGLISH_LINKS.has(before);
}

/**
 * True when the name starts with the query as typed, or with its words in another form or a
 * synonym: "яйца" starts "Яйцо варёное" as it starts "Яйца под майонезом", and "овсянку" starts
 * "Овсяная каша".
 */
function startsWithQuery(doc: IndexedDoc<unknown>, query: Query): boolean {
  return doc.nameText.startsWith(query.text) || doc.nameMeanings.startsWith(`${query.meanings} `);
}

/** What each typed word that matches nothing costs, when no result has every word. */
const MISSING_PENALTY = 500;
/**
 * Among results missing a word, those that matched the rarer words come first: in "гречневая
 * каша", "гречневая" says more than "каша", which half the porridges share. Points per matched
 * word and doubling of rarity (log2 of all names over the names holding it).
 */
const RARITY_POINTS = 20;
/**
 * Among results missing a word, those that are what the words name come first, over a tier's
 * difference: those holding the query's head ("vanilla latte" lacks only its qualifier in Caffè
 * latte, its food in Vanilla ice cream), or whose own head the words name ("Feta" for "feta
 * cheese", "Гречка отварная" for "гречневая каша").
 */
const HEAD_POINTS = 250;

/** A doc's score, and whether it was found only through typos on words past the name's first. */
/** How well a doc matched beyond its score, for the few results answered (SearchIndex.ranked). */
type MatchFlags = {
  weak: boolean;
  whole: boolean;
  exact: boolean;
  allWords: boolean;
  named: boolean;
  partial: boolean;
};

/**
 * The flags of the doc score() scored last. Written in place rather than returned: a first key
 * scores thousands of docs, and an object for each cost a third of the keystroke's time (search
 * bench: p95 13 → 19 ms at 4x); ranked() scores its few results again to read them.
 */
const lastFlags: MatchFlags = {
  weak: false,
  whole: false,
  exact: false,
  allWords: false,
  named: false,
  partial: false,
};

/**
 * Shortest typed word whose typo still finds a food on its own: one letter of a five-letter word
 * is a fifth of it, and "latte" found "batter" and "латте" "натто" (issue 49).
 */
const LONE_TYPO_MIN_LENGTH = 6;

function score<T>(
  doc: IndexedDoc<T>,
  query: Query,
  mayMiss: number,
  rarity: (word: TypedWord) => number,
): number | null {
  let rarityPoints = 0;
  // Typos only: weak unless a long word's typo sits on the name's first word ("молако").
  let onlyTypos = true;
  let typoFindsFood = false;
  let tier: number = TIER.nameWords;
  let missing = 0;
  let qualitySum = 0;
  let anyTypo = false;
  let anyPartial = false;
  let innerPartial = false;
  let firstPosition = Infinity;
  let headFound = false;
  // Indexed, not entries(): a pair per word and doc cost a keystroke's p95 a third (search bench).
  for (let place = 0; place < query.words.length; place++) {
    const word = query.words[place]!;
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
      } else if (++missing > mayMiss) {
        return null;
      }
    }
    // A typo's rarity is the typed word's, which no name holds: it would count as the rarest.
    if (quality > QUALITY.typo && mayMiss > 0) rarityPoints += rarity(word);
    if (quality > QUALITY.typo) onlyTypos = false;
    if (quality > QUALITY.none && mayMiss > 0 && (place === query.head || word.meaning === nounOf(doc)))
      headFound = true;
    if (quality === QUALITY.typo) {
      anyTypo = true;
      if (
        word.text.length >= LONE_TYPO_MIN_LENGTH &&
        inName.quality === QUALITY.typo &&
        inName.position === 0
      )
        typoFindsFood = true;
    }
    if (quality === QUALITY.prefix) {
      anyPartial = true;
      if (inName.quality !== QUALITY.prefix || inName.position !== 0) innerPartial = true;
    }
    qualitySum += quality;
  }
  // An alias is a name of the food itself, whichever of the doc's texts its words were found in.
  if (missing === 0 && doc.namedAliases.includes(query.stems)) tier = TIER.alias;
  else if (tier === TIER.nameWords) {
    // Meanings hold stems (a synonym group's stem, else the word's own): equal stems mean equal meanings.
    if (missing === 0 && doc.nameMeanings === query.meanings) tier = TIER.exactName;
    else if (missing === 0 && (doc.headStems === query.stems || doc.aliases.includes(query.text)))
      tier = TIER.exactHead;
    else if (missing === 0 && endsWithEnglishNoun(doc.headStems, query.stems)) tier = TIER.headNoun;
    else if (missing === 0 && startsWithQuery(doc, query)) tier = TIER.namePrefix;
    else if (firstPosition === 0) tier = TIER.firstWord;
  }
  const averageQuality = (qualitySum / query.words.length) * 10;
  const penalty =
    (anyTypo ? TYPO_PENALTY : 0) + (anyPartial ? PARTIAL_PENALTY : 0) + missing * MISSING_PENALTY;
  lastFlags.weak = onlyTypos && !typoFindsFood;
  lastFlags.whole = tier >= TIER.namePrefix && !anyTypo && !anyPartial;
  lastFlags.exact = tier >= TIER.exactHead && !anyTypo && !anyPartial;
  lastFlags.allWords = missing === 0 && !anyPartial;
  lastFlags.named = tier === TIER.alias;
  lastFlags.partial = innerPartial;
  const headPoints = mayMiss > 0 && headFound ? HEAD_POINTS : 0;
  return tier + averageQuality + rarityPoints + headPoints + (doc.doc.boost ?? 0) - penalty;
}

/** The meaning of the noun among a doc's head's words (lib/diary/head-word.ts), kept on the doc. */
function nounOf(doc: IndexedDoc<unknown>): string {
  if (doc.nounMeaning === undefined) {
    const noun = headOf(doc.head.map((word) => word.text));
    doc.nounMeaning = doc.head.find((word) => word.text === noun)?.meaning ?? '';
  }
  return doc.nounMeaning;
}

/**
 * Searches a fixed set of docs: built once per list (stemming every name), then asked on every
 * keystroke. Ranking: the whole name equal to the query, then names starting with it, then
 * names whose first word matches, then names holding every word, then the other language's
 * name, then brands and categories. A word matches exactly, as the start of a word, by stem
 * ("гречку" → "гречка"), by synonym ("овсянка" → "овсяная"), or with one typo (ranked a tier
 * lower). Every typed word must match somewhere; when no food has them all, those missing
 * one word are answered ("гречневая каша" finds "Гречка отварная").
 */
export class SearchIndex<T> {
  private readonly docs: IndexedDoc<T>[] = [];
  /**
   * Every indexed word with the docs that hold it (their places in `docs`, ascending): a query
   * word is matched against these few thousand words once, and only the docs holding a match
   * are scored, instead of every word of every doc.
   */
  private readonly vocabulary = new Map<string, { word: IndexedWord; docs: number[] }>();
  /** The stems and meanings of every indexed word, to tell a typo from a word that exists. */
  private readonly meanings = new Set<string>();
  /** How many names hold a word of each meaning. */
  private readonly namesWith = new Map<string, number>();

  /**
   * The vocabulary's entries this index may change in place; the others it shares with the
   * index it was made `with()`, and copies before adding to them.
   */
  private readonly ownEntries = new Set<{ word: IndexedWord; docs: number[] }>();

  constructor(docs: Iterable<SearchDoc<T>>) {
    for (const doc of docs) this.add(doc);
  }

  /**
   * The index of `docs`, built in slices of at most `sliceMs` that give the main thread back
   * between them: the whole catalog's index takes half a second of a phone's CPU (search bench),
   * which as one task held every key and scroll of the food page (issue 55).
   */
  static async build<T>(docs: ReadonlyArray<SearchDoc<T>>, sliceMs = 40): Promise<SearchIndex<T>> {
    const index = new SearchIndex<T>([]);
    const pause = slicePauser(sliceMs);
    for (let i = 0; i < docs.length; i++) {
      index.add(docs[i]!);
      // Every 64 docs, a look at the clock: reading it for each of 9,000 would cost its own time.
      if ((i & 63) === 63) await pause();
    }
    return index;
  }

  /**
   * This index and `docs` as one, without indexing this one's docs again: the add dialog keeps
   * the catalog's index (thousands of foods) for the page and adds the user's own foods to it
   * each time they change. Found as a new index of all of them would find them.
   */
  with(docs: Iterable<SearchDoc<T>>): SearchIndex<T> {
    const combined = new SearchIndex<T>([]);
    for (const doc of this.docs) combined.docs.push(doc);
    for (const [text, entry] of this.vocabulary) combined.vocabulary.set(text, entry);
    for (const meaning of this.meanings) combined.meanings.add(meaning);
    for (const [meaning, count] of this.namesWith) combined.namesWith.set(meaning, count);
    for (const doc of docs) combined.add(doc);
    return combined;
  }

  private add(doc: SearchDoc<T>): void {
    const head = indexWords(doc.name.split(/[,(]/)[0]);
    const indexed: IndexedDoc<T> = {
      doc,
      nameText: '',
      nameMeanings: '',
      aliases: [...doc.name.matchAll(/\(([a-z][^()]*)\)/gi)].map((part) =>
        indexWords(part[1])
          .map((word) => word.text)
          .join(' '),
      ),
      namedAliases: (doc.aliases ?? []).map((alias) =>
        indexWords(alias)
          .map((word) => word.stem)
          .join(' '),
      ),
      headStems: head.map((word) => word.stem).join(' '),
      head,
      name: indexWords(doc.name),
      alsoKnownAs: indexWords(doc.alsoKnownAs),
      tags: [...(doc.tags ?? []), ...(doc.aliases ?? [])].flatMap(indexWords),
    };
    indexed.nameText = indexed.name.map((word) => word.text).join(' ');
    indexed.nameMeanings = indexed.name.map((word) => word.meaning).join(' ');
    const place = this.docs.length;
    for (const word of [...indexed.name, ...indexed.alsoKnownAs, ...indexed.tags]) {
      const known = this.vocabulary.get(word.text);
      if (!known) {
        const entry = { word, docs: [place] };
        this.vocabulary.set(word.text, entry);
        this.ownEntries.add(entry);
      } else if (known.docs.at(-1) !== place) {
        if (this.ownEntries.has(known)) known.docs.push(place);
        else {
          const entry = { word: known.word, docs: [...known.docs, place] };
          this.vocabulary.set(word.text, entry);
          this.ownEntries.add(entry);
        }
      }
      this.meanings.add(word.stem).add(word.meaning);
    }
    for (const meaning of new Set(indexed.name.map((word) => word.meaning)))
      this.namesWith.set(meaning, (this.namesWith.get(meaning) ?? 0) + 1);
    this.docs.push(indexed);
  }

  /**
   * The indexed words `word` may be a typo of, or undefined when some indexed word matches it
   * as typed (its text, stem, meaning or start). Looked up once per query in the vocabulary,
   * not in every name.
   */
  private typosOf(word: IndexedWord): Set<string> | undefined {
    if (this.vocabulary.has(word.text) || this.meanings.has(word.stem) || this.meanings.has(word.meaning))
      return;
    for (const known of this.vocabulary.keys()) if (known.startsWith(word.text)) return;
    const length = word.text.length;
    const typos = new Set<string>();
    if (length < TYPO_MIN_LENGTH) return typos;
    for (const { word: known } of this.vocabulary.values()) {
      const prefixTypo =
        length >= PREFIX_TYPO_MIN_LENGTH &&
        known.text.length > length &&
        withinOneEdit(word.text, known.text.slice(0, length));
      // Or a typo in another form of the word: "памидоры" of "помидор".
      const formTypo = withinOneEdit(word.stem, known.stem);
      if (prefixTypo || formTypo || withinOneEdit(word.text, known.text)) typos.add(known.text);
    }
    return typos;
  }

  private readonly rarity = (word: TypedWord): number =>
    RARITY_POINTS * Math.log2(this.docs.length / Math.max(1, this.namesWith.get(word.meaning) ?? 1));

  /**
   * The places of the docs that hold a match for every query word but `mayMiss` of them: the
   * only docs score() does not refuse, as it matches word by word with wordQuality().
   */
  private candidates(query: Query, mayMiss: number): number[] {
    const matched = new Uint16Array(this.docs.length);
    const lastWord = new Int32Array(this.docs.length).fill(-1);
    for (const [index, typed] of query.words.entries()) {
      for (const { word, docs } of this.vocabulary.values()) {
        if (wordQuality(typed, word) === QUALITY.none) continue;
        for (const place of docs) {
          if (lastWord[place] === index) continue;
          lastWord[place] = index;
          matched[place]!++;
        }
      }
    }
    const needed = query.words.length - mayMiss;
    const places: number[] = [];
    for (let place = 0; place < matched.length; place++) if (matched[place]! >= needed) places.push(place);
    return places;
  }

  private scoreAll(query: Query, mayMiss: number, exhaustive: boolean, boostOf?: (item: T) => number) {
    const found: Array<Found<T>> = [];
    const places = exhaustive ? this.docs.keys() : this.candidates(query, mayMiss);
    for (const place of places) {
      const doc = this.docs[place]!;
      const value = score(doc, query, mayMiss, this.rarity);
      if (value !== null) found.push({ doc, score: value + (boostOf?.(doc.doc.item) ?? 0) });
    }
    return found;
  }

  /**
   * The items matching `text`, best first (ties: shorter name, then alphabetical); at most
   * `limit`. `exhaustive` scores every doc instead of the vocabulary's candidates: the same
   * answer, slower; the tests check the one against the other. `boostOf` adds to an item's
   * boost what the index cannot know when it is built (the foods logged lately).
   */
  search(
    text: string,
    limit = Infinity,
    options: { exhaustive?: boolean; boostOf?: (item: T) => number } = {},
  ): T[] {
    return this.bestOf(text, limit, options).found.map((entry) => entry.doc.doc.item);
  }

  /**
   * What {@link search} finds, each with how well: `weak` when only typos found it (and not a
   * long word's on the name's first word), so a caller may offer to create the food typed first
   * ("latte" is no "batter"); `whole` when the name is the query, or starts with it, or its head
   * is it ("Milk, 1 % fat" for "milk"); `exact` when the name or its head is the query, not only
   * its start; `allWords` when every typed word is a whole word of the name (a typo allowed);
   * `missing` when a typed word matched nothing; `named` when the query is one of the food's
   * aliases (SearchDoc.aliases); `partial` when a typed word matched only the start of a longer
   * word past the name's first ("pho" of "phosphate"): a word still being typed, or a finished
   * one the food lacks. The start of the name's first word is a short name ("mayo").
   */
  ranked(
    text: string,
    limit = Infinity,
    options: { exhaustive?: boolean; boostOf?: (item: T) => number } = {},
  ): Array<{ item: T; missing: boolean } & MatchFlags> {
    const { found, query, mayMiss } = this.bestOf(text, limit, options);
    return found.map((entry) => {
      score(entry.doc, query!, mayMiss, this.rarity);
      return { item: entry.doc.doc.item, ...lastFlags, missing: mayMiss > 0 };
    });
  }

  /** The best `limit` docs for `text`, with the query read and the words it let go missing. */
  private bestOf(
    text: string,
    limit: number,
    { exhaustive = false, boostOf }: { exhaustive?: boolean; boostOf?: (item: T) => number },
  ): { found: Array<Found<T>>; query: Query | null; mayMiss: number } {
    // No name is longer than a name may be: past that, a query (a whole page pasted) is not a
    // name, and each of its thousands of words would be looked up as a typo.
    const words: TypedWord[] = indexWords(text.slice(0, LIMITS.nameLength.max)).map((word) => ({
      ...word,
      typoOf: this.typosOf(word),
    }));
    if (words.length === 0) return { found: [], query: null, mayMiss: 0 };
    const head =
      words.length > 1
        ? headOf(
            words.map((word) => word.text),
            true,
          )
        : undefined;
    const query: Query = {
      words,
      text: words.map((word) => word.text).join(' '),
      stems: words.map((word) => word.stem).join(' '),
      meanings: words.map((word) => word.meaning).join(' '),
      head: head === undefined ? -1 : words.findIndex((word) => word.text === head),
    };
    let mayMiss = 0;
    let found = this.scoreAll(query, mayMiss, exhaustive, boostOf);
    if (found.length === 0 && words.length > 1) found = this.scoreAll(query, ++mayMiss, exhaustive, boostOf);
    return { found: best(found, limit, byRank), query, mayMiss };
  }
}

type Found<T = unknown> = { doc: IndexedDoc<T>; score: number };

/** Search's order: score, then the shorter name, then the name's letters. */
const byRank = (a: Found, b: Found) =>
  b.score - a.score ||
  a.doc.nameText.length - b.doc.nameText.length ||
  (a.doc.nameText < b.doc.nameText ? -1 : a.doc.nameText > b.doc.nameText ? 1 : 0);

/**
 * The first `limit` of `items` in `order`, as sorting them all and cutting would give: a first
 * key matches thousands of foods, and sorting them all took a third of that keystroke (search
 * bench, decision 0036). Each item is compared with the last one kept, and only those before it
 * are placed among the kept ones.
 */
export function best<T>(items: T[], limit: number, order: (a: T, b: T) => number): T[] {
  if (limit <= 0) return [];
  if (items.length <= limit) return items.sort(order);
  const kept: T[] = [];
  for (const item of items) {
    if (kept.length === limit && order(item, kept[limit - 1]!) >= 0) continue;
    let place = kept.length === limit ? limit - 1 : kept.length;
    while (place > 0 && order(item, kept[place - 1]!) < 0) place--;
    if (kept.length === limit) kept.pop();
    kept.splice(place, 0, item);
  }
  return kept;
}

/**
 * True when every word of `query` is a whole word of `text`, in another form or a synonym, a typo
 * allowed ("eggs" of "Egg, boiled"), but not the start of a longer word ("бо" of "Борщ").
 */
export function holdsWords(query: string, text: string): boolean {
  const [found] = new SearchIndex([{ item: true, name: text }]).ranked(query, 1);
  return found?.allWords ?? false;
}

/**
 * True when every word of the query matches a word of the texts (name, brand) as search does:
 * "oat" finds "Oat flakes" and "овсянка" finds "Овсяная каша", but "oat" does not find "coated".
 */
export function matchesQuery(query: string, ...texts: Array<string | null | undefined>): boolean {
  if (searchWords(query).length === 0) return true;
  return new SearchIndex([{ item: true, name: texts.filter(Boolean).join(' ') }]).search(query).length > 0;
}
