/**
 * The schema.org recipes of a saved web page: JSON-LD first, microdata when a page has no JSON-LD
 * recipe. Pure string work with no DOM and no network, so the same code reads a page on the server
 * and in a browser worker.
 *
 * A page is untrusted input. Every loop here is bounded by the page's length or by one of the
 * limits below, and no regular expression here can backtrack over the page more than once, so a
 * hostile page costs time in proportion to its size and never more recipes, lines or depth than
 * the limits allow.
 */

import { RECIPE_PAGE_READING } from '@/lib/limits';

export type PageRecipe = {
  name: string;
  /** recipeIngredient (or the older `ingredients`) lines: plain text, one ingredient a line. */
  ingredients: string[];
  /** The first number of recipeYield: "Serves 4-6" is 4, "makes 12 cookies" 12. */
  servings: number | null;
  /** recipeYield as the page writes it (its first text). */
  yieldText: string | null;
  /** recipeInstructions as plain lines, sections flattened in order. */
  steps: string[];
  image: string | null;
  /** totalTime, or prepTime and cookTime added, in whole minutes. */
  totalMinutes: number | null;
  /** Per serving, as NutritionInformation gives it. */
  nutrition: RecipeNutrition | null;
};

export type RecipeNutrition = {
  kcal: number | null;
  protein: number | null;
  fat: number | null;
  carbs: number | null;
};

/** How deep into one JSON document (or one microdata tree) the reader goes. */
const MAX_DEPTH = 20;
const MAX_RECIPES = RECIPE_PAGE_READING.recipes;
const MAX_INGREDIENTS = RECIPE_PAGE_READING.ingredients;
const MAX_STEPS = RECIPE_PAGE_READING.steps;
const MAX_LINE = RECIPE_PAGE_READING.lineLength;
/**
 * A JSON-LD script nested deeper than this is skipped unparsed: no real page comes near it, and
 * V8 spends most of a second parsing 5 MB of nested brackets that the reader would never look into.
 */
const MAX_PARSE_NESTING = 256;
/**
 * Text read for one value, markup and all, before it is made plain: far more than any real name,
 * ingredient or method needs, and a bound on the work a hostile page can ask for.
 */
const MAX_RAW_LINE = 20_000;
const MAX_RAW_TEXT = 500_000;
/**
 * JSON-LD scripts and microdata tags read on one page. The largest of a thousand real recipe pages
 * has a handful of scripts and 13,000 tags; past these a page is markup made to be slow, not read.
 */
const MAX_SCRIPTS = 1000;
const MAX_TAGS = 200_000;

type JsonObject = { [key: string]: unknown };

/** The schema.org recipes of a page, in page order, each once; [] for a page without one. */
export function recipesOfPage(html: string): PageRecipe[] {
  const fromJsonLd = new RecipeList();
  let scripts = 0;
  for (const text of jsonLdScripts(html)) {
    if (fromJsonLd.full || ++scripts > MAX_SCRIPTS) break;
    const document = parseJsonLd(text);
    if (document !== undefined) collectRecipes(document, 0, fromJsonLd);
  }
  if (fromJsonLd.recipes.length > 0) return fromJsonLd.recipes;

  const fromMicrodata = new RecipeList();
  for (const item of microdataRecipes(html)) {
    if (fromMicrodata.full) break;
    fromMicrodata.add(recipeOf(item, 0));
  }
  return fromMicrodata.recipes;
}

/** The recipes found so far: a page often repeats its recipe (in JSON-LD and again in a graph). */
class RecipeList {
  readonly recipes: PageRecipe[] = [];
  private readonly seen = new Set<string>();

  get full(): boolean {
    return this.recipes.length >= MAX_RECIPES;
  }

  add(recipe: PageRecipe | null): void {
    if (!recipe || this.full) return;
    const key = JSON.stringify([recipe.name, recipe.ingredients]);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.recipes.push(recipe);
  }
}

// ---------------------------------------------------------------------------------------------
// JSON-LD

/** The text of each `<script type="application/ld+json">`, in page order, outside comments. */
function* jsonLdScripts(html: string): Generator<string> {
  // `[^<>]*` rather than `[^>]*`: an unclosed `<script` must not send every later attempt to the end.
  const open = /<!--|<script\b([^<>]*)>/gi;
  const close = /<\/script\s*>/gi;
  for (let start = open.exec(html); start; start = open.exec(html)) {
    if (start[0] === '<!--') {
      const end = html.indexOf('-->', open.lastIndex);
      if (end < 0) return;
      open.lastIndex = end + 3;
      continue;
    }
    close.lastIndex = open.lastIndex;
    const end = close.exec(html);
    if (/\btype\s*=\s*["']?\s*application\/ld\+json/i.test(start[1] ?? '')) {
      yield html.slice(open.lastIndex, end ? end.index : html.length);
    }
    if (!end) return;
    open.lastIndex = close.lastIndex;
  }
}

/** A script's JSON, or undefined when it is not JSON (or is nested too deep to be worth parsing). */
function parseJsonLd(script: string): unknown {
  const text = withoutWrappers(script);
  // Only an object or a list can hold a recipe; anything else needs no parsing to be passed over.
  if (!/^[{[]/.test(text) || nestsDeeperThan(text, MAX_PARSE_NESTING)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Hand-written JSON-LD often keeps raw line breaks and tabs inside its strings, or escapes a
    // quote JSON does not escape; search engines read such scripts all the same.
    try {
      return JSON.parse(mendStrings(text));
    } catch {
      return undefined;
    }
  }
}

/** The JSON inside the comment or CDATA markers older pages wrap their scripts in. */
function withoutWrappers(script: string): string {
  let text = script.trim();
  // Both ends are looked at through a short window: a pattern that starts with `\s*` and is tried
  // at every place of a long run of spaces would take time in the square of the run's length.
  const opening = /^(?:<!--|(?:\/\/|\/\*)\s*<!\[CDATA\[(?:\s*\*\/)?)/.exec(text.slice(0, 64));
  if (opening) text = text.slice(opening[0].length);
  const closing = /(?:;\s*)?(?:-->|(?:\/\/|\/\*)\s*\]\]>(?:\s*\*\/)?)?\s*$/.exec(text.slice(-64));
  if (closing) text = text.slice(0, text.length - closing[0].length);
  return text.trim();
}

/** Whether brackets outside strings nest deeper than `limit`: one pass, no parsing. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x7b || code === 0x5b) {
      if (++depth > limit) return true;
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * The text with its strings mended the way PHP templates break them: raw control characters
 * escaped (so line breaks stay line breaks) and escapes JSON lacks (`don\'t`) unescaped.
 */
function mendStrings(text: string): string {
  const parts: string[] = [];
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!inString) {
      if (code === 0x22) inString = true;
    } else if (code === 0x22) {
      inString = false;
    } else if (code === 0x5c && VALID_ESCAPE.test(text[i + 1] ?? '')) {
      i++;
    } else if (code === 0x5c || code < 0x20) {
      // A script broken in thousands of places is not a slip of a template: not worth the work.
      if (parts.length >= MAX_MENDS) return text;
      parts.push(
        text.slice(from, i),
        code === 0x0a ? '\\n' : code === 0x0d ? '\\r' : code === 0x5c ? '' : ' ',
      );
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts.join('');
}

const MAX_MENDS = 10_000;
const VALID_ESCAPE = /^["\\/bfnrtu]$/;

/**
 * The schema.org recipes of a JSON document already parsed (a Nextcloud Cookbook `recipe.json`,
 * a page's JSON-LD), in document order, each once.
 */
export function recipesOfJson(document: unknown): PageRecipe[] {
  const found = new RecipeList();
  collectRecipes(document, 0, found);
  return found.recipes;
}

/**
 * A recipe written in schema.org's terms by another app's reader (lib/importers/recipe-apps), read
 * as a page's is: the same text clean-up and the same limits. Null when it holds nothing.
 */
export function recipeOfNode(node: Record<string, unknown>): PageRecipe | null {
  return recipeOf(node, 0);
}

/** Walks a JSON-LD document depth first (page order) and keeps each Recipe node it meets. */
function collectRecipes(value: unknown, depth: number, found: RecipeList): void {
  if (depth > MAX_DEPTH || found.full) return;
  if (Array.isArray(value)) {
    for (const item of value) collectRecipes(item, depth + 1, found);
    return;
  }
  if (!isObject(value)) return;
  if (isType(value['@type'], 'recipe')) {
    found.add(recipeOf(value, depth));
    return;
  }
  // Not only @graph: recipes also hide under mainEntity, itemListElement and the like.
  for (const key of Object.keys(value)) collectRecipes(value[key], depth + 1, found);
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `@type` as a string or a list of them, also written "schema:Recipe" or as a full URL. */
function isType(type: unknown, lowerCaseName: string): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((one) => typeof one === 'string' && localName(one).toLowerCase() === lowerCaseName);
}

/** "http://schema.org/Recipe" and "schema:Recipe" are Recipe. */
function localName(term: string): string {
  return term.trim().replace(/^.*[/#:]/, '');
}

// ---------------------------------------------------------------------------------------------
// A recipe node (from JSON-LD, or microdata turned into the same shape) to a PageRecipe

function recipeOf(node: JsonObject, depth: number): PageRecipe | null {
  const name = firstLine(node.name, depth) ?? firstLine(node.headline, depth) ?? '';
  let ingredients = ingredientLines(node.recipeIngredient, depth);
  if (ingredients.length === 0) ingredients = ingredientLines(node.ingredients, depth);
  const steps = stepLines(node.recipeInstructions, depth);
  // A Recipe node with nothing to show is a stub (a link to another page's recipe), not a recipe.
  if (!name && ingredients.length === 0 && steps.length === 0) return null;
  const yields = yieldOf(node.recipeYield ?? node.yield, depth);
  return {
    name,
    ingredients,
    servings: yields.servings,
    yieldText: yields.text,
    steps,
    image: imageOf(node.image, depth),
    totalMinutes: minutesOf(node, depth),
    nutrition: nutritionOf(node.nutrition, depth),
  };
}

/** The strings (and numbers) of a value that may be one or a list of them. */
function textsOf(value: unknown, depth: number, limit: number): string[] {
  const texts: string[] = [];
  const visit = (item: unknown, level: number): void => {
    if (texts.length >= limit || level > MAX_DEPTH) return;
    if (typeof item === 'string') texts.push(item);
    else if (typeof item === 'number' && Number.isFinite(item)) texts.push(String(item));
    else if (Array.isArray(item)) for (const each of item) visit(each, level + 1);
    // A JSON-LD value object: {"@value": "4 servings"}.
    else if (isObject(item) && '@value' in item) visit(item['@value'], level + 1);
  };
  visit(value, depth);
  return texts;
}

/** The first non-empty line of a text value. */
function firstLine(value: unknown, depth: number): string | null {
  for (const text of textsOf(value, depth, 20)) {
    const line = oneLine(text);
    if (line) return line;
  }
  return null;
}

/** Ingredient lines; an entry with line breaks is several lines, as some pages give the whole list as one text. */
function ingredientLines(value: unknown, depth: number): string[] {
  const lines: string[] = [];
  // Empty entries are dropped, so read a few more than kept before giving up on filling the list.
  for (const text of textsOf(value, depth, MAX_INGREDIENTS * 2)) {
    // WP Recipe Maker wraps a note that has its own brackets in brackets again: "((125g or 1/2 cup))".
    const once = linesOf(text, MAX_INGREDIENTS - lines.length).map((line) =>
      line.replace(/\(\(([^()]*)\)\)/g, '($1)'),
    );
    lines.push(...once);
    if (lines.length >= MAX_INGREDIENTS) break;
  }
  return lines;
}

/** A list's items, also under the "ItemListElement" some pages write. */
function itemListOf(node: JsonObject): unknown {
  if (node.itemListElement !== undefined) return node.itemListElement;
  const key = Object.keys(node).find((name) => name.toLowerCase() === 'itemlistelement');
  return key === undefined ? undefined : node[key];
}

/** recipeInstructions: a text of lines, HowToStep items, or HowToSections of steps, flattened. */
function stepLines(value: unknown, depth: number): string[] {
  const steps: string[] = [];
  const visit = (item: unknown, level: number): void => {
    if (steps.length >= MAX_STEPS || level > MAX_DEPTH) return;
    if (typeof item === 'string') {
      for (const line of linesOf(item, MAX_STEPS)) {
        // A method given as one text with its sentences glued ("…baking paper.Snap the chocolate"):
        // a full stop straight before a capital starts the next step.
        steps.push(...line.split(/(?<=[\p{Ll})][.!?])(?=\p{Lu})/u));
      }
      steps.splice(MAX_STEPS);
    } else if (Array.isArray(item)) {
      for (const each of item) visit(each, level + 1);
    } else if (isObject(item)) {
      // A section (or any list) holds its steps in itemListElement; its own name is a heading.
      const list = itemListOf(item);
      if (list !== undefined) visit(list, level + 1);
      else if (!isType(item['@type'], 'howtosection')) {
        const line = firstLine(item.text, level + 1) ?? firstLine(item.name, level + 1);
        if (line) steps.push(line);
      }
    }
  };
  visit(value, depth);
  return steps;
}

function yieldOf(value: unknown, depth: number): { servings: number | null; text: string | null } {
  const texts = textsOf(value, depth, 20)
    .map(oneLine)
    .filter((text) => text !== '');
  const servings = texts.map(firstNumber).find((n) => n !== null && n > 0) ?? null;
  return { servings, text: texts[0] ?? null };
}

function imageOf(value: unknown, depth: number): string | null {
  if (depth > MAX_DEPTH) return null;
  if (typeof value === 'string') return oneLine(value) || null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const url = imageOf(item, depth + 1);
      if (url) return url;
    }
    return null;
  }
  if (!isObject(value)) return null;
  // An ImageObject: its url, else its contentUrl, else an @id that is itself the address.
  const url = imageOf(value.url, depth + 1) ?? imageOf(value.contentUrl, depth + 1);
  if (url) return url;
  return typeof value['@id'] === 'string' && /^https?:\/\//i.test(value['@id']) ? value['@id'] : null;
}

/** totalTime; when it is missing or zero (pages write PT0M for "unknown"), prepTime plus cookTime. */
function minutesOf(node: JsonObject, depth: number): number | null {
  const total = durationMinutes(firstLine(node.totalTime, depth));
  if (total) return total;
  const prep = durationMinutes(firstLine(node.prepTime, depth));
  const cook = durationMinutes(firstLine(node.cookTime, depth));
  const sum = (prep ?? 0) + (cook ?? 0);
  return sum > 0 ? sum : null;
}

const ISO_DURATION =
  /^P(?:(\d+(?:[.,]\d+)?)Y)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)W)?(?:(\d+(?:[.,]\d+)?)D)?(?:T(?:(\d+(?:[.,]\d+)?)H)?(?:(\d+(?:[.,]\d+)?)M)?(?:(\d+(?:[.,]\d+)?)S)?)?$/i;

/** ISO 8601 duration in whole minutes: PT1H30M is 90. Years and months have no length in minutes. */
export function durationMinutes(text: string | null): number | null {
  const match = text ? ISO_DURATION.exec(text.replace(/\s+/g, '')) : null;
  if (!match || match[0] === 'P' || match[0].toUpperCase() === 'PT') return null;
  const [, years, months, weeks, days, hours, minutes, seconds] = match.map((part) =>
    part === undefined ? 0 : Number(part.replace(',', '.')),
  );
  if (years || months) return null;
  const total = (weeks ?? 0) * 10080 + (days ?? 0) * 1440 + (hours ?? 0) * 60 + (minutes ?? 0);
  return Math.round(total + (seconds ?? 0) / 60);
}

function nutritionOf(value: unknown, depth: number): RecipeNutrition | null {
  const node = firstObject(value, depth);
  if (!node) return null;
  const nutrition: RecipeNutrition = {
    kcal: energyOf(firstLine(node.calories, depth + 1)),
    protein: gramsOf(firstLine(node.proteinContent, depth + 1)),
    fat: gramsOf(firstLine(node.fatContent, depth + 1)),
    carbs: gramsOf(firstLine(node.carbohydrateContent, depth + 1)),
  };
  return Object.values(nutrition).every((n) => n === null) ? null : nutrition;
}

function firstObject(value: unknown, depth: number): JsonObject | null {
  if (depth > MAX_DEPTH) return null;
  if (isObject(value)) return value;
  if (!Array.isArray(value)) return null;
  for (const item of value) {
    const found = firstObject(item, depth + 1);
    if (found) return found;
  }
  return null;
}

/** "240 kcal", "240 calories" or a bare 240; kilojoules ("1004 kJ") become kcal. */
function energyOf(text: string | null): number | null {
  const match = text ? /(\d[\d.,]*)\s*(kj|kilojoules?)?/i.exec(text) : null;
  const amount = match ? localeNumber(match[1] ?? '') : null;
  if (amount === null) return null;
  return match?.[2] ? Math.round(amount / 4.184) : amount;
}

/** "12 g", "12,5g" or a bare 12. */
function gramsOf(text: string | null): number | null {
  return text ? firstNumber(text) : null;
}

/** The first number in a text: "Serves 4-6" is 4, "1,5 g" 1.5, "1,200 kcal" 1200. */
function firstNumber(text: string): number | null {
  const match = /\d[\d.,]*/.exec(text);
  return match ? localeNumber(match[0]) : null;
}

function localeNumber(written: string): number | null {
  const digits = written.replace(/[.,]+$/, '');
  let plain: string;
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(digits)) plain = digits.replace(/,/g, '');
  else if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(digits)) plain = digits.replace(/\./g, '').replace(',', '.');
  else plain = digits.replace(',', '.').replace(/^(\d*\.\d*).*$/, '$1');
  const value = Number(plain);
  return Number.isFinite(value) ? value : null;
}

// ---------------------------------------------------------------------------------------------
// Text: markup out, entities decoded, whitespace collapsed

/** A text as one trimmed line, cut to the line limit. */
function oneLine(text: string): string {
  return cut(collapse(htmlToText(text.slice(0, MAX_RAW_LINE), ' ')));
}

/**
 * A text's first `limit` non-empty lines, each cut to the limit: line breaks, `<br>` and
 * block-level tags end a line (a page may give a whole list as one text or one element).
 */
function linesOf(text: string, limit: number): string[] {
  const plain = htmlToText(text.slice(0, MAX_RAW_TEXT), '\n');
  const lines: string[] = [];
  const lineBreak = /\r\n?|\n|\u2028|\u2029/g;
  let from = 0;
  while (lines.length < limit) {
    const found = lineBreak.exec(plain);
    const line = cut(collapse(plain.slice(from, found ? found.index : plain.length)));
    // A line of punctuation alone is what was between two items, not an item ("<p>…</p>\n, <p>").
    if (/[\p{L}\p{N}]/u.test(line)) lines.push(line);
    if (!found) break;
    from = lineBreak.lastIndex;
  }
  return lines;
}

function collapse(text: string): string {
  return text.replace(/[\s\u200b\u00ad]+/g, ' ').trim();
}

function cut(line: string): string {
  if (line.length <= MAX_LINE) return line;
  const head = line.slice(0, MAX_LINE);
  // Never leave half of a surrogate pair (an emoji) at the end.
  return /[\ud800-\udbff]$/.test(head) ? head.slice(0, -1) : head;
}

const BREAK_TAG = /<br\b[^<>]*>/gi;
const BLOCK_TAG =
  /<\/?(?:p|div|li|ul|ol|dl|tr|table|h[1-6]|section|article|header|footer|blockquote|hr)\b[^<>]*>/gi;
/** Table cells and definition terms stand side by side: a space, so "1" and "egg" stay two words. */
const CELL_TAG = /<\/?(?:td|th|dt|dd)\b[^<>]*>/gi;
const ANY_TAG = /<\/?[a-z][^<>]*>/gi;

/** Plain text of a string that may hold markup: `<br>` breaks a line, block tags become `block`, other tags go. */
function htmlToText(text: string, block: string): string {
  if (!text.includes('<') && !text.includes('&')) return text;
  const untag = (markup: string): string =>
    markup.replace(BREAK_TAG, '\n').replace(BLOCK_TAG, block).replace(CELL_TAG, ' ').replace(ANY_TAG, '');
  const decoded = decodeEntities(untag(withoutHiddenBlocks(text)));
  // JSON-LD sometimes carries its markup escaped ("&lt;p&gt;"), which only shows after decoding.
  return decoded.includes('<') ? untag(decoded) : decoded;
}

/** The text without comments, scripts and styles, whose contents are not text. */
function withoutHiddenBlocks(text: string): string {
  if (!text.includes('<!--') && !/<(?:script|style)\b/i.test(text)) return text;
  const open = /<!--|<(script|style)\b/gi;
  let out = '';
  let from = 0;
  for (let start = open.exec(text); start; start = open.exec(text)) {
    out += text.slice(from, start.index);
    const end = endOfBlock(text, start[1], open.lastIndex);
    if (end < 0) return out;
    from = end;
    open.lastIndex = end;
  }
  return out + text.slice(from);
}

/** Where a comment (no tag name) or a script or style element that starts before `from` ends; -1 if never. */
function endOfBlock(text: string, tagName: string | undefined, from: number): number {
  if (!tagName) {
    const end = text.indexOf('-->', from);
    return end < 0 ? -1 : end + 3;
  }
  const close = new RegExp(`</${tagName}\\s*>`, 'gi');
  close.lastIndex = from;
  return close.exec(text) ? close.lastIndex : -1;
}

/**
 * Named entities a recipe page uses; the rest of HTML's two thousand stay as written. A Map, not
 * an object, like every table a page's own names look up: "&constructor;" must find nothing.
 */
const NAMED_ENTITIES = new Map<string, string>(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    ndash: '\u2013',
    mdash: '\u2014',
    lsquo: '\u2018',
    rsquo: '\u2019',
    sbquo: '\u201a',
    ldquo: '\u201c',
    rdquo: '\u201d',
    bdquo: '\u201e',
    laquo: '\u00ab',
    raquo: '\u00bb',
    hellip: '\u2026',
    bull: '\u2022',
    middot: '\u00b7',
    prime: '\u2032',
    Prime: '\u2033',
    deg: '\u00b0',
    times: '\u00d7',
    divide: '\u00f7',
    minus: '\u2212',
    plusmn: '\u00b1',
    frac12: '\u00bd',
    half: '\u00bd',
    frac14: '\u00bc',
    frac34: '\u00be',
    frac13: '\u2153',
    frac23: '\u2154',
    frac15: '\u2155',
    frac25: '\u2156',
    frac35: '\u2157',
    frac45: '\u2158',
    frac16: '\u2159',
    frac56: '\u215a',
    frac18: '\u215b',
    frac38: '\u215c',
    frac58: '\u215d',
    frac78: '\u215e',
    frasl: '\u2044',
    nbsp: '\u00a0',
    ensp: '\u2002',
    emsp: '\u2003',
    thinsp: '\u2009',
    zwnj: '\u200c',
    zwj: '\u200d',
    lrm: '\u200e',
    rlm: '\u200f',
    shy: '\u00ad',
    copy: '\u00a9',
    reg: '\u00ae',
    trade: '\u2122',
    euro: '\u20ac',
    pound: '\u00a3',
    cent: '\u00a2',
    yen: '\u00a5',
    sect: '\u00a7',
    para: '\u00b6',
    micro: '\u00b5',
    sup1: '\u00b9',
    sup2: '\u00b2',
    sup3: '\u00b3',
    iexcl: '\u00a1',
    iquest: '\u00bf',
    ordf: '\u00aa',
    ordm: '\u00ba',
    acute: '\u00b4',
    uml: '\u00a8',
    cedil: '\u00b8',
    circ: '\u02c6',
    tilde: '\u02dc',
    dagger: '\u2020',
    Dagger: '\u2021',
    permil: '\u2030',
    lsaquo: '\u2039',
    rsaquo: '\u203a',
    szlig: '\u00df',
    AElig: '\u00c6',
    aelig: '\u00e6',
    OElig: '\u0152',
    oelig: '\u0153',
    Oslash: '\u00d8',
    oslash: '\u00f8',
    ETH: '\u00d0',
    eth: '\u00f0',
    THORN: '\u00de',
    thorn: '\u00fe',
    Scaron: '\u0160',
    scaron: '\u0161',
    Zcaron: '\u017d',
    zcaron: '\u017e',
    Yuml: '\u0178',
    fnof: '\u0192',
  }),
);

/** Accented Latin letters by entity name ("eacute" is e and U+0301), for the letters HTML names. */
const ACCENTS = new Map<string, { combining: string; letters: string }>(
  Object.entries({
    grave: { combining: '\u0300', letters: 'AEIOUaeiou' },
    acute: { combining: '\u0301', letters: 'ACEILNORSUYZacegilnorsuyz' },
    circ: { combining: '\u0302', letters: 'ACEGHIJOSUWYaceghijosuwy' },
    tilde: { combining: '\u0303', letters: 'AINOUainou' },
    uml: { combining: '\u0308', letters: 'AEIOUaeiouy' },
    ring: { combining: '\u030a', letters: 'AUau' },
    cedil: { combining: '\u0327', letters: 'CGKLNRSTcklnrst' },
  }),
);

/** The windows-1252 characters HTML reads numeric references 128-159 as ("&#146;" is ’). */
const WINDOWS_1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  // Pages escape JSON-LD text twice ("&amp;amp;", "&amp;#39;"): a reference behind "&amp;" is a reference.
  return text
    .replace(/&amp;(?=#?[A-Za-z\d]{1,32};)/g, '&')
    .replace(
      /&(?:#(\d{1,7})|#[xX]([\da-fA-F]{1,6})|([A-Za-z][A-Za-z\d]{1,31}));/g,
      (whole: string, dec?: string, hex?: string, name?: string) =>
        typeof name === 'string'
          ? (namedEntity(name) ?? whole)
          : codePointText(dec ? Number(dec) : parseInt(hex ?? '', 16)),
    );
}

function namedEntity(name: string): string | null {
  const known = NAMED_ENTITIES.get(name);
  if (known !== undefined) return known;
  // eacute, Ntilde, ouml, aring, ccedil...: a letter and an accent, composed.
  const accented = /^([A-Za-z])(grave|acute|circ|tilde|uml|ring|cedil)$/.exec(name);
  const [, letter = '', accent = ''] = accented ?? [];
  const mark = ACCENTS.get(accent);
  return mark && mark.letters.includes(letter) ? `${letter}${mark.combining}`.normalize('NFC') : null;
}

function codePointText(code: number): string {
  if (code >= 0x80 && code <= 0x9f) return WINDOWS_1252[code - 0x80] ?? '\ufffd';
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(code);
}

// ---------------------------------------------------------------------------------------------
// Microdata: a small tag scanner that builds the page's items, then its Recipe items as JSON-LD

/** A microdata item while the page is read: its itemtype URLs and its properties' values in order. */
type MicroItem = { types: string[]; props: Map<string, MicroValue[]> };
/** A property's text, filled in when its element closes. */
type MicroText = { text: string };
type MicroValue = MicroItem | MicroText;

/** An open element: what its children belong to, and the text properties it is collecting. */
type OpenElement = { name: string; scope: MicroItem | null; capture: Capture | null };
/** A text property being read: its value and where its markup starts. */
type Capture = { value: MicroText; start: number };

/** Only these properties are read, so text is collected for nothing else. */
const MICRODATA_PROPS = new Set([
  'name',
  'headline',
  'recipeIngredient',
  'ingredients',
  'recipeYield',
  'yield',
  'recipeInstructions',
  'itemListElement',
  'text',
  'image',
  'url',
  'contentUrl',
  'totalTime',
  'prepTime',
  'cookTime',
  'nutrition',
  'calories',
  'proteinContent',
  'fatContent',
  'carbohydrateContent',
]);

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose content is not markup: a `<div itemprop>` in a script's string is no property. */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'template', 'xmp']);

/** Where a value lives on elements that keep it in an attribute (the microdata spec's table). */
const VALUE_ATTRIBUTE = new Map<string, string>(
  Object.entries({
    meta: 'content',
    a: 'href',
    area: 'href',
    link: 'href',
    img: 'src',
    audio: 'src',
    video: 'src',
    source: 'src',
    embed: 'src',
    iframe: 'src',
    track: 'src',
    object: 'data',
    data: 'value',
    meter: 'value',
    time: 'datetime',
  }),
);

/** Start tags that end an open element of these names without its end tag (`<li>a<li>b`). */
const IMPLIED_ENDS = new Map<string, readonly string[]>(
  Object.entries({
    li: ['li'],
    dt: ['dt', 'dd'],
    dd: ['dt', 'dd'],
    tr: ['tr', 'td', 'th'],
    td: ['td', 'th'],
    th: ['td', 'th'],
    option: ['option'],
  }),
);

/** Start tags that end an open `<p>`. */
const CLOSES_PARAGRAPH = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'div',
  'dl',
  'fieldset',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
]);

function isSchemaOrgRecipe(itemtype: string): boolean {
  return /^https?:\/\/(?:www\.)?schema\.org\/Recipe$/i.test(itemtype);
}

/** What every page with a microdata recipe has somewhere (the scan itself checks where). */
const RECIPE_ITEMTYPE = /schema\.org\/Recipe\b/i;

/** The page's microdata Recipe items as JSON-LD-shaped nodes, in page order. */
function microdataRecipes(html: string): JsonObject[] {
  // Most pages have no microdata recipe: a quick look spares them the scan.
  if (!RECIPE_ITEMTYPE.test(html) || !/itemscope/i.test(html)) return [];
  const recipes = new MicrodataReader(html).read().filter((item) => item.types.some(isSchemaOrgRecipe));
  return recipes.slice(0, MAX_RECIPES * 4).map((item) => itemAsJson(item, 0));
}

/**
 * Elements open at once, items on a page, values of one property: a real page stays far below
 * each, and past them a hostile page's extra markup is passed over rather than kept in memory.
 */
const MAX_OPEN_ELEMENTS = 512;
const MAX_ITEMS = 10_000;
const MAX_VALUES = MAX_INGREDIENTS * 2;

/** Builds a page's microdata items from its tags, the way a browser nests them (roughly). */
class MicrodataReader {
  private readonly items: MicroItem[] = [];
  private readonly stack: OpenElement[] = [];
  /** How many elements of each name are open: an end tag with none open is ignored at no cost. */
  private readonly openCount = new Map<string, number>();
  /** Nested properties read overlapping markup; this caps the total read for a hostile page. */
  private budget: number;

  constructor(private readonly html: string) {
    this.budget = Math.max(1_000_000, html.length);
  }

  /** Every item of the page, in the order their elements start. */
  read(): MicroItem[] {
    let tags = 0;
    for (const tag of tagsOf(this.html)) {
      if (++tags > MAX_TAGS) break;
      if (tag.closing) this.endTag(tag);
      else this.startTag(tag);
    }
    while (this.stack.length > 0) this.close(this.stack.pop() as OpenElement, this.html.length);
    return this.items;
  }

  private startTag(tag: Tag): void {
    this.endImpliedElements(tag);
    if (this.stack.length >= MAX_OPEN_ELEMENTS) return;
    const parentScope = this.stack.at(-1)?.scope ?? null;
    const element: OpenElement = { name: tag.name, scope: parentScope, capture: null };
    if (/item(?:scope|prop)/i.test(tag.attributes)) this.readItemAttributes(tag, element, parentScope);
    if (tag.selfClosing || VOID_ELEMENTS.has(tag.name)) {
      if (element.capture) this.finish(element.capture, tag.end);
      return;
    }
    this.stack.push(element);
    this.openCount.set(tag.name, (this.openCount.get(tag.name) ?? 0) + 1);
  }

  private endTag(tag: Tag): void {
    if ((this.openCount.get(tag.name) ?? 0) === 0) return;
    for (let top = this.stack.pop(); top; top = this.stack.pop()) {
      this.close(top, tag.start);
      if (top.name === tag.name) return;
    }
  }

  /** Closes what a start tag ends without end tags: an open `<li>` at a new `<li>`, a `<p>` at a `<div>`. */
  private endImpliedElements(tag: Tag): void {
    const ended = IMPLIED_ENDS.get(tag.name);
    for (let top = this.stack.at(-1); top; top = this.stack.at(-1)) {
      if (!ended?.includes(top.name) && !(top.name === 'p' && CLOSES_PARAGRAPH.has(tag.name))) return;
      this.stack.pop();
      this.close(top, tag.start);
    }
  }

  private close(element: OpenElement, end: number): void {
    this.openCount.set(element.name, (this.openCount.get(element.name) ?? 1) - 1);
    if (element.capture) this.finish(element.capture, end);
  }

  /** A text property's value: its element's markup, read as text later. */
  private finish(capture: Capture, end: number): void {
    const length = Math.max(0, Math.min(end - capture.start, MAX_RAW_TEXT, this.budget));
    this.budget -= length;
    // Source line breaks in markup are spaces; only tags break lines.
    capture.value.text = this.html.slice(capture.start, capture.start + length).replace(/\s+/g, ' ');
  }

  /** Makes the element's item (itemscope) and records its properties (itemprop) on the item it is in. */
  private readItemAttributes(tag: Tag, element: OpenElement, parentScope: MicroItem | null): void {
    const attributes = parseAttributes(tag.attributes);
    const props = (attributes.get('itemprop') ?? '')
      .split(/\s+/)
      .map(localName)
      .filter((prop) => MICRODATA_PROPS.has(prop));
    const addToParent = (value: MicroValue): boolean => {
      if (!parentScope) return false;
      let added = false;
      for (const prop of props) {
        const values = parentScope.props.get(prop) ?? [];
        parentScope.props.set(prop, values);
        if (values.length < MAX_VALUES) {
          values.push(value);
          added = true;
        }
      }
      return added;
    };

    if (attributes.has('itemscope')) {
      if (this.items.length >= MAX_ITEMS) return;
      const types = (attributes.get('itemtype') ?? '').split(/\s+/).filter(Boolean);
      const item: MicroItem = { types, props: new Map() };
      this.items.push(item);
      addToParent(item);
      element.scope = item;
      return;
    }
    const fromAttribute = attributeValue(tag.name, attributes);
    if (fromAttribute !== null) {
      addToParent({ text: fromAttribute });
      return;
    }
    const value: MicroText = { text: '' };
    if (addToParent(value)) element.capture = { value, start: tag.end };
  }
}

/** A property's value when an attribute holds it; null when it is the element's text. */
function attributeValue(tagName: string, attributes: Map<string, string>): string | null {
  // Not in the microdata spec, but recipe plugins put `content` on spans and search engines read it.
  const content = attributes.get('content');
  if (content !== undefined) return content;
  const attribute = VALUE_ATTRIBUTE.get(tagName);
  if (!attribute) return null;
  const value = attributes.get(attribute);
  if (tagName === 'img' && (!value || value.startsWith('data:'))) {
    // Lazily loaded images keep the real address aside and a placeholder in src.
    return attributes.get('data-src') ?? attributes.get('data-lazy-src') ?? value ?? '';
  }
  // <time> without datetime is read for its text, as the spec says.
  return value ?? (tagName === 'time' ? null : '');
}

/** An item as a JSON-LD node: `@type` and each property as the list of its values. */
function itemAsJson(item: MicroItem, depth: number): JsonObject {
  const node: JsonObject = { '@type': item.types };
  if (depth >= MAX_DEPTH) return node;
  for (const [prop, values] of item.props) {
    // Safe as a plain key: props are limited to MICRODATA_PROPS, so never "__proto__".
    node[prop] = values.map((value) => ('types' in value ? itemAsJson(value, depth + 1) : value.text));
  }
  return node;
}

type Tag = {
  /** Lower-case tag name. */
  name: string;
  closing: boolean;
  /** `<x/>`, closed at once as in XHTML and SVG (HTML proper would leave a `<div/>` open). */
  selfClosing: boolean;
  /** The raw text between the name and the tag's end. */
  attributes: string;
  /** Where the tag starts and where the text after it starts. */
  start: number;
  end: number;
};

/**
 * The start and end tags of a page, in order, skipping comments, doctypes and the content of
 * script-like elements. Every step moves forward, so the scan is linear in the page's length.
 */
function* tagsOf(html: string): Generator<Tag> {
  const tagName = /[A-Za-z][^\s/>]*/y;
  let at = html.indexOf('<');
  while (at >= 0 && at < html.length) {
    let next: number;
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      next = end < 0 ? -1 : end + 3;
    } else if (html[at + 1] === '!' || html[at + 1] === '?') {
      const end = html.indexOf('>', at + 2);
      next = end < 0 ? -1 : end + 1;
    } else {
      const closing = html[at + 1] === '/';
      tagName.lastIndex = at + (closing ? 2 : 1);
      // A `<` before anything but a letter is text ("a < b"): no regular expression needed to say so.
      const name = isAsciiLetter(html.charCodeAt(tagName.lastIndex))
        ? tagName.exec(html)?.[0].toLowerCase()
        : undefined;
      if (!name) {
        next = at + 1;
      } else {
        const end = endOfTag(html, tagName.lastIndex);
        const attributes = html.slice(tagName.lastIndex, end < 0 ? html.length : end - 1);
        const tag: Tag = {
          name,
          closing,
          selfClosing: !closing && attributes.endsWith('/'),
          attributes,
          start: at,
          end: end < 0 ? html.length : end,
        };
        yield tag;
        next = end < 0 || closing || !RAW_TEXT_ELEMENTS.has(name) ? end : endOfRawText(html, name, end);
      }
    }
    if (next < 0) return;
    at = html.indexOf('<', next);
  }
}

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** Just past the `>` that ends a tag whose attributes start at `from`; -1 if the page ends first. */
function endOfTag(html: string, from: number): number {
  let at = from;
  while (at < html.length) {
    const code = html.charCodeAt(at);
    if (code === 0x3e) return at + 1;
    if (code === 0x3d) {
      // A quoted value may hold `>`; quotes count only where a value starts, as in HTML.
      let value = at + 1;
      while (value < html.length && isSpace(html.charCodeAt(value))) value++;
      const quote = html[value];
      if (quote === '"' || quote === "'") {
        const closeQuote = html.indexOf(quote, value + 1);
        if (closeQuote < 0) return -1;
        at = closeQuote + 1;
        continue;
      }
      at = value;
      continue;
    }
    at++;
  }
  return -1;
}

/** HTML's whitespace: space, tab, line feed, form feed, carriage return. */
function isSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

/** Where markup resumes after the content of a script-like element: the start of its end tag. */
function endOfRawText(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}[\\s/>]`, 'gi');
  close.lastIndex = from;
  const found = close.exec(html);
  return found ? found.index : -1;
}

/** A tag's attributes by lower-case name, values entity-decoded later with the rest of the text. */
function parseAttributes(raw: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const attribute = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (let match = attribute.exec(raw); match; match = attribute.exec(raw)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}
