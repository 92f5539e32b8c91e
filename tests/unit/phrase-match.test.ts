import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LoggableFood } from '@/lib/diary/nutrition';
import { matchPhrase, pickFor } from '@/lib/diary/phrase-match';
import { readPhrase } from '@/lib/diary/phrase-reader';
import type { HouseholdMeasureId } from '@/lib/diary/phrase-words';
import { SearchIndex } from '@/lib/diary/search';
import { catalogIndex, curatedFoods, readAgainstCatalog } from '../support/whole-catalog';

const food = (name: string, kcal: number, measures: Array<[string, number]>, serving?: [string, number]) => ({
  ref: name,
  name,
  kcal,
  protein: 0,
  fat: 0,
  carbs: 0,
  serving: serving ? { label: serving[0], grams: serving[1] } : null,
  measures: measures.map(([label, grams]) => ({ label, grams })),
});

/** A few foods of the user's own, with measures as the catalog gives them. */
const foods: LoggableFood[] = [
  food('Bread, wheat', 270, [['cup, crumbs', 45]], ['1 slice', 28]),
  food('Milk', 60, [
    ['cup', 244],
    ['fl oz', 30.5],
  ]),
  food('Olive oil', 884, [['tbsp', 13.5]]),
  food(
    'Egg',
    143,
    [
      ['large', 50],
      ['extra large', 56],
      ['medium', 44],
    ],
    ['1 egg', 50],
  ),
  food('Coffee with milk', 30, [], ['1 mug', 250]),
  food('Coffee', 1, [['cup', 237]]),
  food('Oatmeal porridge', 70, [['cup', 234]], ['1 bowl', 250]),
  food('Almonds', 579, [['cup, whole', 143]]),
  food('Soup', 40, []),
  food('Cola', 37, [['can (330 ml)', 340]]),
  food('Peanut butter and jelly sandwich', 330, [], ['1 sandwich', 93]),
  food('Peanut butter', 588, [['tbsp', 16]]),
  food('Fried chicken in batter', 290, [], ['1 piece', 140]),
];
const index = new SearchIndex(foods.map((item) => ({ item, name: item.name })));
const read = (text: string) =>
  matchPhrase(
    text,
    (words, limit) => index.ranked(words, limit),
    (found) => found,
    /[а-я]/i.test(text) ? 'ru' : 'en',
  );
const one = (text: string) => {
  const { matches } = read(text);
  expect(matches).toHaveLength(1);
  return matches[0]!;
};

describe('phrase match: the food and its grams', () => {
  it('counts a household measure in the food’s own ("2 slices of bread" is 56 g)', () => {
    const match = one('2 slices of bread');
    expect(match.found?.name).toBe('Bread, wheat');
    expect(match.pick).toMatchObject({ amount: 2, measure: { label: '1 slice', grams: 28 } });
    expect(match.grams).toBe(56);
    expect(match.kcal).toBe(151);
    // "bread" is the head of "Bread, wheat", and the slice is the food's own.
    expect(match.sure).toBe('sure');
  });

  it('takes the plain size over a qualified one ("large", not "extra large")', () => {
    const match = one('1 large egg');
    expect(match.pick?.measure).toEqual({ label: 'large', grams: 50 });
    expect(match.sure).toBe('sure');
  });

  it('counts a weight in grams in any unit system', () => {
    expect(one('200 g milk').grams).toBe(200);
    expect(one('milk 1,5 kg').grams).toBe(1500);
    expect(one('3 oz almonds').grams).toBe(85);
    expect(one('сто грамм almonds')).toMatchObject({ grams: 100 });
  });

  it('counts a volume through the food’s own cup, else as water, and says so', () => {
    // 244 g a US cup of 236.6 ml: 200 ml weigh 206 g.
    expect(one('200 ml milk').grams).toBe(206.3);
    // The volume a label states: a can of 330 ml weighs 340 g.
    expect(one('0.5 l cola').grams).toBe(515.2);
    expect(one('a bottle of cola').notes).toEqual([{ kind: 'measure-missing', measure: 'bottle' }]);
    const soup = one('300 ml soup');
    expect(soup.grams).toBe(300);
    expect(soup.notes).toContainEqual({ kind: 'volume-as-water' });
  });

  it('counts a measure the food lacks by a typical size, marked as a guess', () => {
    const handful = one('a handful of almonds');
    expect(handful.grams).toBe(30);
    expect(handful.sure).toBe('guess');
    expect(handful.notes).toContainEqual({ kind: 'measure-missing', measure: 'handful' });
    // A glass of milk is by volume: 250 ml through the cup's density.
    expect(one('a glass of milk').grams).toBe(257.8);
  });

  it('takes the serving for a bare count, and grams for a count no one eats in servings', () => {
    expect(one('2 eggs')).toMatchObject({ grams: 100, pick: { amount: 2, measure: { label: '1 egg' } } });
    expect(one('oatmeal porridge')).toMatchObject({ grams: 250, pick: { amount: 1 } });
    expect(one('молоко 200'.replace('молоко', 'milk'))).toMatchObject({
      grams: 200,
      pick: { measure: null },
    });
  });

  it('reads a name a comma splits as one food ("Bread, wheat")', () => {
    expect(read('2 slices of bread, wheat').matches.map((match) => match.found?.name)).toEqual([
      'Bread, wheat',
    ]);
    expect(read('bread, almonds').matches.map((match) => match.found?.name)).toEqual([
      'Bread, wheat',
      'Almonds',
    ]);
  });

  it('reads a dish an "and" splits as one food when a name holds every word', () => {
    expect(read('peanut butter and jelly sandwich').matches.map((match) => match.found?.name)).toEqual([
      'Peanut butter and jelly sandwich',
    ]);
    // The second part with an amount of its own is a food of its own.
    expect(read('peanut butter and 2 eggs').matches.map((match) => match.found?.name)).toEqual([
      'Peanut butter',
      'Egg',
    ]);
  });

  it('reads "X with Y" as one food when one is named so, else as two', () => {
    expect(read('coffee with milk').matches.map((match) => match.found?.name)).toEqual(['Coffee with milk']);
    expect(read('oatmeal porridge with milk and 2 eggs').matches.map((match) => match.found?.name)).toEqual([
      'Oatmeal porridge',
      'Milk',
      'Egg',
    ]);
  });

  it('finds no food through a typo on another word ("latte" is no "batter")', () => {
    const latte = one('latte');
    expect(latte.found).toBeNull();
    expect(latte.pick).toBeNull();
    expect(latte.notes).toContainEqual({ kind: 'no-food' });
    expect(latte.alternatives.map((found) => found.name)).toContain('Fried chicken in batter');
  });

  it('says when the food matched only some of the words', () => {
    const pie = one('zzqxberry almonds');
    expect(pie.found?.name).toBe('Almonds');
    expect(pie.sure).toBe('guess');
    expect(pie.notes).toContainEqual({ kind: 'words-missing' });
  });

  it('reads no count past what an entry may hold', () => {
    const eggs = one(`${'9'.repeat(400)} eggs`);
    expect(eggs.item.quantity).toBeNull();
    expect(eggs.grams).toBe(50);
    expect(eggs.item.unread).toEqual(['9'.repeat(400)]);
    expect(one('100001 g milk').item.quantity).toBeNull();
  });

  it('names what it could not read, and keeps the meal the text names', () => {
    const reading = read('2 eggs for breakfast, 200q soup');
    expect(reading.meal).toBe('breakfast');
    expect(reading.matches[1]?.notes).toContainEqual({ kind: 'unread', text: 'q' });
  });

  it('keeps the amount typed when another food is picked for it', () => {
    const [item] = readPhrase('2 slices of bread');
    const egg = foods.find((each) => each.name === 'Egg')!;
    // Egg has no slice: a typical slice, as a guess.
    expect(pickFor(item!, egg, 'en')).toMatchObject({ amount: 60, measure: null });
    const bread = foods[0]!;
    expect(pickFor(item!, bread, 'en')).toMatchObject({ amount: 2, measure: { grams: 28 } });
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const { matches } = read(text);
        for (const match of matches) {
          if (match.grams !== null) expect(Number.isFinite(match.grams)).toBe(true);
          if (match.found === null) expect(match.pick).toBeNull();
        }
      }),
    );
  });
});

/** The English word of a household measure, as typed after a count. */
const WORD: Partial<Record<HouseholdMeasureId, { one: string; many: string }>> = {
  cup: { one: 'cup', many: 'cups' },
  slice: { one: 'slice', many: 'slices' },
  tbsp: { one: 'tbsp', many: 'tbsp' },
  tsp: { one: 'tsp', many: 'tsp' },
  large: { one: 'large', many: 'large' },
  medium: { one: 'medium', many: 'medium' },
  small: { one: 'small', many: 'small' },
  piece: { one: 'piece', many: 'pieces' },
};

describe('phrase match over the whole catalog', () => {
  it('reads the queries new users typed (issue 49)', () => {
    const bread = readAgainstCatalog('2 slices of bread', 'en').matches[0]!;
    expect(bread.found?.id).toBe('white-bread');
    expect(bread.grams).toBe(56);
    const egg = readAgainstCatalog('1 large egg', 'en').matches[0]!;
    expect(egg.found?.id).toMatch(/^egg-/);
    expect(egg.grams).toBe(50);
    const rice = readAgainstCatalog('cup of rice', 'en').matches[0]!;
    expect(rice.found?.id).toMatch(/^rice-/);
    expect(rice.pick?.measure?.label).toMatch(/cup/);
    const eggs = readAgainstCatalog('два яйца и 3 ломтика хлеба', 'ru').matches;
    expect(eggs.map((match) => match.found?.id)).toEqual([expect.stringMatching(/^egg-/), 'white-bread']);
    expect(eggs.map((match) => match.grams)).toEqual([100, 84]);
  });

  // Any count of any household measure a curated food lists reads back to its grams, when the
  // food's own name finds it first.
  const cases = curatedFoods.flatMap((each) => {
    const first = catalogIndex('en').ranked(each.en, 1)[0];
    if (first?.item.id !== each.id || !first.whole) return [];
    // Each measure id the food lists with the grams of one, of every label that names it.
    const sizes = new Map<HouseholdMeasureId, number[]>();
    for (const { label, grams } of [
      ...(each.serving ? [{ label: each.serving.en, grams: each.serving.grams }] : []),
      ...(each.measures ?? []).map((measure) => ({ label: measure.en, grams: measure.grams })),
    ]) {
      const [reading] = readPhrase(label);
      const canonical = reading?.measure?.kind === 'household' ? reading.measure.canonical : null;
      if (canonical && WORD[canonical])
        sizes.set(canonical, [...(sizes.get(canonical) ?? []), grams / (reading!.quantity ?? 1)]);
    }
    return [...sizes].map(([canonical, grams]) => ({ food: each, canonical, grams }));
  });

  it('reads any count × measure × food back to its grams', () => {
    expect(cases.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.integer({ min: 1, max: 12 }), (sample, count) => {
        const word = WORD[sample.canonical]!;
        const text = `${count} ${count === 1 ? word.one : word.many} ${sample.food.en}`;
        const [match] = readAgainstCatalog(text, 'en').matches;
        expect(match?.found?.id, text).toBe(sample.food.id);
        // One of the food's measures of that name: a food may list "cup" twice (chopped, sliced).
        const near = sample.grams.some(
          (grams) => Math.abs(match!.grams! - count * grams) <= 0.05 * count + 0.05,
        );
        expect(near, `${text}: ${match!.grams} g, measures of ${sample.grams.join(', ')} g`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
