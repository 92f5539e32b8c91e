import { LIMITS } from '@/lib/limits';
import type { Meal } from '@/lib/diary/meals';
import { isWord, tokenize, type Token } from '@/lib/diary/phrase-tokens';
import {
  AMOUNT_WORDS,
  FILLERS,
  JOINERS,
  MEAL_PHRASES,
  MEASURE_PHRASES,
  NUMBER_WORDS,
  WITH_JOINERS,
  volumeUnits,
  weightUnits,
  type HouseholdMeasureId,
  type MeasureId,
  type VolumeUnit,
  type WeightUnit,
} from '@/lib/diary/phrase-words';

/*
 * The grammar layer of the phrase reader (issue 49): a line or a few lines of what someone ate,
 * typed, pasted or dictated, in English or Russian, read into items of a count, a measure and
 * the words of a food. Pure and synchronous, so the add dialog, the server's /api/parse and the
 * MCP tool can share it; it knows no foods and no grams, a later layer matches the food words to
 * the catalog and the measure to the food's own measures.
 */

/** Characters read at most (LIMITS.phraseLength): a meal described at length is a few hundred; more is cut, not read slowly. */
export const PHRASE_MAX_LENGTH = LIMITS.phraseLength.max;

/** A measure as read: a household measure by name, or a unit of weight or volume with its size. */
export type PhraseMeasure =
  | {
      kind: 'household';
      /** The measure in both languages: "ломтика" and "slices" are both `slice`. */
      canonical: HouseholdMeasureId;
      /** The words as typed ("ст. л.", "slices"). */
      name: string;
    }
  | { kind: 'weight'; canonical: WeightUnit; name: string; /** Grams in one. */ grams: number }
  | { kind: 'volume'; canonical: VolumeUnit; name: string; /** Millilitres in one. */ ml: number };

/** One item of a phrase: "2 slices of bread" is `{ quantity: 2, measure: slice, food: 'bread' }`. */
export interface PhraseItem {
  /**
   * The count, ranges at their middle ("2-3" is 2.5), multipliers applied ("x2"); 1 when a
   * measure is named without one ("cup of rice"); null when neither a count nor a measure is
   * given ("bread"), so a later layer may take the food's own serving.
   */
  quantity: number | null;
  /** The measure named, or null ("2 eggs"). */
  measure: PhraseMeasure | null;
  /** The words of the food, as typed, filler dropped ("chicken breast"); '' when none was given. */
  food: string;
  /** The item's span of the input, as typed. */
  text: string;
  /** What was in the item but could not be read ("!!!", a unit it does not know), as typed. */
  unread: string[];
  /**
   * The item followed "with"/"с" ("oatmeal with milk"): a later layer may read it and the item
   * before as one food when the catalog has one ("coffee with milk").
   */
  joinedWith: boolean;
  /**
   * What joined the item to the one before, folded: "," or "and", "и", "with" (a new line or a
   * full stop is null, as is the first item's). "Butter and vegetable oil spread" is read as two
   * items; a later layer may read them as one food.
   */
  joiner: string | null;
}

/** A meal the user named, as the reader takes it: "на полдник" is that meal, not the snacks. */
export type NamedMeal = { meal: Meal; name: string };

/** A whole reading: the items, and what the text said of the meal ("for breakfast"), if it did. */
export interface PhraseReading {
  items: PhraseItem[];
  meal: Meal | null;
  /** The text was longer than {@link PHRASE_MAX_LENGTH} and its end was not read. */
  truncated: boolean;
}

/** "and a half", "с половиной" after a count: half more. Returns the tokens it takes. */
function andAHalf(tokens: readonly Token[], i: number): number {
  if (isWord(tokens[i], 'and') && isWord(tokens[i + 1], 'a') && isWord(tokens[i + 2], 'half')) return 3;
  if (isWord(tokens[i], 'and') && isWord(tokens[i + 1], 'half')) return 2;
  if (isWord(tokens[i], 'с') && isWord(tokens[i + 1], 'половиной')) return 2;
  return 0;
}

/** A token that may end a count, so "and a half" after it is part of it. */
const isCount = (token: Token) =>
  token.kind === 'num' ||
  token.kind === 'frac' ||
  (token.kind === 'word' && (token.norm in NUMBER_WORDS || token.norm in AMOUNT_WORDS));

interface Segment {
  tokens: Token[];
  joinedWith: boolean;
  joiner: string | null;
}

/** Tokens split into items at separators and joining words, never inside a count. */
function segments(tokens: readonly Token[]): Segment[] {
  const result: Segment[] = [];
  let current: Token[] = [];
  let joinedWith = false;
  let joiner: string | null = null;
  const close = (nextJoinedWith: boolean, nextJoiner: string | null) => {
    if (current.length > 0) result.push({ tokens: current, joinedWith, joiner });
    // A joiner at the start ("and then eggs") leaves the next item as it was.
    if (current.length > 0 || nextJoinedWith) joinedWith = nextJoinedWith;
    // Of joiners in a row (", and"), the last; none before the first item.
    if (result.length === 0) joiner = null;
    else joiner = current.length > 0 || joiner === null ? nextJoiner : (nextJoiner ?? joiner);
    current = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const before = current.at(-1);
    if (token.kind === 'sep') close(false, token.norm === ',' || token.norm === ';' ? token.norm : null);
    else if (before && isCount(before) && andAHalf(tokens, i) > 0) {
      current.push(token);
    } else if (token.kind === 'word' && JOINERS.has(token.norm)) close(false, token.norm);
    else if (isWord(token, 'а') && isWord(tokens[i + 1], 'также')) {
      close(false, null);
      i += 1;
    } else if (token.kind === 'word' && WITH_JOINERS.has(token.norm)) close(true, token.norm);
    else current.push(token);
  }
  close(false, null);
  return result;
}

/** The length of `words` matched at `i`, or 0. */
function matchWords(tokens: readonly Token[], i: number, words: readonly string[]): number {
  for (let k = 0; k < words.length; k++) if (!isWord(tokens[i + k], words[k]!)) return 0;
  return words.length;
}

function matchFiller(tokens: readonly Token[], i: number): number {
  let best = 0;
  for (const filler of FILLERS) best = Math.max(best, matchWords(tokens, i, filler));
  return best;
}

interface MeasureMatch {
  measure: PhraseMeasure;
  length: number;
}

function measureOf(id: MeasureId, name: string): PhraseMeasure {
  if (id in weightUnits)
    return { kind: 'weight', canonical: id as WeightUnit, name, grams: weightUnits[id as WeightUnit] };
  if (id in volumeUnits)
    return { kind: 'volume', canonical: id as VolumeUnit, name, ml: volumeUnits[id as VolumeUnit] };
  return { kind: 'household', canonical: id as HouseholdMeasureId, name };
}

/** A measure's words at `i` ("ст. л.", "slices", "стакана"), or null. */
function matchMeasure(tokens: readonly Token[], i: number): MeasureMatch | null {
  for (const phrase of MEASURE_PHRASES) {
    const words = phrase.words;
    let k = 0;
    while (k < words.length && tokens[i + k]?.kind === 'word' && words[k]!.test(tokens[i + k]!.norm)) k++;
    if (k === words.length) {
      const last = tokens[i + k - 1]!;
      const first = tokens[i]!;
      return { measure: measureOf(phrase.id, spanText(first, last)), length: k };
    }
  }
  return null;
}

/** A single word that is a measure ("стакана"), for "полстакана". */
function wordMeasure(word: string, name: string): PhraseMeasure | null {
  for (const phrase of MEASURE_PHRASES) {
    if (phrase.words.length === 1 && phrase.words[0]!.test(word)) return measureOf(phrase.id, name);
  }
  return null;
}

// The text being read, for the spans of items and measures: set for one synchronous call of
// readPhraseFull, so no other call can see it.
let source = '';
/** The meal phrases of the reading under way: the user's named meals' first, then the usual ones. */
let mealPhrases: readonly { words: readonly string[]; meal: Meal }[] = MEAL_PHRASES;

/**
 * The phrases that name a meal the user named ("Полдник", "Second breakfast"): the name alone, as
 * a heading, and after "for", "at", "на". A name with no word to read (digits, emoji) names none.
 */
function namedMealPhrases(named: readonly NamedMeal[]) {
  return named.flatMap(({ meal, name }) => {
    const tokens = tokenize(name);
    if (tokens.length === 0 || tokens.some((token) => token.kind !== 'word')) return [];
    const words = tokens.map((token) => token.norm);
    return [words, ['for', ...words], ['at', ...words], ['на', ...words]].map((phrase) => ({
      words: phrase,
      meal,
    }));
  });
}
const spanText = (first: Token, last: Token) => source.slice(first.start, last.end);

interface QuantityMatch {
  value: number;
  length: number;
  /** "полстакана" names its measure in the same word. */
  measure?: PhraseMeasure;
}

/** Number words from `i`: "twenty-five", "двадцать пять", "сто", "two hundred". */
function numberWords(tokens: readonly Token[], i: number): QuantityMatch | null {
  let total = 0;
  let length = 0;
  // The place the next word may fill: after hundreds the tens, after tens the units, then none.
  let room = Infinity;
  for (;;) {
    const token = tokens[i + length];
    if (token?.kind !== 'word') break;
    if (token.norm === 'hundred' && length > 0 && total < 10) {
      total *= 100;
      room = 100;
      length++;
      continue;
    }
    const values = token.norm.split('-').map((part) => NUMBER_WORDS[part]);
    if (values.some((value) => value === undefined)) break;
    const value = (values as number[]).reduce((sum, part) => sum + part, 0);
    if (value >= room) break;
    total += value;
    room = value >= 100 ? 100 : value >= 20 && value % 10 === 0 ? 10 : 0;
    length++;
  }
  return length > 0 ? { value: total, length } : null;
}

/** A count at `i`: digits, fractions, ranges, number words, "x2", "полстакана". */
function matchQuantity(tokens: readonly Token[], i: number): QuantityMatch | null {
  const token = tokens[i];
  if (!token) return null;
  let value: number;
  let length: number;
  if (token.kind === 'num' || token.kind === 'frac') {
    value = token.value;
    length = 1;
    const next = tokens[i + 1];
    if (token.kind === 'num' && Number.isInteger(value) && next?.kind === 'frac' && next.value < 1) {
      // "1 1/2", "1½"
      value += next.value;
      length = 2;
    } else if (next?.kind === 'dash' && (tokens[i + 2]?.kind === 'num' || tokens[i + 2]?.kind === 'frac')) {
      // "2-3": the middle of the range.
      value = (value + tokens[i + 2]!.value) / 2;
      length = 3;
    }
    // "2x coffee", "2 x coffee"
    if (isWord(tokens[i + length], 'x')) length++;
  } else if (isWord(token, 'x') && tokens[i + 1]?.kind === 'num') {
    value = tokens[i + 1]!.value;
    length = 2;
  } else if (token.kind === 'word') {
    const words = numberWords(tokens, i);
    if (words) ({ value, length } = words);
    else if (token.norm in AMOUNT_WORDS) {
      value = AMOUNT_WORDS[token.norm]!;
      length = 1;
      const next = tokens[i + 1];
      if ((token.norm === 'a' || token.norm === 'an') && next?.kind === 'word' && next.norm in AMOUNT_WORDS) {
        // "a couple of", "a dozen", "a half cup"
        value = AMOUNT_WORDS[next.norm]!;
        length = 2;
      }
      if (value === 0.5 && isWord(tokens[i + length], 'a', 'an')) {
        // "half a cup", "half a dozen"
        length++;
        if (isWord(tokens[i + length], 'dozen')) {
          value = 6;
          length++;
        }
      }
    } else {
      // "полстакана", "пол-тарелки"
      const rest = token.norm.startsWith('пол') ? token.norm.slice(3).replace(/^-/, '') : '';
      const measure = rest ? wordMeasure(rest, token.text.slice(token.text.length - rest.length)) : null;
      return measure ? { value: 0.5, length: 1, measure } : null;
    }
  } else return null;
  // "999…9 eggs": a count past any amount an entry may hold is no count; its digits are named unread.
  if (!Number.isFinite(value) || value > LIMITS.entryAmount.max) return null;
  const half = andAHalf(tokens, i + length);
  return { value: value + (half > 0 ? 0.5 : 0), length: length + half };
}

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** The meal a segment names, taken out of it. */
function takeMeal(tokens: Token[]): { tokens: Token[]; meal: Meal | null } {
  const alone = mealPhrases.find(
    (phrase) => phrase.words.length === tokens.length && matchWords(tokens, 0, phrase.words) > 0,
  );
  if (alone) return { tokens: [], meal: alone.meal };
  let meal: Meal | null = null;
  const kept: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const phrase = mealPhrases.find(
      (candidate) => candidate.words.length > 1 && matchWords(tokens, i, candidate.words) > 0,
    );
    if (phrase) {
      meal ??= phrase.meal;
      i += phrase.words.length - 1;
    } else kept.push(tokens[i]!);
  }
  return { tokens: kept, meal };
}

/** Reads a count and a measure at the end of the food ("хлеб 2 ломтика", "coffee x2"). */
function trailingCount(tokens: readonly Token[], from: number) {
  for (let k = from + 1; k < tokens.length; k++) {
    const token = tokens[k]!;
    if (token.kind !== 'num' && token.kind !== 'frac' && !isWord(token, 'x')) continue;
    const quantity = matchQuantity(tokens, k);
    if (!quantity) continue;
    let end = k + quantity.length;
    let measure = quantity.measure ?? null;
    if (!measure) {
      const match = matchMeasure(tokens, end);
      if (match) {
        measure = match.measure;
        end += match.length;
      }
    }
    if (end === tokens.length) return { at: k, value: quantity.value, measure };
  }
  return null;
}

function readSegment(segment: Segment): { item: PhraseItem | null; meal: Meal | null } {
  const first = segment.tokens[0]!;
  const last = segment.tokens.at(-1)!;
  const { tokens, meal } = takeMeal(segment.tokens);
  let quantity: number | null = null;
  let measure: PhraseMeasure | null = null;
  const unread: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    const filler = matchFiller(tokens, i);
    if (filler > 0) {
      i += filler;
      continue;
    }
    if (quantity === null && measure === null) {
      const count = matchQuantity(tokens, i);
      if (count) {
        quantity = count.value;
        measure = count.measure ?? null;
        i += count.length;
        // "200q": letters stuck to a count that are no measure are a unit it does not know.
        const next = tokens[i];
        if (
          next?.kind === 'word' &&
          next.attached &&
          tokens[i - 1]?.kind === 'num' &&
          !matchMeasure(tokens, i)
        ) {
          unread.push(next.text);
          i++;
        }
        continue;
      }
    }
    if (measure === null) {
      const match = matchMeasure(tokens, i);
      if (match) {
        measure = match.measure;
        i += match.length;
        continue;
      }
    }
    // "x2" after a count and a measure multiplies it ("2 slices x2").
    if (quantity !== null && isWord(tokens[i], 'x') && tokens[i + 1]?.kind === 'num') {
      quantity *= tokens[i + 1]!.value;
      i += 2;
      continue;
    }
    break;
  }
  let end = tokens.length;
  const foodStart = i;
  const firstFood = tokens.slice(foodStart).findIndex((token) => token.kind === 'word');
  if (firstFood >= 0) {
    const trailing = trailingCount(tokens, foodStart + firstFood);
    if (trailing) {
      if (quantity === null && measure === null) {
        quantity = trailing.value;
        measure = trailing.measure;
        end = trailing.at;
      } else if (trailing.measure === null && isWord(tokens[trailing.at], 'x')) {
        quantity = (quantity ?? 1) * trailing.value;
        end = trailing.at;
      } else if (trailing.measure === null && isWord(tokens[trailing.at + 1], 'x')) {
        quantity = (quantity ?? 1) * trailing.value;
        end = trailing.at;
      }
    }
  }
  const food: string[] = [];
  for (let k = foodStart; k < end; k++) {
    const token = tokens[k]!;
    if (token.kind === 'word') {
      // A dash standing alone ("кофе - латте") reads as spacing; one inside a word stays in it.
      food.push(token.text);
    } else if (token.kind !== 'dash') unread.push(token.text);
  }
  if (measure !== null && quantity === null) quantity = 1;
  if (quantity !== null) quantity = round(quantity);
  const foodText = food.join(' ');
  if (foodText === '' && quantity === null && measure === null && unread.length === 0)
    return { item: null, meal };
  return {
    item: {
      quantity,
      measure,
      food: foodText,
      text: source.slice(first.start, last.end),
      unread,
      joinedWith: segment.joinedWith,
      joiner: segment.joiner,
    },
    meal,
  };
}

/**
 * Reads what someone ate, in English or Russian, into items of a count, a measure and a food,
 * with the meal the text names. Never throws; reads at most {@link PHRASE_MAX_LENGTH}
 * characters, in time linear in them.
 */
export function readPhraseFull(text: string, named: readonly NamedMeal[] = []): PhraseReading {
  mealPhrases = named.length > 0 ? [...namedMealPhrases(named), ...MEAL_PHRASES] : MEAL_PHRASES;
  let input = typeof text === 'string' ? text : '';
  const truncated = input.length > PHRASE_MAX_LENGTH;
  if (truncated) {
    input = input.slice(0, PHRASE_MAX_LENGTH);
    // Not half a surrogate pair at the cut.
    if (/[\uD800-\uDBFF]$/.test(input)) input = input.slice(0, -1);
  }
  source = input;
  const items: PhraseItem[] = [];
  let meal: Meal | null = null;
  let orphans: string[] = [];
  for (const segment of segments(tokenize(input))) {
    const read = readSegment(segment);
    meal ??= read.meal;
    const item = read.item;
    if (!item) continue;
    if (item.food === '' && item.quantity === null && item.measure === null) {
      // Only unread marks ("!!!"): named on the item before, or the one after.
      const before = items.at(-1);
      if (before) before.unread.push(...item.unread);
      else orphans.push(...item.unread);
      continue;
    }
    if (orphans.length > 0) {
      item.unread.unshift(...orphans);
      orphans = [];
    }
    items.push(item);
  }
  if (orphans.length > 0) {
    items.push({
      quantity: null,
      measure: null,
      food: '',
      text: input.trim(),
      unread: orphans,
      joinedWith: false,
      joiner: null,
    });
  }
  source = '';
  return { items, meal, truncated };
}

/** The items of {@link readPhraseFull}: `readPhrase('2 slices of bread')` is one item, 2 × slice of "bread". */
export function readPhrase(text: string): PhraseItem[] {
  return readPhraseFull(text).items;
}
