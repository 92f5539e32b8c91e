import { matchPhrase, type FindFood, type PhraseMatch, type RankedFood } from '@/lib/diary/phrase-match';
import { fold } from '@/lib/diary/phrase-tokens';
import { nutritionFor, type LoggableFood } from '@/lib/diary/nutrition';
import type { Serving } from '@/lib/schemas/food';
import { readIngredientLine, type IngredientLine } from './ingredient-line';

/** One line of a recipe's ingredients, read and matched: the foods it names, or why it counts for nothing. */
export type IngredientReading<T> = {
  line: IngredientLine;
  /** The foods the line names with their grams; empty for a line that counts for nothing. */
  matches: PhraseMatch<T>[];
};

/**
 * A name that says the food was cooked or is a dish of its own: a recipe's ingredients seldom
 * are ("spaghetti" is not spaghetti bolognese, "oatmeal with banana" not a baby food).
 */
const PREPARED =
  /\b(cooked|boiled|fried|baked|roasted|grilled|stewed|steamed|toasted|prepared|babyfood|with|bolognese|carbonara|salad|soup|sauce|pie|casserole|sandwich|pizza|porridge)\b|(отварн|варен|вареная|жарен|печен|тушен|запечен|пассерован|салат|суп|соус|пирог|запеканк|каша|болоньезе|карбонара)/u;

/**
 * A search for a recipe's ingredients: among foods that match the words alike, a cooked food or
 * a dish comes after the rest ("rice" is the dry rice, "3 яйца" not boiled eggs), unless the words
 * ask for it ("cooked rice"). Otherwise the order is the search's own.
 */
export function asBought<T>(find: FindFood<T>, nameOf: (item: T) => string): FindFood<T> {
  return (words, limit) => {
    const asked = fold(words);
    const wantsPrepared = PREPARED.test(asked);
    const ranked = find(words, Math.max(limit, 8));
    // A food the words are an alias of was named for them by hand: it comes first, cooked or not.
    const tierOf = (found: RankedFood<T>) =>
      found.named ? -1 : found.weak ? 3 : found.whole ? 0 : found.allWords ? 1 : 2;
    const leaning = (found: RankedFood<T>) => {
      if (wantsPrepared) return 0;
      return PREPARED.test(fold(nameOf(found.item))) ? 1 : 0;
    };
    return ranked
      .map((found, order) => ({ found, order }))
      .sort(
        (a, b) =>
          tierOf(a.found) - tierOf(b.found) || leaning(a.found) - leaning(b.found) || a.order - b.order,
      )
      .slice(0, limit)
      .map(({ found }) => found);
  };
}

/**
 * Reads a recipe's ingredient lines (lib/recipes/ingredient-line.ts) and matches each to foods as
 * the add dialog does (lib/diary/phrase-match.ts), through `asBought`. A weight the line states
 * of itself ("(200 г)") is the ingredient's grams, whatever its measure would weigh. Never throws.
 */
export function readIngredients<T>(
  lines: readonly string[],
  find: FindFood<T>,
  foodOf: (found: T) => LoggableFood,
  locale: 'en' | 'ru',
): IngredientReading<T>[] {
  const search = asBought(find, (item) => foodOf(item).name);
  return lines.map((text) => {
    const line = readIngredientLine(text);
    if (!line.counted) return { line, matches: [] };
    const read = matchPhrase(line.phrase, search, foodOf, locale).matches;
    // "ground" of the food's own words names a measure's kind too ("2 tbsp ground flax seed").
    const said = [line.note, /\bground\b/i.test(line.phrase) ? 'ground' : null].filter(Boolean).join(' ');
    const matches = said ? read.map((match) => inNotedMeasure(match, said, foodOf)) : read;
    if (line.grams === null || matches.length !== 1 || matches[0]!.found === null) return { line, matches };
    const [match] = matches as [PhraseMatch<T> & { found: T }];
    const grams = Math.round(line.grams * 10) / 10;
    const kcal = Math.round(nutritionFor(foodOf(match.found), grams).kcal);
    return {
      line,
      matches: [{ ...match, grams, kcal, pick: { ...match.pick!, amount: grams, measure: null } }],
    };
  });
}

/**
 * The match in the food's measure that the line's note names, where the food has one: "2 cups
 * shredded cheddar" is two of cheddar's "cup, shredded" (113 g), not of its "cup, diced" (132 g),
 * as the cook's note was left out of the words matched.
 */
function inNotedMeasure<T>(
  match: PhraseMatch<T>,
  note: string,
  foodOf: (found: T) => LoggableFood,
): PhraseMatch<T> {
  const measure = match.pick?.measure ?? null;
  const asked = match.item.measure;
  // Counted by a measure of its own, or by volume for want of one ("2 cups" as 473 ml).
  const head = measure ? firstWord(measure.label) : asked?.kind === 'household' ? asked.canonical : null;
  if (!match.found || !match.pick || head === null) return match;
  const food = foodOf(match.found);
  // Grated cheese is measured as USDA measures shredded.
  const said = new Set(
    fold(note)
      .split(/[^\p{L}]+/u)
      .map((word) => (word === 'grated' ? 'shredded' : word)),
  );
  const named = [food.serving, ...food.measures].find(
    (other): other is Serving =>
      !!other &&
      other !== measure &&
      other.grams > 0 &&
      firstWord(other.label) === head &&
      fold(other.label)
        .split(/[^\p{L}]+/u)
        .slice(1)
        .some((word) => word.length > 3 && said.has(word)),
  );
  if (!named) return match;
  const count = measure ? match.pick.amount : (match.item.quantity ?? 1);
  const grams = Math.round(count * named.grams * 10) / 10;
  return {
    ...match,
    grams,
    kcal: Math.round(nutritionFor(food, grams).kcal),
    pick: { ...match.pick, amount: count, measure: named },
    notes: match.notes.filter((note) => note.kind !== 'volume-as-water' && note.kind !== 'measure-missing'),
  };
}

/** A measure label's first word: "tbsp" of "1 tbsp" and of "tbsp, ground". */
const firstWord = (label: string) => /\p{L}+/u.exec(fold(label))?.[0] ?? '';
