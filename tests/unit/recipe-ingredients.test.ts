import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoggableFood } from '@/lib/diary/nutrition';
import { LIMITS } from '@/lib/limits';
import { readIngredientLine } from '@/lib/recipes/ingredient-line';
import { readIngredients } from '@/lib/recipes/read-ingredients';
import { foodIndex } from '@/lib/server/mcp/food-search';

type Index = Awaited<ReturnType<typeof foodIndex>>;
const indexes: Partial<Record<'en' | 'ru', Index>> = {};

beforeAll(async () => {
  indexes.en = await foodIndex([], 'en');
  indexes.ru = await foodIndex([], 'ru');
});

/** The first food each line is matched to over the whole catalog, with its grams. */
function read(locale: 'en' | 'ru', ...lines: string[]) {
  const index = indexes[locale]!;
  return readIngredients(
    lines,
    (words, limit) => index.ranked(words, limit),
    (food: LoggableFood) => food,
    locale,
  ).map(({ line, matches }) =>
    line.counted
      ? { food: matches[0]?.found?.name ?? null, grams: matches[0]?.grams ?? null, note: line.note }
      : { uncounted: line.reason },
  );
}

describe('a recipe’s ingredient lines, as cookbooks write them', () => {
  it('reads the English idioms: a can’s own weight, a cook’s note after a comma, a heading', () => {
    // How a food was made ready is a note, not part of the food's name.
    expect(read('en', '1 (14.5 oz) can diced tomatoes')).toEqual([
      { food: expect.stringMatching(/^Tomato/), grams: 411.1, note: 'diced' },
    ]);
    expect(read('en', '2 (14.5 oz) cans diced tomatoes')[0]).toMatchObject({ grams: 822.1 });
    expect(read('en', '2 large eggs, beaten')).toEqual([
      { food: 'Egg, whole, raw', grams: expect.closeTo(100, 0), note: 'beaten' },
    ]);
    expect(read('en', '1 cup flour, sifted')).toEqual([
      { food: 'Wheat flour, all-purpose', grams: 125, note: 'sifted' },
    ]);
    expect(read('en', '3 cloves garlic, minced', '1 medium onion, chopped')).toEqual([
      { food: 'Garlic', grams: 9, note: 'minced' },
      { food: 'Onion', grams: 110, note: 'chopped' },
    ]);
    expect(read('en', '1 cup milk or water')).toEqual([
      { food: 'Milk, 3.25 % fat', grams: 244, note: 'or water' },
    ]);
    expect(read('en', 'For the sauce:', '▢ 2 cups rice')).toEqual([
      { uncounted: 'heading' },
      { food: 'Rice, white long-grain, dry', grams: 400, note: null },
    ]);
  });

  it('counts nothing for what is added to taste, in either language', () => {
    expect(read('en', 'salt and pepper to taste', 'Kosher salt, to taste', 'parsley, for garnish')).toEqual([
      { uncounted: 'toTaste' },
      { uncounted: 'toTaste' },
      { uncounted: 'toTaste' },
    ]);
    expect(read('ru', 'соль по вкусу', 'зелень для подачи')).toEqual([
      { uncounted: 'toTaste' },
      { uncounted: 'toTaste' },
    ]);
    // An amount named with it is counted: the cook said how much.
    expect(read('en', '1 teaspoon salt, or to taste')).toEqual([
      { food: 'Salt, table', grams: 6, note: 'or to taste' },
    ]);
  });

  it('counts nothing for a line that names no amount, but keeps it searchable', () => {
    expect(read('en', 'Kosher salt', 'Cooking spray, for pan', 'Parsley, for garnish', 'Pepperoni')).toEqual([
      { uncounted: 'noAmount' },
      { uncounted: 'noAmount' },
      { uncounted: 'toTaste' },
      { uncounted: 'noAmount' },
    ]);
    expect(read('ru', 'Соль', 'Зелень для подачи')).toEqual([
      { uncounted: 'noAmount' },
      { uncounted: 'toTaste' },
    ]);
  });

  it('reads how American cookbooks write amounts: "c.", "1 and 1/3", a range as its first figure', () => {
    expect(read('en', '3/4 c. all-purpose flour')).toEqual([
      { food: 'Wheat flour, all-purpose', grams: expect.closeTo(93.8, 0), note: null },
    ]);
    expect(read('en', '1 and 1/3 cup (167g) all-purpose flour')[0]).toMatchObject({ grams: 167 });
    expect(read('en', '2 to 2 1/4 pounds chicken wings')[0]).toMatchObject({
      grams: expect.closeTo(907.2, 0),
    });
    expect(read('en', '1 1/2 - 2 cups whole milk')[0]).toMatchObject({ grams: expect.closeTo(366, 0) });
    expect(read('en', '1 (15 to 16-ounce) container ricotta cheese')[0]).toMatchObject({
      grams: expect.closeTo(425.2, 0),
    });
  });

  it('finds a food by its alias in the other language too: an English recipe read in Russian', () => {
    const cinnamon = read('ru', '1 ч. л. корицы')[0];
    expect(read('ru', '1 teaspoon ground cinnamon')[0]).toMatchObject({
      food: (cinnamon as { food: string }).food,
    });
    expect(read('ru', '2 yellow onions, small dice')[0]).toMatchObject({
      food: read('ru', '2 луковицы')[0]!.food,
    });
  });

  it('leaves how a food was made ready out of its name, as a note', () => {
    expect(read('en', '2 tbsp extra-virgin olive oil')[0]).toMatchObject({
      food: expect.stringMatching(/^Olive oil/),
      note: 'extra-virgin',
    });
    expect(read('en', '3 very ripe bananas (mashed)')[0]).toMatchObject({
      food: 'Banana',
      note: 'very ripe; mashed',
    });
    expect(read('en', '1 pound salmon fillets')[0]).toMatchObject({ food: expect.stringMatching(/^Salmon/) });
  });

  it('reads the Russian idioms: spoons, a pinch, a glass with its grams, the amount after a dash', () => {
    expect(read('ru', '2 ст. л. сахара')).toEqual([{ food: 'Сахар', grams: 25.7, note: null }]);
    expect(read('ru', 'щепотка соли')).toEqual([{ food: 'Соль поваренная', grams: 0.4, note: null }]);
    expect(read('ru', '1 стакан муки (200 г)')).toEqual([{ food: 'Мука пшеничная', grams: 200, note: null }]);
    expect(read('ru', 'Рис — 200 г', 'Сметана 20% — 2 ст. л.')).toEqual([
      { food: 'Рис белый длиннозёрный сухой', grams: 200, note: null },
      { food: 'Сметана 20 %', grams: expect.any(Number), note: null },
    ]);
    expect(read('ru', '3 яйца')).toEqual([{ food: 'Яйцо куриное сырое', grams: 150, note: null }]);
    expect(read('ru', 'Для соуса:')).toEqual([{ uncounted: 'heading' }]);
  });

  it('takes a food as it is bought unless the line asks for it cooked', () => {
    expect(read('en', '2 cups rice')[0]).toMatchObject({ food: 'Rice, white long-grain, dry' });
    expect(read('en', '2 cups cooked rice')[0]).toMatchObject({
      food: expect.stringMatching(/boiled|cooked/),
    });
  });
});

describe('reading any line', () => {
  it('never throws, and counts only a line with a food’s words and grams within the limits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600, unit: 'grapheme' }), (line) => {
        const read = readIngredientLine(line);
        if (!read.counted) return;
        expect(read.phrase).toMatch(/\p{L}/u);
        expect(read.phrase.length).toBeLessThanOrEqual(LIMITS.phraseLength.max);
        if (read.grams !== null) {
          expect(read.grams).toBeGreaterThan(0);
          expect(read.grams).toBeLessThanOrEqual(LIMITS.recipeIngredientGrams.max);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('cuts a line of 10,000 characters to a food’s line, and a weight past the limit to it', () => {
    const long = readIngredientLine(`2 cups ${'flour '.repeat(2_000)}`);
    expect(long.text.length).toBeLessThanOrEqual(500);
    const huge = readIngredientLine('1 (99999999 kg) sack of flour');
    expect(huge).toMatchObject({ counted: true, grams: LIMITS.recipeIngredientGrams.max });
  });
});
