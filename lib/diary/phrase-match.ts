import {
  readPhrase,
  readPhraseFull,
  type NamedMeal,
  type PhraseItem,
  type PhraseMeasure,
} from '@/lib/diary/phrase-reader';
import { fold } from '@/lib/diary/phrase-tokens';
import { headWord, isMeasureWord } from '@/lib/diary/head-word';
import { holdsWords, matchesQuery } from '@/lib/diary/search';
import { volumeUnits, type HouseholdMeasureId } from '@/lib/diary/phrase-words';
import { nutritionFor, type FoodPick, type LoggableFood } from '@/lib/diary/nutrition';
import type { Meal } from '@/lib/diary/meals';
import { LIMITS } from '@/lib/limits';
import type { Serving } from '@/lib/schemas/food';

/*
 * The food layer of the phrase reader (issue 49): each item the grammar read ("2 slices of
 * bread") is matched to a food of the user's or the catalog's, and its measure to one of the
 * food's own ("slice" of bread is 29 g), so it has grams and kcal. Pure: the foods come from a
 * search the caller gives (the add dialog's index, the server's), so the browser, /api/parse and
 * the MCP tool read a phrase alike.
 */

/** A food search answers, best first, as SearchIndex.ranked does. */
export type RankedFood<T> = {
  item: T;
  weak: boolean;
  whole: boolean;
  exact: boolean;
  allWords: boolean;
  /** The words are one of the food's aliases (lib/catalog/search-aliases.ts); absent: not known. */
  named?: boolean;
  /** A word matched only the start of a longer one ("pho" of "phosphate"); absent: not known. */
  partial?: boolean;
  missing: boolean;
};
export type FindFood<T> = (words: string, limit: number) => ReadonlyArray<RankedFood<T>>;

/**
 * How sure the reading is: `sure` when the food's name is what was typed and the amount is in one
 * of its own measures or a weight; `likely` when the food matched every word but is not named so,
 * or the amount was worked out from a volume; `guess` when a word matched nothing or the measure
 * is not the food's.
 */
export type Sureness = 'sure' | 'likely' | 'guess';

/** Why a reading is less than sure, for the user to check. */
export type MatchNote =
  | { kind: 'no-food' }
  /**
   * The food lacks some of the words typed: it is what their head names ("latte" of "vanilla
   * latte"), not all they say.
   */
  | { kind: 'words-missing' }
  | { kind: 'measure-missing'; measure: string }
  | { kind: 'volume-as-water' }
  | { kind: 'unread'; text: string };

export interface PhraseMatch<T> {
  /** The item as the grammar read it. */
  item: PhraseItem;
  /** The food chosen, or null when nothing fits its words (then it is not logged). */
  found: T | null;
  /** What would be logged: the food, the count and the measure (null: grams). */
  pick: FoodPick | null;
  grams: number | null;
  kcal: number | null;
  sure: Sureness;
  /** Other foods the words fit, best first: the preview offers them. */
  alternatives: T[];
  notes: MatchNote[];
}

export interface PhraseMatches<T> {
  matches: PhraseMatch<T>[];
  meal: Meal | null;
  truncated: boolean;
}

/** Foods a reading considers for an item: the one chosen and the alternatives. */
const CONSIDERED = 6;

/**
 * Millilitres in a household measure a food lacks, to count it by volume: a US cup is 8 fl oz,
 * a Russian стакан 250 ml (the same id: the grammar reads both as `cup`), a glass 250 ml.
 */
const VOLUME_OF: Partial<Record<HouseholdMeasureId, { en: number; ru: number }>> = {
  cup: { en: 236.6, ru: 250 },
  glass: { en: 250, ru: 250 },
  tbsp: { en: 14.8, ru: 15 },
  tsp: { en: 4.9, ru: 5 },
  can: { en: 355, ru: 330 },
  bottle: { en: 500, ru: 500 },
  // A mug of coffee or tea, as the catalog's drinks count it; a shot of spirits, a Russian рюмка.
  mug: { en: 250, ru: 250 },
  shot: { en: 44, ru: 50 },
};

/**
 * Measures a food may list in place of one it lacks, nearest first: a slice of watermelon is its
 * wedge, a кусок of bread its slice, a strip of bacon its slice, a lump of sugar its cube.
 */
const NEAR: Partial<Record<HouseholdMeasureId, readonly HouseholdMeasureId[]>> = {
  slice: ['wedge', 'piece'],
  wedge: ['slice', 'piece'],
  // A bowl of cereal is a cup of it (25 g of corn flakes), not 250 g; of soup, a cup is 245 g.
  bowl: ['cup'],
  piece: ['wedge', 'slice', 'bar', 'cube'],
  strip: ['slice', 'piece'],
  cube: ['piece'],
  bar: ['piece'],
  ear: ['medium', 'large', 'small'],
  mug: ['cup'],
};

/** Household measures that count a food by its own units: "1 medium banana", "1 egg", "3 dates". */
const UNIT_MEASURES: ReadonlySet<HouseholdMeasureId> = new Set(['piece', 'medium', 'large', 'small']);

/** Labels that name a serving rather than a thing: USDA's "NLEA serving", a portion. */
const SERVING_LABEL = /\b(serving|portion|nlea)\b|порци/i;

/**
 * Grams of a household measure a food lacks and that is no volume: typical weights, marked as a
 * guess. A bowl is one of soup or porridge; a slice one of bread; a handful one of nuts.
 */
const GRAMS_OF: Partial<Record<HouseholdMeasureId, number>> = {
  bowl: 250,
  slice: 30,
  piece: 50,
  handful: 30,
  pinch: 0.5,
  // 1/8 teaspoon.
  dash: 0.6,
  // A lettuce or cabbage leaf.
  leaf: 10,
  pat: 5,
  strip: 8,
  cube: 2.3,
  scoop: 30,
  bag: 28,
  ear: 100,
  bar: 44,
};

/** A food sold dry and eaten made up with water: its name says so. */
const DRY = /\b(dry|dry mix|dry form)\b|сух/i;

/** The measure of a packet of a food, or its serving: what a bowl of it is made from. */
function packetOf(food: LoggableFood): Serving | null {
  return (
    allMeasures(food).find((measure) =>
      /\b(package|packet|container)\b|пач|пакет|упаков/i.test(measure.label),
    ) ??
    food.serving ??
    null
  );
}

/** A bare count past this is grams ("творог 200"): nobody eats 25 servings at once. */
const BARE_COUNT_AS_GRAMS = 25;

/** A volume a measure's label states in brackets: "(240 ml)", "(12 fl oz)", "(0,5 л)". */
const STATED_VOLUME = /\((\d+(?:[.,]\d+)?)\s*(ml|мл|l|л|fl\.?\s?oz)\)/i;

/** How a measure label reads (cached: labels repeat across foods): its household measure and size. */
const labelReadings = new Map<string, { measure: PhraseMeasure | null; quantity: number; alone: boolean }>();

function readLabel(label: string) {
  let reading = labelReadings.get(label);
  if (!reading) {
    const [first] = readPhrase(label);
    reading = {
      measure: first?.measure ?? null,
      quantity: first?.quantity ?? 1,
      // "large" alone, or "1 cup": nothing but the measure; "cup, chopped" qualifies it.
      alone: first !== undefined && first.food === '' && readPhrase(label).length === 1,
    };
    if (labelReadings.size > 10_000) labelReadings.clear();
    labelReadings.set(label, reading);
  }
  return reading;
}

/** A measure of the food once whipped, melted or cooked. */
const CHANGED_STATE = /\b(?:whipped|melted|cooked)\b/i;

/** The food's own measure named `canonical` ("slice"), the plainest first; null when it has none. */
function ownMeasure(
  food: LoggableFood,
  canonical: HouseholdMeasureId,
): { measure: Serving; per: number } | null {
  let best: { measure: Serving; per: number; alone: boolean; changed: boolean } | null = null;
  for (const measure of allMeasures(food)) {
    const reading = readLabel(measure.label);
    if (reading.measure?.kind !== 'household' || reading.measure.canonical !== canonical) continue;
    if (reading.quantity <= 0) continue;
    // "cup, whipped" of cream holds half of its "cup, fluid": a measure of the food made into
    // something else comes after one of the food as it is.
    const changed = CHANGED_STATE.test(measure.label.replace(/\(.*\)/, ''));
    if (!best || (reading.alone && !best.alone) || (reading.alone === best.alone && best.changed && !changed))
      best = { measure, per: reading.quantity, alone: reading.alone, changed };
  }
  return best;
}

function allMeasures(food: LoggableFood): Serving[] {
  const measures = [...(food.serving ? [food.serving] : []), ...food.measures];
  return measures.filter((measure) => measure.grams > 0);
}

/**
 * The measure that counts the food in its own units ("1 medium banana", "1 egg", "3 dates",
 * "grape"), its serving first, and how many units it holds; null when it has none. "10 grapes"
 * are ten of USDA's "grape", not ten cups.
 */
function unitOf(food: LoggableFood, words = ''): { measure: Serving; per: number } | null {
  // "5 cherry tomatoes": the food's measure named by a word said of it ("cherry") is its unit.
  const said = new Set(fold(words).split(/\s+/));
  const named = allMeasures(food).find((measure) => said.has(fold(measure.label)));
  if (named) return { measure: named, per: 1 };
  let sized: { measure: Serving; per: number } | null = null;
  for (const measure of allMeasures(food)) {
    if (SERVING_LABEL.test(measure.label)) continue;
    const reading = readLabel(measure.label);
    if (reading.quantity <= 0) continue;
    const size = reading.measure;
    if (size === null && !reading.alone) return { measure, per: reading.quantity };
    if (size?.kind === 'household' && UNIT_MEASURES.has(size.canonical)) {
      // The food's serving in a size ("1 medium banana") is its unit; else the medium one.
      if (measure === food.serving || size.canonical === 'medium') return { measure, per: reading.quantity };
      sized ??= { measure, per: reading.quantity };
    }
  }
  return sized;
}

/** Grams in a millilitre of the food, from a measure of it by volume ("1 cup" 244 g); null when none says. */
function densityOf(food: LoggableFood): number | null {
  for (const measure of allMeasures(food)) {
    // "can (330 ml)", "1 bottle (12 fl oz)": the volume the label states is the measure's.
    const stated = STATED_VOLUME.exec(measure.label);
    if (stated) {
      const amount = Number(stated[1]!.replace(',', '.'));
      const unit = stated[2]!.toLowerCase();
      const ml =
        amount * (unit.startsWith('fl') ? volumeUnits.floz : unit === 'l' || unit === 'л' ? 1000 : 1);
      if (ml > 0) return measure.grams / ml;
    }
    const reading = readLabel(measure.label);
    const size = reading.measure;
    if (!size || reading.quantity <= 0) continue;
    const ml =
      size.kind === 'volume'
        ? size.ml
        : size.kind === 'household' &&
            (size.canonical === 'cup' || size.canonical === 'tbsp' || size.canonical === 'tsp')
          ? // USDA's cups are US cups, whatever the label's language.
            VOLUME_OF[size.canonical]!.en
          : null;
    if (ml !== null) return measure.grams / (ml * reading.quantity);
  }
  return null;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The count, measure and grams of `item` in `food`, and how sure that is. */
function amountIn(
  item: PhraseItem,
  food: LoggableFood,
  locale: 'en' | 'ru',
): { pick: FoodPick; sure: Sureness; notes: MatchNote[] } {
  const measure = item.measure;
  const count = item.quantity;
  const grams = (value: number, sure: Sureness, notes: MatchNote[] = []) => ({
    pick: { food, amount: round1(value), measure: null },
    sure,
    notes,
  });
  if (measure?.kind === 'weight') return grams((count ?? 1) * measure.grams, 'sure');
  if (measure?.kind === 'volume') {
    const density = densityOf(food);
    const ml = (count ?? 1) * measure.ml;
    return density === null
      ? grams(ml, 'likely', [{ kind: 'volume-as-water' }])
      : grams(ml * density, 'likely');
  }
  /**
   * `count` of the food's measure `own`, which holds `per` of them ("6 medium" oysters): in that
   * measure when the count is a whole number of it or close ("1/2 cup"), else in grams, as "0.17 ×
   * 6 medium" would be neither readable nor exact.
   */
  const inOwn = (own: { measure: Serving; per: number }, sure: Sureness, notes: MatchNote[] = []) => {
    const amount = (count ?? 1) / own.per;
    return Math.abs(round2(amount) - amount) < 1e-9
      ? { pick: { food, amount, measure: own.measure }, sure, notes }
      : grams(amount * own.measure.grams, sure, notes);
  };
  if (measure?.kind === 'household' && measure.canonical !== 'serving') {
    const own = ownMeasure(food, measure.canonical);
    if (own) return inOwn(own, 'sure');
    const missing: MatchNote = { kind: 'measure-missing', measure: measure.name };
    // "2 шт", "кусок": the food's own unit (a kiwi, a голубец) before anything cut from it.
    const unit = measure.canonical === 'piece' ? unitOf(food, item.food) : null;
    if (unit) return inOwn(unit, 'likely');
    for (const near of NEAR[measure.canonical] ?? []) {
      const close = ownMeasure(food, near);
      if (close) return inOwn(close, 'likely');
    }
    const volume = VOLUME_OF[measure.canonical];
    if (volume) {
      const density = densityOf(food);
      const ml = (count ?? 1) * volume[locale];
      return grams(
        ml * (density ?? 1),
        'guess',
        density === null ? [missing, { kind: 'volume-as-water' }] : [missing],
      );
    }
    // A scoop of ice cream or of protein is the food's serving, where it has one.
    if (measure.canonical === 'scoop' && food.serving)
      return inOwn({ measure: food.serving, per: 1 }, 'guess', [missing]);
    // A bowl of a dry mix ("a bowl of ramen") is a packet of it, made up: not 250 g of the mix.
    const packet = measure.canonical === 'bowl' && DRY.test(food.name) ? packetOf(food) : null;
    if (packet) return inOwn({ measure: packet, per: 1 }, 'guess', [missing]);
    const typical = GRAMS_OF[measure.canonical];
    if (typical !== undefined) return grams((count ?? 1) * typical, 'guess', [missing]);
    // "a large apple" when the food lists no sizes: its serving is the nearest thing.
    if (food.serving) return inOwn({ measure: food.serving, per: 1 }, 'guess', [missing]);
    return grams((count ?? 1) * 100, 'guess', [missing]);
  }
  if (count !== null && count >= BARE_COUNT_AS_GRAMS && measure === null) return grams(count, 'likely');
  // A count alone ("2 eggs", "10 grapes"): in the food's own units.
  const unit = count !== null && measure === null ? unitOf(food, item.food) : null;
  if (unit) return inOwn(unit, 'sure');
  // A serving named, or nothing ("banana"): the food's serving, else the first of its measures,
  // else 100 g.
  const serving = food.serving ?? allMeasures(food)[0] ?? null;
  if (serving) return { pick: { food, amount: count ?? 1, measure: serving }, sure: 'sure', notes: [] };
  return grams((count ?? 1) * 100, count === null ? 'likely' : 'guess');
}

/**
 * The food for a phrase item's words among `ranked` (the search's answers for them), or null. The
 * words are finished, so a food that holds one only as the start of a longer word ("pho" of
 * "phosphate") lacks it. A food that lacks some words is taken only when it is what their head
 * names ("vanilla latte" is a latte, not vanilla ice cream): else the head's own best food, and
 * none when no food is named by the head ("chicken pho" is no chicken breast).
 */
function chosen<T>(
  words: string,
  ranked: ReadonlyArray<RankedFood<T>>,
  find: FindFood<T>,
  nameOf: (found: T) => string,
): RankedFood<T> | null {
  const [first] = ranked;
  if (!first || first.weak) return null;
  const head = headWord(words);
  const oneWord = head === fold(words).trim();
  // Several words each found, one only as a longer word's start ("semi-sweet" of "semisweet"):
  // the food is likely, as the words together say. One word so found is another word.
  if (!first.missing && (first.partial !== true || !oneWord)) return first;
  if (!head || oneWord || isMeasureWord(head)) return null;
  const missing = (found: RankedFood<T>) => ({ ...found, whole: false, missing: true });
  const name = nameOf(first.item);
  if (holdsWords(head, name)) return missing(first);
  const namedBy = (found: RankedFood<T>) => headWord(nameOf(found.item).split(/[,(]/)[0]!);
  const forHead = find(head, CONSIDERED).filter((found) => !found.weak && found.allWords);
  // The words name the food's own head ("feta" of "feta cheese", "chicken" of "chicken curry"):
  // it is that food when their head is a kind of food it is ("Cheddar cheese" is named by
  // "cheese"), and a dish the catalog lacks when no food is named by it ("Spices, curry powder").
  if (holdsWords(namedBy(first), words))
    return forHead.some((found) => holdsWords(head, namedBy(found))) ? missing(first) : null;
  // Else the head's own best food ("latte" for "vanilla latte"); none for a head no food holds
  // ("beef pho").
  return forHead[0] ? missing(forHead[0]) : null;
}

const SURENESS_ORDER: readonly Sureness[] = ['sure', 'likely', 'guess'];
const leastSure = (a: Sureness, b: Sureness) =>
  SURENESS_ORDER[Math.max(SURENESS_ORDER.indexOf(a), SURENESS_ORDER.indexOf(b))]!;

/**
 * The words of one food the grammar read as two items, or null. "Coffee with milk", "пирожок с
 * капустой", "mac and cheese": when a food's name holds every word of both, it is that dish.
 * "Apple, peeled", "Chicken breast, skinless", whose comma split them: when a food's name starts
 * so. Either way only when the second part has no amount of its own ("eggs and 2 toasts").
 */
function mergedFood<T>(
  before: PhraseItem,
  item: PhraseItem,
  find: FindFood<T>,
  nameOf: (found: T) => string,
): string | null {
  if (item.joiner === null) return null;
  if (!item.joinedWith && (item.quantity !== null || item.measure !== null)) return null;
  const comma = item.joiner === ',' || item.joiner === ';';
  const together = `${before.food}${comma ? ',' : ` ${item.joiner}`} ${item.food}`;
  const [first] = find(together, 1);
  if (!first || first.weak) return null;
  // Words that are another name of one food ("mac and cheese") are that food.
  if (first.named === true) return together;
  // "Кофе с молоком без сахара" is no coffee with sugar: a word the name says it is without.
  const saidWithout = withoutWords(together);
  const denied = withoutWords(nameOf(first.item)).filter(
    (word) => !saidWithout.some((said) => holdsWords(said, word)),
  );
  if (denied.some((word) => holdsWords(word, item.food))) return null;
  if (comma) return first.whole ? together : null;
  // The dish starts as the words do: "French toast with butter" is no toast with butter.
  const [firstWord] = before.food.split(/\s+/);
  const [nameStart] = nameOf(first.item).split(/[\s,]+/);
  return first.allWords && firstWord && nameStart && matchesQuery(firstWord, nameStart) ? together : null;
}

/** The words a food's name says it is without: "сахара" of "Кофе с молоком без сахара". */
function withoutWords(name: string): string[] {
  return [...name.matchAll(/(?:^|[\s,(])(?:без|without|no)\s+(\p{L}+)/giu)].map((match) => match[1]!);
}

/** Sizes the grammar reads as a measure that may start a food's name: "big mac", "small fries". */
const SIZES: ReadonlySet<HouseholdMeasureId> = new Set(['large', 'small', 'medium']);

/** The item with its size word given back to the food when a food is named so ("big mac"). */
function withSizeNamed<T>(item: PhraseItem, find: FindFood<T>): PhraseItem {
  const measure = item.measure;
  if (measure?.kind !== 'household' || !SIZES.has(measure.canonical) || !item.food) return item;
  const words = `${measure.name} ${item.food}`;
  const [named] = find(words, 1);
  return named?.named === true ? { ...item, food: words, measure: null } : item;
}

/**
 * Reads `text` into foods with their amounts: each item of the grammar (readPhraseFull) matched
 * to the best food `find` answers for its words, "X with Y" read as one food when a food is named
 * so ("coffee with milk"). `foodOf` gives the loggable food of a found item; `named`, the meals
 * the user named, which the text may name too ("на полдник"). Never throws.
 */
export function matchPhrase<T>(
  text: string,
  find: FindFood<T>,
  foodOf: (found: T) => LoggableFood,
  locale: 'en' | 'ru',
  named: readonly NamedMeal[] = [],
): PhraseMatches<T> {
  const reading = readPhraseFull(text, named);
  const items: PhraseItem[] = [];
  const answers: Array<ReadonlyArray<RankedFood<T>>> = [];
  for (const read of reading.items) {
    const item = withSizeNamed(read, find);
    const before = items.at(-1);
    const merged =
      before && item.food && before.food
        ? mergedFood(before, item, find, (found) => foodOf(found).name)
        : null;
    if (before && merged) {
      items[items.length - 1] = {
        ...before,
        food: merged,
        text: `${before.text} … ${item.text}`,
        unread: [...before.unread, ...item.unread],
      };
      answers[answers.length - 1] = find(merged, CONSIDERED);
      continue;
    }
    items.push(item);
    answers.push(item.food ? find(item.food.slice(0, LIMITS.nameLength.max), CONSIDERED) : []);
  }
  const matches = items.map((item, i): PhraseMatch<T> => {
    const ranked = answers[i]!;
    const notes: MatchNote[] = item.unread.map((unread) => ({ kind: 'unread', text: unread }));
    const first = item.food ? chosen(item.food, ranked, find, (found) => foodOf(found).name) : null;
    if (!first) {
      return {
        item,
        found: null,
        pick: null,
        grams: null,
        kcal: null,
        sure: 'guess',
        alternatives: ranked.map((each) => each.item),
        notes: [{ kind: 'no-food' }, ...notes],
      };
    }
    const food = foodOf(first.item);
    const amount = amountIn(item, food, locale);
    const grams = round1(
      amount.pick.measure ? amount.pick.amount * amount.pick.measure.grams : amount.pick.amount,
    );
    const lacking = first.missing;
    const foodSure: Sureness = first.whole ? 'sure' : lacking ? 'guess' : 'likely';
    return {
      item,
      found: first.item,
      pick: amount.pick,
      grams,
      kcal: Math.round(nutritionFor(food, grams).kcal),
      sure: leastSure(foodSure, amount.sure),
      alternatives: ranked.filter((each) => each.item !== first.item && !each.weak).map((each) => each.item),
      notes: [...(lacking ? [{ kind: 'words-missing' } as const] : []), ...amount.notes, ...notes],
    };
  });
  return { matches, meal: reading.meal, truncated: reading.truncated };
}

/** How `item` ("2 slices") is counted in `food`: a food picked from the results keeps the amount typed. */
export function pickFor(item: PhraseItem, food: LoggableFood, locale: 'en' | 'ru'): FoodPick {
  return amountIn(item, food, locale).pick;
}

/**
 * The words to search for a query that may say an amount: "2 slices of bread" searches "bread",
 * as no food is named "2 slices of bread". The query itself when it is not one food with an amount,
 * or when a food is named by all its words ("7 Up", "Milk, 1 % fat").
 */
export function foodWordsOf<T>(query: string, find: FindFood<T>): string {
  return amountItemOf(query, find)?.food ?? query;
}

/** The one food with an amount that `query` says, as {@link foodWordsOf} reads it; null when none. */
export function amountItemOf<T>(query: string, find: FindFood<T>): PhraseItem | null {
  const items = readPhrase(query);
  const [item] = items;
  if (items.length !== 1 || !item?.food || (item.quantity === null && item.measure === null)) return null;
  const [named] = find(query, 1);
  return named && !named.weak && named.allWords ? null : item;
}
