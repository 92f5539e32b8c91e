import { fold } from '@/lib/diary/phrase-tokens';
import { weightUnits } from '@/lib/diary/phrase-words';
import { LIMITS } from '@/lib/limits';

/*
 * One line of a recipe's ingredient list, as cookbooks write it in English and Russian, turned
 * into what the phrase reader (lib/diary/phrase-reader.ts) reads: "1 (14.5 oz) can diced
 * tomatoes" is 411 g of diced tomatoes, "2 large eggs, beaten" is 2 large eggs, "1 стакан муки
 * (200 г)" is 200 g of flour, "salt and pepper to taste" is no amount at all. Pure.
 */

/**
 * Why a line counts for nothing: the cook judges the amount ("to taste"), the line names none
 * ("Kosher salt", "Fresh cilantro"), or it is a heading ("For the sauce:").
 */
export type UncountedReason = 'toTaste' | 'noAmount' | 'heading' | 'empty';

export type IngredientLine =
  | {
      counted: true;
      /** The line as written, trimmed. */
      text: string;
      /** What the phrase reader is given: the amount and the food, the cook's notes left out. */
      phrase: string;
      /** A weight the line states of itself ("(200 г)", "1 (14.5 oz) can"), in grams; it wins over a measure's. */
      grams: number | null;
      /** What was left out of the phrase ("beaten", "finely chopped", "or water"), as written. */
      note: string | null;
    }
  | { counted: false; text: string; reason: UncountedReason };

/** A line longer than a food's name can hold is cut: the rest is notes, never read slowly. */
const MAX_LINE = 500;

/** Bullets and check boxes recipe pages put before a line. */
const BULLET = /^[-–—•*·▢□☐✓✔︎▪◦]+\s*/u;

/** Amounts a line names without a number: the cook judges them, so they count for nothing. */
const TO_TASTE =
  /\b(to taste|as needed|as desired|if desired|for serving|for garnish|for frying|for greasing)\b|(^|\s)(по вкусу|по желанию|для подачи|для украшения|для жарки|для смазывания|по необходимости)(?=$|[\s,.;)])/iu;

/** Where the cook's notes begin: "2 eggs, beaten", "1 onion - diced", "milk or water", "plus more". */
const NOTE_START = /\s*(?:[,;]|\s[-–—]\s|\s(?:or|или|plus|\+)\s)/iu;

/** A weight written in a line's brackets: "(14.5 oz)", "(200 г)", "(about 1 lb)", "(1½ kg)". */
const BRACKETED_WEIGHT =
  /(\d+(?:[.,]\d+)?|\d*\s*[½¼¾⅓⅔])\s*-?\s*(g|gr|grams?|г|гр|грамм(?:а|ов)?|kg|кг|oz|ounces?|унц(?:ия|ии|ий)|lbs?|pounds?)\.?(?=$|[\s,;)])/iu;

const UNIT_OF: Record<string, keyof typeof weightUnits> = {
  g: 'g',
  gr: 'g',
  gram: 'g',
  grams: 'g',
  г: 'g',
  гр: 'g',
  грамм: 'g',
  грамма: 'g',
  граммов: 'g',
  kg: 'kg',
  кг: 'kg',
  oz: 'oz',
  ounce: 'oz',
  ounces: 'oz',
  унция: 'oz',
  унции: 'oz',
  унций: 'oz',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
};

/**
 * How a food was made ready, which says nothing of which food it is: "3 cups baby spinach,
 * chopped" is spinach, "2 tbsp extra-virgin olive oil" olive oil. Left out of what is matched and
 * kept in the note. Words that name another food ("ground beef", "dried cherries", "smoked
 * salmon", "roasted peppers") are not among them.
 */
const PREPARATION =
  /(?<![\p{L}-])(?:(?:finely|roughly|coarsely|thinly|freshly|lightly|very|well|loosely|firmly)\s+)?(?:chopped|minced|diced|sliced|grated|shredded|melted|softened|beaten|peeled|unpeeled|deveined|halved|quartered|crushed|toasted|packed|sifted|cubed|torn|trimmed|rinsed|drained|mashed|ripe|fresh|uncooked|extra[- ]virgin|quality|good[- ]quality|free[- ]range|organic|bite[- ]size[d]?|pitted|seeded|stemmed|jarred|store[- ]bought|homemade|room[- ]temperature|at room temperature|warm|cold|cooled|divided|plus more|heaping|level|fillets?|filets?|florets?|halves|segments|chunks|wedges|pieces|whole(?=\s+(?:large|medium|small)\b)|(?:finely|freshly|coarsely)\s+ground|crumbled|of choice|cage[- ]free|no[- ]salt[- ]added|petite(?:[- ]diced)?|boneless|skinless|bone[- ]in|skin[- ]on|head[- ]on|lump|raw|full[- ]fat|нарезанн\p{L}*|измельч[её]нн\p{L}*|рублен\p{L}*|тёрт\p{L}*|тертая|тертый|очищенн\p{L}*|свеж\p{L}*)(?![\p{L}-])/giu;

/**
 * "chicken or vegetable broth", "red, yellow, or orange bell pepper", "semi-sweet or dark chocolate
 * chips": kinds of one food that share its noun, read as the first kind with the noun ("chicken
 * broth"); the rest stays a note. "milk or water" names two foods, and is left to the note.
 */
function sharedNoun(text: string): string {
  const found =
    /^(.*?\p{L}[\p{L}-]*)((?:,\s*\p{L}[\p{L}-]*)*,?)\s+(?:or|или)\s+\p{L}[\p{L}-]*((?:\s+\p{L}[\p{L}-]*)+)(.*)$/u.exec(
      text,
    );
  // "salt, or to taste": a comma alone before "or" starts a note, not a list of kinds.
  if (!found || /[,;]/.test(found[1]!) || (found[2] && !/\p{L}/u.test(found[2]))) return text;
  return `${found[1]}${found[3]}${found[4]}`;
}

/** A count and the container it counts, at the start of a phrase whose weight the line states. */
const CONTAINER = new RegExp(
  String.raw`^(?:\d+(?:[.,]\d+)?(?:\s+\d+\/\d+)?|\d+\/\d+|\d*\s*[½¼¾⅓⅔]|an?|one)?\s*(?:containers?|packages?|pkgs?\.?|bags?|jars?|cans?|tins?|boxe?s?|cartons?|blocks?|bottles?|tubs?|sticks?|банк[аи]?|пачк[аи]|упаковк[аи])(?:\s+of)?\s+`,
  'iu',
);

const VULGAR: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3 };

/** "14.5", "1,5", "1½", "½" as a number. */
function numberOf(written: string): number {
  const text = written.replace(/\s+/g, '');
  const vulgar = text.at(-1)!;
  if (vulgar in VULGAR) return Number(text.slice(0, -1) || 0) + VULGAR[vulgar]!;
  return Number(text.replace(',', '.'));
}

/** A kind of the food said in brackets after it, which names another row of the catalog. */
const KIND_IN_BRACKETS =
  /^(?:unsalted|salted|low[- ]sodium|reduced[- ]sodium|low[- ]fat|reduced[- ]fat|fat[- ]free|nonfat|non-fat|skim|whole milk|unsweetened|sweetened)$/iu;

/** The grams a bracket states, or null when it states none ("(optional)", "(about 2 cups)"). */
function gramsInBracket(inside: string): number | null {
  const found = BRACKETED_WEIGHT.exec(inside);
  if (!found) return null;
  const unit = UNIT_OF[fold(found[2]!)];
  const grams = unit ? numberOf(found[1]!) * weightUnits[unit] : NaN;
  return Number.isFinite(grams) && grams > 0 ? grams : null;
}

/** The count a line starts with ("2", "1 1/2", "½"), or null. */
function leadingCount(text: string): { count: number; length: number } | null {
  const found = /^(\d+(?:[.,]\d+)?(?:\s+\d+\/\d+)?|\d+\/\d+|\d*\s*[½¼¾⅓⅔])(?=\s|\()/u.exec(text);
  if (!found) return null;
  const written = found[1]!.trim();
  const [whole, fraction] = written.includes('/') ? splitFraction(written) : [numberOf(written), 0];
  return { count: whole + fraction, length: found[0].length };
}

function splitFraction(written: string): [number, number] {
  const parts = written.split(/\s+/);
  const [top, bottom] = parts.at(-1)!.split('/').map(Number);
  const whole = parts.length > 1 ? Number(parts[0]) : 0;
  return [whole, bottom ? top! / bottom : 0];
}

/**
 * The weight a line states in brackets, and the line without its brackets. Right after the
 * count it is the weight of each ("2 (14.5 oz) cans" are 822 g); anywhere else, of the whole
 * ("1 стакан муки (200 г)" is 200 g). A bracket without a weight is a note.
 */
function bracketsOf(text: string): { rest: string; grams: number | null; notes: string[] } {
  const count = leadingCount(text);
  let grams: number | null = null;
  const notes: string[] = [];
  const rest = text.replace(/\s*[([]([^)\]]*)[)\]]/g, (bracket, inside: string, offset: number) => {
    // "dark chocolate (70%)", "milk (2%)", "butter (unsalted)", "soy sauce (low sodium)": a share
    // or a kind in brackets is part of the food's name.
    if (/^\d+(?:[.,]\d+)?\s*%$/.test(inside.trim()) || KIND_IN_BRACKETS.test(inside.trim()))
      return ` ${inside.trim()}`;
    const weight = gramsInBracket(inside);
    if (weight !== null && grams === null) {
      const each = count !== null && text.slice(count.length, offset).trim() === '';
      grams = each ? weight * count!.count : weight;
    } else if (inside.trim()) {
      notes.push(inside.trim());
    }
    return bracket.startsWith(' ') ? ' ' : '';
  });
  return { rest: rest.replace(/\s{2,}/g, ' ').trim(), grams, notes };
}

const AMOUNT = String.raw`(?:\d+(?:[.,]\d+)?(?:\s+\d+\/\d+)?|\d+\/\d+|\d*\s*[½¼¾⅓⅔])`;
/** "1 and 1/3 cup": a whole and a fraction joined by "and". */
const AND_FRACTION = /(\d+)\s+and\s+(\d+\/\d+|[½¼¾⅓⅔])/giu;
/** "2 to 2 1/4 pounds", "1 1/2 - 2 cups", "4-6 Tbsp", "(15 to 16-ounce)": the first of a range counts. */
const RANGE = new RegExp(`(${AMOUNT})\\s*(?:to|-|–|—)\\s*${AMOUNT}(?=[\\s-]|$)`, 'giu');

/** Reads one line of an ingredient list. Never throws. */
export function readIngredientLine(line: string): IngredientLine {
  const text = line.replace(/\s+/g, ' ').trim().slice(0, MAX_LINE);
  const unbulleted = text
    .replace(BULLET, '')
    .replace(AND_FRACTION, '$1 $2')
    .replace(RANGE, '$1')
    // "½ teaspoon EACH: garlic powder AND smoked paprika": the amount of each of them.
    .replace(/^(.+?)\s+each:?\s+(.+?)\s+and\s+(.+)$/iu, '$1 $2 and $1 $3')
    // "2 small-to-medium cloves": the first size.
    .replace(/\b(small|medium|large)[- ]to[- ](?:small|medium|large)\b/giu, '$1')
    .trim();
  if (!/\p{L}/u.test(unbulleted)) return { counted: false, text, reason: 'empty' };
  if (/[:：]$/.test(unbulleted) && !/\d/.test(unbulleted)) return { counted: false, text, reason: 'heading' };

  const { rest: read, grams, notes } = bracketsOf(amountAfterDash(weightInWords(unbulleted)));
  const rest = sharedNoun(read);
  const noteAt = rest.search(NOTE_START);
  const phrase = (noteAt > 0 ? rest.slice(0, noteAt) : rest).trim();
  const tail = noteAt > 0 ? rest.slice(noteAt).replace(/^\s*[,;]?\s*/, '') : '';
  const hasAmount = grams !== null || /\d|[½¼¾⅓⅔]/u.test(phrase) || startsWithAmountWord(phrase);
  if (!hasAmount && TO_TASTE.test(unbulleted)) return { counted: false, text, reason: 'toTaste' };
  // A line that names no amount ("Kosher salt", "Cooking spray", "Fresh cilantro, to top") gives
  // nothing to weigh: the cook adds what looks right, and guessing a serving of it would be worse.
  if (!hasAmount) return { counted: false, text, reason: 'noAmount' };

  const prepared: string[] = [];
  const cleaned = phrase
    .replace(TO_TASTE, ' ')
    // "3/4 c. flour": an American cookbook's cup.
    .replace(/(\d|[½¼¾⅓⅔])\s*c\.?(?=\s)/giu, '$1 cup')
    .replace(PREPARATION, (word) => {
      prepared.push(word);
      return ' ';
    })
    .replace(/\s+,/g, ',')
    .replace(/\s{2,}/g, ' ')
    .trim();
  if (!/\p{L}/u.test(cleaned)) return { counted: false, text, reason: 'toTaste' };
  // A weight the line states is the whole amount: its count and container ("1 (15-ounce)
  // container", "2 (14.5 oz) cans") have nothing more to say, and a container the phrase reader
  // does not know would only hide the food. A can or a tin says the food is canned.
  const food =
    grams === null
      ? cleaned
      : cleaned
          .replace(CONTAINER, (container) => (/\b(?:cans?|tins?|банк)/iu.test(container) ? 'canned ' : ''))
          .trim() || cleaned;
  const note = [prepared.join(' '), tail, ...notes].filter(Boolean).join('; ') || null;
  return {
    counted: true,
    text,
    phrase: food.slice(0, LIMITS.phraseLength.max),
    grams: grams === null ? null : Math.min(grams, LIMITS.recipeIngredientGrams.max),
    note,
  };
}

/**
 * A weight written into the words, read as the bracketed weight it means: "an 8-ounce block of
 * cheddar" as "an (8-ounce) block of cheddar", and the grams a line gives after a slash ("5
 * ounces/145 grams white Cheddar", "1/4 cup/25 grams Pecorino") as "5 ounces (145 grams)".
 */
function weightInWords(text: string): string {
  return text
    .replace(
      /^(\S+\s+)(\d+(?:[.,]\d+)?-(?:ounces?|oz|pounds?|lbs?|grams?|g))(?=\s)/iu,
      (_, count: string, weight: string) => `${count}(${weight})`,
    )
    .replace(/^(\S+\s+\p{L}+\.?)\s*\/\s*(\d+(?:[.,]\d+)?\s*(?:grams?|g))(?=\s)/iu, '$1 ($2)');
}

/**
 * "Рис — 200 г", "Сметана 20% - 2 ст. л.", "Eggs – 3": the food first and its amount after a
 * dash, as Russian cookbooks write a list. Read as "Рис 200 г"; a dash after an amount is a note.
 */
function amountAfterDash(text: string): string {
  const found = /^((?![\d½¼¾⅓⅔]).*?\p{L}.*?)\s+[-–—]\s+((?:\d|[½¼¾⅓⅔]).*)$/u.exec(text);
  return found ? `${found[1]} ${found[2]}` : text;
}

/** "a pinch of salt", "щепотка соли", "one egg": an amount without a digit. */
function startsWithAmountWord(phrase: string): boolean {
  return /^(?:(?:a|an|one|two|three|half|pinch|dash|(?:large |small |big )?(?:handful|bunch))(?!\p{L})|щепот|пол|один|одн|два|две|три|четыре|пять)/iu.test(
    fold(phrase),
  );
}
