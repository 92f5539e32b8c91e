import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PHRASE_MAX_LENGTH, readPhrase, readPhraseFull, type PhraseItem } from '@/lib/diary/phrase-reader';
import { propertyRuns } from '@/tests/support/arbitraries';

// The grammar layer of issue 49's phrase reader: counts, measures and food words, no catalog.

/** An item as the tables write it: count, canonical measure, food, and joinedWith when set. */
function brief(item: PhraseItem) {
  return {
    quantity: item.quantity,
    measure: item.measure?.canonical ?? null,
    food: item.food,
    ...(item.joinedWith ? { joinedWith: true } : {}),
    ...(item.unread.length > 0 ? { unread: item.unread } : {}),
  };
}
const read = (text: string) => readPhrase(text).map(brief);
const one = (quantity: number | null, measure: string | null, food: string) => [{ quantity, measure, food }];

describe("readPhrase: the issue's English examples", () => {
  it.each([
    ['2 slices of bread', one(2, 'slice', 'bread')],
    ['1 large egg', one(1, 'large', 'egg')],
    ['cup of rice', one(1, 'cup', 'rice')],
    ['200g chicken breast', one(200, 'g', 'chicken breast')],
    ['a couple of eggs', one(2, null, 'eggs')],
    ['1/2 cup oats', one(0.5, 'cup', 'oats')],
    ['2-3 cookies', one(2.5, null, 'cookies')],
    ['2–3 cookies', one(2.5, null, 'cookies')],
    ['x2 coffee', one(2, null, 'coffee')],
    ['×2 coffee', one(2, null, 'coffee')],
    ['2x coffee', one(2, null, 'coffee')],
    ['coffee x2', one(2, null, 'coffee')],
    ['1.5 cups milk', one(1.5, 'cup', 'milk')],
    ['1,5 cups milk', one(1.5, 'cup', 'milk')],
    ['½ cup yogurt', one(0.5, 'cup', 'yogurt')],
    ['¾ cup yogurt', one(0.75, 'cup', 'yogurt')],
    ['⅓ cup yogurt', one(0.333333, 'cup', 'yogurt')],
    ['1 1/2 cups flour', one(1.5, 'cup', 'flour')],
    ['1½ cups flour', one(1.5, 'cup', 'flour')],
    ['one and a half cups of milk', one(1.5, 'cup', 'milk')],
    ['a dozen eggs', one(12, null, 'eggs')],
    ['half a dozen eggs', one(6, null, 'eggs')],
    ['half a cup of rice', one(0.5, 'cup', 'rice')],
    ['an apple', one(1, null, 'apple')],
    ['twenty eggs', one(20, null, 'eggs')],
    ['twenty-five grams of nuts', one(25, 'g', 'nuts')],
    ['2 tbsp peanut butter', one(2, 'tbsp', 'peanut butter')],
    ['1 tablespoon olive oil', one(1, 'tbsp', 'olive oil')],
    ['3 teaspoons sugar', one(3, 'tsp', 'sugar')],
    ['a medium banana', one(1, 'medium', 'banana')],
    ['small apple', one(1, 'small', 'apple')],
    ['a bowl of soup', one(1, 'bowl', 'soup')],
    ['glass of juice', one(1, 'glass', 'juice')],
    ['a can of tuna', one(1, 'can', 'tuna')],
    ['a bottle of beer', one(1, 'bottle', 'beer')],
    ['handful of almonds', one(1, 'handful', 'almonds')],
    ['a pinch of salt', one(1, 'pinch', 'salt')],
    ['2 servings of pasta', one(2, 'serving', 'pasta')],
    ['3 pieces of sushi', one(3, 'piece', 'sushi')],
    ['5 oz steak', one(5, 'oz', 'steak')],
    ['1 lb potatoes', one(1, 'lb', 'potatoes')],
    ['2 pounds of potatoes', one(2, 'lb', 'potatoes')],
    ['1 kg apples', one(1, 'kg', 'apples')],
    ['330 ml cola', one(330, 'ml', 'cola')],
    ['1.5l water', one(1.5, 'l', 'water')],
    ['2 litres of water', one(2, 'l', 'water')],
    ['8 fl oz milk', one(8, 'floz', 'milk')],
    ['100 gr cheese', one(100, 'g', 'cheese')],
    ['some bread', one(null, null, 'bread')],
    ['a bit of cheese', one(null, null, 'cheese')],
    ['I had 2 eggs', one(2, null, 'eggs')],
    ['I ate an apple', one(1, null, 'apple')],
    ['2% milk', one(null, null, '2% milk')],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it('"oatmeal with milk and a banana" is three items, the second joined by "with"', () => {
    expect(read('oatmeal with milk and a banana')).toEqual([
      { quantity: null, measure: null, food: 'oatmeal' },
      { quantity: null, measure: null, food: 'milk', joinedWith: true },
      { quantity: 1, measure: null, food: 'banana' },
    ]);
  });
});

describe("readPhrase: the issue's Russian examples", () => {
  it.each([
    ['два яйца', one(2, null, 'яйца')],
    ['3 ломтика хлеба', one(3, 'slice', 'хлеба')],
    ['стакан кефира', one(1, 'cup', 'кефира')],
    ['пол тарелки борща', one(0.5, 'bowl', 'борща')],
    ['полтарелки борща', one(0.5, 'bowl', 'борща')],
    ['пол-тарелки борща', one(0.5, 'bowl', 'борща')],
    ['сто грамм творога', one(100, 'g', 'творога')],
    ['полтора стакана молока', one(1.5, 'cup', 'молока')],
    ['полторы чашки чая', one(1.5, 'cup', 'чая')],
    ['половина банана', one(0.5, null, 'банана')],
    ['пара яиц', one(2, null, 'яиц')],
    ['одна груша', one(1, null, 'груша')],
    ['одно яблоко', one(1, null, 'яблоко')],
    ['один банан', one(1, null, 'банан')],
    ['две сосиски', one(2, null, 'сосиски')],
    ['десять орехов', one(10, null, 'орехов')],
    ['двадцать пять грамм орехов', one(25, 'g', 'орехов')],
    ['два с половиной стакана воды', one(2.5, 'cup', 'воды')],
    ['1,5 л молока', one(1.5, 'l', 'молока')],
    ['200 г курицы', one(200, 'g', 'курицы')],
    ['200г курицы', one(200, 'g', 'курицы')],
    ['150 гр сыра', one(150, 'g', 'сыра')],
    ['300 граммов риса', one(300, 'g', 'риса')],
    ['1 кг картофеля', one(1, 'kg', 'картофеля')],
    ['250 мл сока', one(250, 'ml', 'сока')],
    ['2 литра воды', one(2, 'l', 'воды')],
    ['5 литров воды', one(5, 'l', 'воды')],
    ['2 ст. л. сахара', one(2, 'tbsp', 'сахара')],
    ['2 ст.л. сахара', one(2, 'tbsp', 'сахара')],
    ['столовая ложка мёда', one(1, 'tbsp', 'мёда')],
    ['3 столовые ложки мёда', one(3, 'tbsp', 'мёда')],
    ['5 столовых ложек сахара', one(5, 'tbsp', 'сахара')],
    ['2 ст. ложки сметаны', one(2, 'tbsp', 'сметаны')],
    ['ч. ложка соли', one(1, 'tsp', 'соли')],
    ['1 ч. л. соли', one(1, 'tsp', 'соли')],
    ['две чайные ложки сахара', one(2, 'tsp', 'сахара')],
    ['кусок пирога', one(1, 'piece', 'пирога')],
    ['2 кусочка сыра', one(2, 'piece', 'сыра')],
    ['3 штуки печенья', one(3, 'piece', 'печенья')],
    ['3 шт. печенья', one(3, 'piece', 'печенья')],
    ['банка тушёнки', one(1, 'can', 'тушёнки')],
    ['бутылка воды', one(1, 'bottle', 'воды')],
    ['горсть орехов', one(1, 'handful', 'орехов')],
    ['щепотка соли', one(1, 'pinch', 'соли')],
    ['порция плова', one(1, 'serving', 'плова')],
    ['2 порции плова', one(2, 'serving', 'плова')],
    ['тарелка супа', one(1, 'bowl', 'супа')],
    ['хлеб 2 ломтика', one(2, 'slice', 'хлеб')],
    ['творог 200 г', one(200, 'g', 'творог')],
    ['немного сыра', one(null, null, 'сыра')],
    ['я съел(а) два яйца', one(2, null, 'яйца')],
    ['я съела кусок торта', one(1, 'piece', 'торта')],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});

describe('readPhrase: joining words', () => {
  it.each([
    ['eggs, toast; coffee', 3],
    ['eggs\ntoast\r\ncoffee', 3],
    ['eggs and toast plus coffee', 3],
    ['eggs & toast', 2],
    ['яйца и хлеб', 2],
    ['яйца, а также хлеб', 2],
    ['1,5 л молока, 2 яйца', 2],
    ['2 eggs. toast', 2],
    // "and half" after a food is a joiner, not "one and a half".
    ['bread and half bread', 2],
  ])('%s gives %i items', (text, count) => {
    expect(readPhrase(text)).toHaveLength(count);
  });

  it('"с"/"со" split and mark the second item', () => {
    expect(read('кофе со сливками')).toEqual([
      { quantity: null, measure: null, food: 'кофе' },
      { quantity: null, measure: null, food: 'сливками', joinedWith: true },
    ]);
    expect(read('каша с маслом').map((item) => item.joinedWith ?? false)).toEqual([false, true]);
  });

  it("keeps each item's own span of the text", () => {
    expect(readPhrase('2 eggs and 1 cup of rice').map((item) => item.text)).toEqual([
      '2 eggs',
      '1 cup of rice',
    ]);
  });
});

describe('readPhrase: meals, unread words, bounds', () => {
  it('reads the meal a text names and drops it from the items', () => {
    expect(readPhraseFull('I had 2 eggs for breakfast')).toMatchObject({
      meal: 'breakfast',
      items: [{ quantity: 2, food: 'eggs' }],
    });
    expect(readPhraseFull('на ужин гречка с котлетой').meal).toBe('dinner');
    expect(readPhraseFull('Lunch: soup, bread').meal).toBe('lunch');
    expect(readPhraseFull('soup').meal).toBeNull();
  });

  it('reads a meal the user named as that meal, before the usual words', () => {
    const named = [
      { meal: 'meal5' as const, name: 'Полдник' },
      { meal: 'meal6' as const, name: 'Second breakfast' },
      { meal: 'meal7' as const, name: '🍵' },
    ];
    expect(readPhraseFull('на полдник кефир 200 мл', named)).toMatchObject({
      meal: 'meal5',
      items: [{ food: 'кефир', quantity: 200 }],
    });
    // Without it, "на полдник" is the snacks, as before.
    expect(readPhraseFull('на полдник кефир 200 мл').meal).toBe('snacks');
    expect(readPhraseFull('Second breakfast: 2 slices of toast', named)).toMatchObject({
      meal: 'meal6',
      items: [{ quantity: 2, food: 'toast' }],
    });
    expect(readPhraseFull('toast for second breakfast', named).meal).toBe('meal6');
    // A name of no words names no meal; the usual words still do.
    expect(readPhraseFull('🍵 tea', named).meal).toBeNull();
    expect(readPhraseFull('eggs for breakfast', named).meal).toBe('breakfast');
    // The next reading without names reads "на полдник" as the snacks again.
    expect(readPhraseFull('на полдник яблоко').meal).toBe('snacks');
  });

  it('names what it could not read, never drops it', () => {
    expect(read('2 eggs!!!')).toEqual([{ quantity: 2, measure: null, food: 'eggs', unread: ['!!!'] }]);
    expect(read('200q rice')).toEqual([{ quantity: 200, measure: null, food: 'rice', unread: ['q'] }]);
    expect(read('!!!')).toEqual([{ quantity: null, measure: null, food: '', unread: ['!!!'] }]);
    expect(read('eggs # toast')).toEqual([
      { quantity: null, measure: null, food: 'eggs toast', unread: ['#'] },
    ]);
    expect(read('1/0 eggs')[0]?.unread).toEqual(['1/0']);
  });

  it('gives the size of a unit', () => {
    expect(readPhrase('2 oz cheese')[0]?.measure).toEqual({
      kind: 'weight',
      canonical: 'oz',
      name: 'oz',
      grams: 28.349523125,
    });
    expect(readPhrase('1 л молока')[0]?.measure).toEqual({
      kind: 'volume',
      canonical: 'l',
      name: 'л',
      ml: 1000,
    });
    expect(readPhrase('3 ломтика хлеба')[0]?.measure).toEqual({
      kind: 'household',
      canonical: 'slice',
      name: 'ломтика',
    });
  });

  it('reads nothing from an empty text', () => {
    expect(readPhrase('')).toEqual([]);
    expect(readPhrase('   \n\t ')).toEqual([]);
    expect(readPhrase(', ; and')).toEqual([]);
  });

  it('cuts a huge text at the limit and reads it fast', () => {
    const huge = '2 eggs, '.repeat(100_000);
    const started = performance.now();
    const reading = readPhraseFull(huge);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(reading.truncated).toBe(true);
    expect(reading.items.length).toBeLessThanOrEqual(Math.ceil(PHRASE_MAX_LENGTH / 8));
  });

  it.each([
    ['1-'.repeat(5_000)],
    ['a '.repeat(5_000)],
    ['x'.repeat(5_000)],
    ['1 '.repeat(5_000)],
    ['пол'.repeat(5_000)],
    ['and a half '.repeat(1_000)],
  ])('reads a hostile text fast (%#)', (text) => {
    const started = performance.now();
    expect(() => readPhrase(text)).not.toThrow();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

// Count forms and the value each reads as.
const counts: fc.Arbitrary<[string, number]> = fc.oneof(
  fc.integer({ min: 1, max: 5_000 }).map((n): [string, number] => [String(n), n]),
  fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 9 }), fc.constantFrom('.', ','))
    .map(([whole, tenth, point]): [string, number] => [`${whole}${point}${tenth}`, whole + tenth / 10]),
  fc.constantFrom<[string, number]>(
    ['1/2', 0.5],
    ['3/4', 0.75],
    ['½', 0.5],
    ['¼', 0.25],
    ['¾', 0.75],
    ['1 1/2', 1.5],
    ['2½', 2.5],
    ['2-3', 2.5],
    ['1–2', 1.5],
    ['x2', 2],
    ['×3', 3],
    ['2x', 2],
    ['a', 1],
    ['an', 1],
    ['one', 1],
    ['seven', 7],
    ['twelve', 12],
    ['twenty', 20],
    ['half', 0.5],
    ['a couple of', 2],
    ['a dozen', 12],
    ['один', 1],
    ['одна', 1],
    ['одно', 1],
    ['два', 2],
    ['две', 2],
    ['пять', 5],
    ['десять', 10],
    ['пол', 0.5],
    ['половина', 0.5],
    ['полтора', 1.5],
    ['полторы', 1.5],
    ['пара', 2],
    ['сто', 100],
  ),
);
const measureNames = fc.constantFrom<[string, string]>(
  ...(
    [
      ['cup', 'cups', 'стакан', 'стакана', 'стаканов', 'чашка', 'чашки'],
      ['slice', 'slices', 'ломтик', 'ломтика', 'ломтиков'],
      ['piece', 'pieces', 'кусок', 'куска', 'кусочек', 'кусочка', 'штука', 'штуки', 'штук', 'шт.'],
      ['tbsp', 'tbsp', 'tablespoons', 'ст. л.', 'столовая ложка', 'столовых ложек'],
      ['tsp', 'tsp', 'teaspoon', 'ч. л.', 'чайные ложки'],
      ['medium', 'medium'],
      ['large', 'large'],
      ['small', 'small'],
      ['bowl', 'bowl', 'bowls', 'тарелка', 'тарелки', 'тарелок'],
      ['glass', 'glass', 'glasses'],
      ['can', 'can', 'cans', 'банка', 'банки'],
      ['bottle', 'bottle', 'бутылка', 'бутылки'],
      ['handful', 'handful', 'горсть', 'горсти'],
      ['pinch', 'pinch', 'щепотка', 'щепотки'],
      ['serving', 'serving', 'servings', 'порция', 'порции', 'порций'],
      ['g', 'g', 'gr', 'grams', 'г', 'гр', 'грамм', 'граммов'],
      ['kg', 'kg', 'кг'],
      ['oz', 'oz', 'ounces'],
      ['lb', 'lb', 'pounds'],
      ['ml', 'ml', 'мл'],
      ['l', 'l', 'liters', 'litre', 'л', 'литра', 'литров'],
      ['floz', 'fl oz'],
    ] as const
  ).flatMap(([canonical, ...names]) => names.map((name): [string, string] => [name, canonical])),
);
const foods = fc.constantFrom(
  'bread',
  'rice',
  'chicken breast',
  'oat milk',
  'творога',
  'молока',
  'гречки',
  'яблоко',
);
const joiners = fc.constantFrom(
  ...[', ', ' and ', '; ', '\n', ' plus ', ' & ', ' и ', ', а также ', ' with ', ' с ', ' со '],
);
const isWith = (joiner: string) => ['with', 'с', 'со'].includes(joiner.trim());

describe('readPhrase: what joined each item', () => {
  it('names the comma or word before an item, none after a new line or before the first', () => {
    expect(
      readPhrase('butter and vegetable oil spread, 2 eggs\ntoast with jam; tea').map((item) => item.joiner),
    ).toEqual([null, 'and', ',', null, 'with', ';']);
    expect(readPhrase('and then eggs, and toast').map((item) => item.joiner)).toEqual([null, 'and']);
  });
});

describe('readPhrase: properties', () => {
  it('reads any count, measure and food back', () => {
    fc.assert(
      fc.property(
        counts,
        measureNames,
        foods,
        fc.boolean(),
        ([count, value], [name, canonical], food, of) => {
          const items = readPhrase(`${count} ${name} ${of ? 'of ' : ''}${food}`);
          expect(items).toHaveLength(1);
          expect(items[0]).toMatchObject({ measure: { canonical }, food, unread: [] });
          expect(items[0]!.quantity).toBeCloseTo(value, 6);
        },
      ),
      propertyRuns,
    );
  });

  it('reads any count of a food with no measure', () => {
    fc.assert(
      fc.property(counts, foods, ([count, value], food) => {
        const items = readPhrase(`${count} ${food}`);
        expect(items.map((item) => [item.measure, item.food])).toEqual([[null, food]]);
        expect(items[0]!.quantity).toBeCloseTo(value, 6);
      }),
      propertyRuns,
    );
  });

  it('gives one item per part joined', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(counts, foods, joiners), { minLength: 1, maxLength: 8 }), (parts) => {
        const text = parts
          .map(([[count], food], k) => `${k > 0 ? parts[k - 1]![2] : ''}${count} ${food}`)
          .join('');
        const items = readPhrase(text);
        expect(items.map((item) => item.food)).toEqual(parts.map(([, food]) => food));
        expect(items.map((item) => item.joinedWith)).toEqual(
          parts.map((_, k) => k > 0 && isWith(parts[k - 1]![2])),
        );
      }),
      propertyRuns,
    );
  });

  it(
    'never throws on any text, and reads it in bounded time',
    () => {
      const pieces = fc.constantFrom(
        ...[
          '1',
          '/',
          '-',
          '½',
          ',',
          '.',
          ' ',
          'a',
          'and',
          'с',
          'пол',
          'x',
          '×',
          'ст',
          'л',
          '(',
          'а',
          ')',
          '\n',
          '!',
          '%',
        ],
      );
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ unit: 'grapheme', maxLength: 400 }),
            fc.string({ unit: 'binary', maxLength: 400 }),
            fc.array(pieces, { maxLength: 400 }).map((parts) => parts.join('')),
          ),
          (text) => {
            const started = performance.now();
            const reading = readPhraseFull(text);
            expect(performance.now() - started).toBeLessThan(500);
            for (const item of reading.items) {
              expect(typeof item.food).toBe('string');
              expect(item.quantity === null || Number.isFinite(item.quantity)).toBe(true);
              expect(text).toContain(item.text);
            }
          },
        ),
        propertyRuns,
      );
      // Drawing long random texts is the slow part, not reading them: time scales with the runs.
    },
    Math.max(10_000, propertyRuns.numRuns * 50),
  );
});
