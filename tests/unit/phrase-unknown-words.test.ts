import { describe, expect, it } from 'vitest';
import { headWord } from '@/lib/diary/head-word';
import { foodWordsOf } from '@/lib/diary/phrase-match';
import { catalogIndex, readAgainstCatalog } from '../support/whole-catalog';

/*
 * Words the catalog does not know, read as a diary reads them: a food the words do not name is
 * worse than none, since it is logged with its energy ("latte" once logged fried chicken in
 * batter, "a bowl of pho" 835 kcal of processed cheese, "vanilla latte" vanilla ice cream). None
 * lets the user pick from the alternatives or create the food; a head the catalog knows is that
 * food, marked as a guess.
 */

const read = (text: string, locale: 'en' | 'ru' = 'en') => {
  const { matches } = readAgainstCatalog(text, locale);
  return matches.map((match) => ({
    id: match.found?.id ?? null,
    sure: match.sure,
    notes: match.notes.map((note) => note.kind),
  }));
};

describe('words the catalog does not know', () => {
  it.each([
    ['pho', 'en'],
    ['a bowl of pho', 'en'],
    ['chicken pho', 'en'],
    ['beef pho', 'en'],
    ['poke bowl', 'en'],
    ['acai bowl', 'en'],
    ['kombucha', 'en'],
    ['chicken curry', 'en'],
    ['поке', 'ru'],
    ['фо бо', 'ru'],
  ] as const)('"%s" (%s) logs nothing, and says so', (text, locale) => {
    expect(read(text, locale)).toEqual([{ id: null, sure: 'guess', notes: ['no-food'] }]);
  });

  it.each([
    ['vanilla latte', 'en', /^latte$/],
    ['oat latte', 'en', /^latte$/],
    ['grande latte', 'en', /^latte$/],
    ['ванильный латте', 'ru', /^latte$/],
    ['латте на овсяном молоке', 'ru', /^latte$/],
    ['greek yogurt', 'en', /^yogurt-/],
    ['греческий йогурт', 'ru', /^yogurt-/],
    ['feta cheese', 'en', /^feta$/],
    ['3 garlic cloves', 'en', /^garlic$/],
    ['2 celery ribs', 'en', /^celery-raw$/],
  ] as const)('"%s" (%s) is the food its head names, marked as a guess', (text, locale, id) => {
    const [only, ...rest] = read(text, locale);
    expect(rest).toEqual([]);
    expect(only!.id).toMatch(id);
    expect(only).toMatchObject({ sure: 'guess', notes: expect.arrayContaining(['words-missing']) });
  });

  it('reads "X with Y" as one dish only when the dish starts as the words do', () => {
    expect(read('toast with butter').map((item) => item.id)).toEqual([
      expect.stringMatching(/toast/),
      expect.stringMatching(/^butter/),
    ]);
    expect(read('coffee with milk').map((item) => item.id)).toEqual(['coffee-with-milk']);
    expect(read('mac and cheese').map((item) => item.id)).toEqual(['macaroni-cheese']);
    expect(read('пирожок с капустой', 'ru').map((item) => item.id)).toEqual(['pirozhki-cabbage']);
  });

  it('knows the names people use for a drink or a shake', () => {
    expect(read('coke zero')[0]!.id).toBe('cola-diet');
    expect(read('кола зеро', 'ru')[0]!.id).toBe('cola-diet');
    expect(read('protein shake')[0]!.id).toBe('whey-protein');
  });

  it('counts cherry tomatoes by the cherry, and names a spread by its brand', () => {
    const [tomatoes] = readAgainstCatalog('5 cherry tomatoes', 'en').matches;
    expect(tomatoes).toMatchObject({ found: { id: 'tomato' }, grams: 85 });
    expect(read('1 tbsp nutella')[0]!.id).toBe('hazelnut-chocolate-spread');
    expect(read('хлебцы 2 шт', 'ru')[0]!.id).toBe('rice-cakes');
  });

  it('counts a bowl of what is eaten from a bowl by what fills one', () => {
    const amount = (text: string) => {
      const [only] = readAgainstCatalog(text, 'en').matches;
      return { id: only!.found?.id, grams: only!.grams };
    };
    // A packet of the dry noodles made up, not 250 g of them (1,090 kcal).
    expect(amount('bowl of ramen')).toEqual({ id: 'usda-06583', grams: 85 });
    // A cup of flakes, not 250 g of them.
    expect(amount('a bowl of cereal')).toMatchObject({ id: 'corn-flakes' });
    expect(amount('a bowl of cereal').grams).toBeLessThan(40);
    expect(read('cereal with milk')[0]!.id).toBe('corn-flakes-with-milk');
    // "big" is the name's, not a size.
    expect(read('a big mac and large fries').map((item) => item.id)).toEqual(['usda-21237', 'french-fries']);
  });

  it('reads a Russian table as it is said', () => {
    // Eggs, however soft: "всмятку" says how they were cooked, not what they are.
    expect(read('2 яйца всмятку', 'ru')[0]!.id).toMatch(/^egg-/);
    // "Кофе с молоком без сахара" is no coffee with sugar: the coffee and the sugar, apart.
    expect(read('чашка кофе с сахаром', 'ru').map((item) => item.id)).toEqual(['coffee-brewed', 'sugar']);
    expect(read('чай без сахара', 'ru').map((item) => item.id)).toEqual(['tea']);
    // A бокал is a glass; tea with lemon is tea.
    const [wine] = readAgainstCatalog('бокал вина', 'ru').matches;
    expect(wine!.item.measure).toMatchObject({ kind: 'household', canonical: 'glass' });
    expect(read('чай с лимоном', 'ru').map((item) => item.id)).toEqual(['tea']);
  });

  it('counts a pint as a US pint', () => {
    const [beer] = readAgainstCatalog('a pint of beer', 'en').matches;
    expect(beer!.found?.id).toBe('beer');
    expect(beer!.grams).toBeGreaterThan(470);
    expect(beer!.grams).toBeLessThan(490);
  });
});

describe("the head of a food's words", () => {
  it.each([
    ['vanilla latte', 'latte'],
    ['cream of mushroom soup', 'soup'],
    ['coffee with milk', 'coffee'],
    ['garlic cloves', 'garlic'],
    ['broccoli stems', 'broccoli'],
    ['кофе с молоком', 'кофе'],
    ['суп куриный', 'суп'],
    ['ванильный латте', 'латте'],
    ['малина стакан', 'малина'],
    ['молоко 2,5%', 'молоко'],
  ])('of "%s" is "%s"', (words, head) => {
    expect(headWord(words)).toBe(head);
  });
});

describe('the words a search with an amount looks for', () => {
  const index = catalogIndex('en');
  const find = (text: string, limit: number) => index.ranked(text, limit);

  it.each([
    ['2 slices of bread', 'bread'],
    ['200 g rice', 'rice'],
    ['a bowl of pho', 'pho'],
    ['2 slices of brea', 'brea'],
    ['bread', 'bread'],
    ['eggs and toast', 'eggs and toast'],
    ['Milk, 1 % fat', 'Milk, 1 % fat'],
  ])('"%s" searches "%s"', (query, words) => {
    expect(foodWordsOf(query, find)).toBe(words);
  });

  it('finds bread for a typed portion of it', () => {
    const [first] = index.search(foodWordsOf('2 slices of bread', find), 1);
    expect(first?.en).toMatch(/bread/i);
  });
});
