import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { best, SEARCH_BOOST, SearchIndex, type SearchDoc } from '@/lib/diary/search';
import { withinOneEdit } from '@/lib/diary/search-words';
import { catalogFoods } from '@/lib/catalog/catalog-data';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { LIMITS } from '@/lib/limits';

function rank(query: string, docs: Array<Omit<SearchDoc<string>, 'item'> & { item?: string }>): string[] {
  return new SearchIndex(docs.map((doc) => ({ ...doc, item: doc.item ?? doc.name }))).search(query);
}

describe('search ranking', () => {
  it('puts the exact name first, then names starting with the query, then names holding it', () => {
    const docs = [
      { name: 'Banana cream pie' },
      { name: 'Strawberry and banana smoothie' },
      { name: 'Banana' },
    ];
    expect(rank('banana', docs)).toEqual(['Banana', 'Banana cream pie', 'Strawberry and banana smoothie']);
  });

  it('ranks whole words above the start of a longer word', () => {
    const docs = [{ name: 'Breaded chicken strips' }, { name: 'Rye bread' }];
    expect(rank('bread', docs)).toEqual(['Rye bread', 'Breaded chicken strips']);
  });

  it('puts a name whose first word matches before one that has the word later', () => {
    const docs = [{ name: 'Chocolate-coated coffee beans' }, { name: 'Coffee with milk' }];
    expect(rank('coffee', docs)).toEqual(['Coffee with milk', 'Chocolate-coated coffee beans']);
    const milk = [{ name: 'Porridge with milk' }, { name: 'Milk, 2.5 % fat' }];
    expect(rank('milk', milk)[0]).toBe('Milk, 2.5 % fat');
  });

  it('puts English names ending in the word, after their modifiers, before names it modifies', () => {
    const docs = [{ name: 'Chocolate milk' }, { name: 'Milk chocolate' }, { name: 'Coffee with milk' }];
    expect(rank('chocolate', docs)).toEqual(['Milk chocolate', 'Chocolate milk']);
    expect(rank('milk', docs)).toEqual(['Chocolate milk', 'Milk chocolate', 'Coffee with milk']);
  });

  it('finds Russian word forms, synonyms and ё written as е', () => {
    const docs = [{ name: 'Гречка отварная' }, { name: 'Овсяная каша на воде' }, { name: 'Ёжевичный джем' }];
    expect(rank('гречку', docs)).toEqual(['Гречка отварная']);
    expect(rank('гречневая каша', [...docs, { name: 'Гречневая каша' }])[0]).toBe('Гречневая каша');
    expect(rank('гречневая', docs)).toEqual(['Гречка отварная']);
    expect(rank('овсянка', docs)).toEqual(['Овсяная каша на воде']);
    expect(rank('ежевичный', docs)).toEqual(['Ёжевичный джем']);
    expect(rank('ЁЖЕВИЧНЫЙ', docs)).toEqual(['Ёжевичный джем']);
  });

  it('finds English plurals and singulars', () => {
    expect(rank('apples', [{ name: 'Apple, raw' }])).toEqual(['Apple, raw']);
    expect(rank('strawberry', [{ name: 'Strawberries' }])).toEqual(['Strawberries']);
    expect(rank('tomatoes', [{ name: 'Tomato, red, raw' }])).toEqual(['Tomato, red, raw']);
  });

  it('forgives one typo in a word of four letters or more, ranked below exact matches', () => {
    expect(rank('bananna', [{ name: 'Banana' }])).toEqual(['Banana']);
    expect(rank('молако', [{ name: 'Молоко 2,5 %' }])).toEqual(['Молоко 2,5 %']);
    expect(rank('chikcen', [{ name: 'Chicken breast' }])).toEqual(['Chicken breast']);
    // Too short to guess at: "рис" must not find "рыс" or "рот".
    expect(rank('рыс', [{ name: 'Рис отварной' }])).toEqual([]);
    // Only a word that matches nothing as typed is read as a typo.
    const docs = [{ name: 'Milk' }, { name: 'Mild salsa' }];
    expect(rank('milk', docs)).toEqual(['Milk']);
    expect(rank('mile', docs)).toEqual(['Milk', 'Mild salsa']);
  });

  it('builds in slices that give the thread back, and answers as one built at once', async () => {
    const docs = catalogFoods.map((food) => catalogSearchDoc(food, 'en', food.id));
    let gaveBack = false;
    setTimeout(() => (gaveBack = true), 0);
    const sliced = await SearchIndex.build(docs, 0);
    expect(gaveBack).toBe(true);
    const whole = new SearchIndex(docs);
    for (const query of ['banana', 'milk', 'chiken', 'coffee with milk', 'гречка'])
      expect(sliced.search(query, 20)).toEqual(whole.search(query, 20));
  });

  it('says when only a typo on another word found a food, so creating the food comes first', () => {
    const index = new SearchIndex([
      { item: 'batter', name: 'Fried chicken in batter' },
      { item: 'milk', name: 'Молоко 2,5 %' },
    ]);
    // "latte" is one letter from "batter", a word past the name's first: weak.
    expect(index.ranked('latte')).toEqual([
      {
        item: 'batter',
        weak: true,
        whole: false,
        exact: false,
        allWords: true,
        named: false,
        partial: false,
        missing: false,
      },
    ]);
    // A long word's typo on the name's first word is the food misspelt ("молако").
    expect(index.ranked('молако')[0]).toMatchObject({ item: 'milk', weak: false });
  });

  it("says when a word was found only as the start of a longer word past the name's first", () => {
    const index = new SearchIndex([
      { item: 'cheese', name: 'Cheese, swiss, without di sodium phosphate' },
      { item: 'mayonnaise', name: 'Mayonnaise, full-fat' },
    ]);
    // "pho" is no word of the cheese: a word still being typed, or one the catalog lacks.
    expect(index.ranked('pho')).toMatchObject([{ item: 'cheese', partial: true, allWords: false }]);
    // The start of the name's first word is a short name of the food.
    expect(index.ranked('mayo')).toMatchObject([{ item: 'mayonnaise', partial: false }]);
    expect(index.ranked('swiss cheese')).toMatchObject([{ item: 'cheese', partial: false, allWords: true }]);
  });

  it('finds a food by an alias as by its own name, ahead of names that merely hold the word', () => {
    const index = new SearchIndex([
      { item: 'coffee cake', name: 'Coffee cake, cinnamon with crumb topping', boost: 30 },
      {
        item: 'cinnamon',
        name: 'Spices, cinnamon, ground',
        aliases: ['cinnamon', 'ground cinnamon'],
        boost: -450,
      },
    ]);
    expect(index.ranked('cinnamon')[0]).toMatchObject({ item: 'cinnamon', named: true, exact: true });
    expect(index.ranked('ground cinnamon')[0]).toMatchObject({ item: 'cinnamon', named: true });
    // Plurals and other forms of an alias are the alias.
    expect(index.ranked('cinnamons')[0]).toMatchObject({ item: 'cinnamon', named: true });
    expect(index.ranked('cinnamon crumb')[0]).toMatchObject({ item: 'coffee cake', named: false });
  });

  it('counts a typo as no rare word: "greek yogurt" is yogurt, not green peas', () => {
    // A word no name holds is the rarest of all: counted for "greek" through its typo "green", it
    // put Green peas before every yogurt of the catalog.
    const docs = [
      { name: 'Green peas' },
      ...Array.from({ length: 16 }, (_, i) => ({ name: `Fruit ${i} yogurt` })),
      ...Array.from({ length: 48 }, (_, i) => ({ name: `Other food ${i}` })),
    ];
    expect(rank('greek yogurt', docs)[0]).toMatch(/yogurt/);
  });

  it('finds an English name by the other name it gives in brackets', () => {
    const docs = [{ name: 'Crispy chicken burger' }, { name: 'Hamburger (burger)' }, { name: 'Burger bun' }];
    expect(rank('burger', docs)[0]).toBe('Hamburger (burger)');
    // A Russian name brackets a kind, not another name.
    expect(rank('грибы', [{ name: 'Лисички (грибы)' }, { name: 'Грибы шампиньоны' }])[0]).toBe(
      'Грибы шампиньоны',
    );
  });

  it('requires every typed word to match, anywhere in the name, in any order', () => {
    const docs = [{ name: 'Cheese, cottage, 2 %' }, { name: 'Cheese bread' }];
    expect(rank('cottage cheese', docs)).toEqual(['Cheese, cottage, 2 %']);
    expect(rank('cottage pie', docs)).toEqual(['Cheese, cottage, 2 %']);
    expect(rank('apple pie', docs)).toEqual([]);
  });

  it('answers the foods missing one word when none has them all, the rarer words first', () => {
    const docs = [
      { name: 'Гречка отварная' },
      { name: 'Манная каша' },
      { name: 'Овсяная каша' },
      { name: 'Рисовая каша' },
    ];
    expect(rank('гречневая каша', docs)[0]).toBe('Гречка отварная');
    expect(rank('гречневая каша', [...docs, { name: 'Каша гречневая с молоком' }])).toEqual([
      'Каша гречневая с молоком',
    ]);
  });

  it('puts first, among foods missing a word, those that are what the words name', () => {
    const docs = [
      { name: 'Vanilla ice cream, light' },
      { name: 'Caffè latte, no sugar' },
      { name: 'Feta' },
      { name: 'Cheddar cheese' },
    ];
    // "latte" says what it is; "vanilla" only qualifies it.
    expect(rank('vanilla latte', docs)[0]).toBe('Caffè latte, no sugar');
    // Feta's own name is a word typed: it is the cheese the words name.
    expect(rank('feta cheese', docs)[0]).toBe('Feta');
  });

  it('puts the food itself, qualified after a comma, before names that go on', () => {
    const docs = [{ name: 'Coffee liqueur' }, { name: 'Coffee, brewed, black' }, { name: 'Egg white, raw' }];
    expect(rank('coffee', docs)).toEqual(['Coffee, brewed, black', 'Coffee liqueur']);
  });

  it('finds by the other language and by tags, below names', () => {
    const docs = [
      { item: 'kefir', name: 'Kefir', alsoKnownAs: 'Кефир' },
      { item: 'dairy', name: 'Cheddar', tags: ['Kefirline'] },
      { item: 'yogurt', name: 'Yogurt', alsoKnownAs: 'Йогурт' },
    ];
    expect(rank('кефир', docs)).toEqual(['kefir']);
    expect(rank('kefir', docs)).toEqual(['kefir', 'dairy']);
  });

  it("lifts the user's own and recent foods among equal matches, never above an exact name", () => {
    const docs = [
      { item: 'catalog', name: 'Oat flakes' },
      { item: 'own', name: 'Oat flakes, store brand', boost: SEARCH_BOOST.own },
      { item: 'recent', name: 'Oat flakes with honey', boost: SEARCH_BOOST.recent },
    ];
    expect(rank('oat', docs)).toEqual(['recent', 'own', 'catalog']);
    // "Oat flakes, store brand" is oat flakes, qualified: it comes before oat flakes with honey.
    expect(rank('oat flakes', docs)).toEqual(['catalog', 'own', 'recent']);
  });

  it('answers nothing for an empty or punctuation-only query, and never throws', () => {
    const index = new SearchIndex([{ item: 1, name: 'Banana' }]);
    expect(index.search('')).toEqual([]);
    expect(index.search(' ,.- ')).toEqual([]);
    fc.assert(
      fc.property(fc.string(), fc.string(), (name, query) => {
        const found = new SearchIndex([{ item: name, name }]).search(query);
        expect(found.length).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('reads a query as far as a name may be long: what a pasted page holds past that is left', () => {
    const index = new SearchIndex(catalogFoods.map((food) => catalogSearchDoc(food, 'en', food.id)));
    const padded = `banana${' '.repeat(LIMITS.nameLength.max)} qqqqq wwwww`;
    expect(index.search(padded, 5)).toContain('banana');
    const pasted = `banana${' qqqqq'.repeat(2_000)}`;
    expect(index.search(pasted, 5)).toEqual(index.search(pasted.slice(0, LIMITS.nameLength.max), 5));
  });

  it('finds every name by itself, first among any others', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-zа-я]{2,8}( [a-zа-я]{2,8}){0,3}$/), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.nat(),
        (names, pick) => {
          const name = names[pick % names.length]!;
          const found = new SearchIndex(names.map((item) => ({ item, name: item }))).search(name);
          expect(found[0]).toBe(name);
        },
      ),
    );
  });
});

describe('the vocabulary index', () => {
  // search() scores only the docs whose words match every query word; scoring every doc must
  // answer the same, for the catalog in both languages and for random names and queries.
  const catalog = (locale: 'en' | 'ru') =>
    new SearchIndex(catalogFoods.map((food) => catalogSearchDoc(food, locale, food.id)));

  it('answers what scoring every doc answers, over the catalog', () => {
    const indexes = { en: catalog('en'), ru: catalog('ru') };
    const words = catalogFoods.flatMap((food) =>
      `${food.en} ${food.ru}`.toLowerCase().split(/[^\p{L}\p{N}]+/u),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('en' as const, 'ru' as const),
        fc.array(fc.constantFrom(...words.filter(Boolean)), { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.constantFrom('', 'x', 'а', 'e'),
        (locale, picked, cut, typo) => {
          // Whole words, words still being typed, and words with a letter added.
          const query = picked.join(' ').slice(0, Math.max(1, picked.join(' ').length - (cut % 4))) + typo;
          const index = indexes[locale];
          expect(index.search(query, 50)).toEqual(index.search(query, 50, { exhaustive: true }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers what scoring every doc answers, for any names and query', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-zа-яё]{1,7}( [a-zа-яё0-9]{1,7}){0,3}$/), { maxLength: 30 }),
        fc.stringMatching(/^[a-zа-яё]{1,8}( [a-zа-яё]{1,8}){0,2}$/),
        (names, query) => {
          const index = new SearchIndex(names.map((name, item) => ({ item, name, tags: [names[item + 1]] })));
          expect(index.search(query)).toEqual(index.search(query, Infinity, { exhaustive: true }));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('an index made with() more docs', () => {
  const docArb = fc.record({
    name: fc.stringMatching(/^[a-zа-яё]{1,7}( [a-zа-яё0-9]{1,7}){0,3}$/),
    tag: fc.stringMatching(/^[a-z]{1,6}$/),
    boost: fc.constantFrom(0, SEARCH_BOOST.own, SEARCH_BOOST.recent),
  });
  const docsOf = (specs: Array<{ name: string; tag: string; boost: number }>, from: number) =>
    specs.map(({ name, tag, boost }, place) => ({ item: from + place, name, tags: [tag], boost }));

  it('finds what one index of all the docs finds, and leaves the first index as it was', () => {
    fc.assert(
      fc.property(
        fc.array(docArb, { maxLength: 25 }),
        fc.array(docArb, { maxLength: 10 }),
        fc.stringMatching(/^[a-zа-яё]{1,8}( [a-zа-яё]{1,8}){0,1}$/),
        (first, more, query) => {
          const base = new SearchIndex(docsOf(first, 0));
          const before = base.search(query);
          const combined = base.with(docsOf(more, first.length));
          const whole = new SearchIndex([...docsOf(first, 0), ...docsOf(more, first.length)]);
          expect(combined.search(query)).toEqual(whole.search(query));
          expect(combined.search(query)).toEqual(combined.search(query, Infinity, { exhaustive: true }));
          expect(base.search(query)).toEqual(before);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('lifts by boostOf as by a boost given when built', () => {
    const index = new SearchIndex([
      { item: 'rye', name: 'Rye bread' },
      { item: 'white', name: 'White bread' },
    ]);
    expect(index.search('bread')).toEqual(['rye', 'white']);
    const boostOf = (item: string) => (item === 'white' ? SEARCH_BOOST.recent : 0);
    expect(index.search('bread', Infinity, { boostOf })).toEqual(['white', 'rye']);
    expect(index.search('bread', Infinity, { boostOf, exhaustive: true })).toEqual(['white', 'rye']);
  });
});

describe('the best few of many results', () => {
  it('are what sorting them all and cutting gives, ties in their order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 80 }), fc.nat(30), (keys, limit) => {
        const items = keys.map((key, place) => ({ key, place }));
        const order = (a: { key: number }, b: { key: number }) => a.key - b.key;
        expect(best([...items], limit, order)).toEqual([...items].sort(order).slice(0, limit));
      }),
      { numRuns: 1000 },
    );
  });
});

describe('one edit apart', () => {
  it.each([
    ['banana', 'banana', true],
    ['banana', 'bananas', true],
    ['banana', 'banan', true],
    ['banana', 'bonana', true],
    ['banana', 'abnana', true],
    ['banana', 'bnaana', true],
    ['banana', 'bonano', false],
    ['banana', 'ban', false],
    ['', 'a', true],
    ['ab', 'ba', true],
    ['abc', 'cab', false],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
    expect(withinOneEdit(b, a)).toBe(expected);
  });
});
