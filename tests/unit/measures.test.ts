import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { recentFoods } from '@/lib/diary/loggable';
import { catalogMeasures, entryMeasure, foodMeasures, measureNoun } from '@/lib/diary/measures';
import { convertAmount, entryFromFood, reweighEntry } from '@/lib/diary/nutrition';
import { LIMITS } from '@/lib/limits';
import { entrySchema } from '@/lib/schemas/entry';
import { foodInputSchema, foodSchema, type Food } from '@/lib/schemas/food';

const now = '2026-11-27T09:00:00.000Z';
const meta = (n = 1) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  meal: 'breakfast' as const,
  now,
});

const milk: Food = foodSchema.parse({
  id: 4,
  name: 'Milk 2.5 %',
  brand: null,
  kcal: 52,
  protein: 2.9,
  fat: 2.5,
  carbs: 4.7,
  serving: { label: '1 glass', grams: 250 },
  measures: [
    { label: '1 cup', grams: 244 },
    { label: '1 tbsp', grams: 15 },
  ],
  createdAt: now,
  updatedAt: now,
});

const banana: CatalogFood = {
  id: 'banana',
  en: 'Banana',
  ru: 'Банан',
  category: 'produce',
  kcal: 89,
  protein: 1.1,
  fat: 0.3,
  carbs: 22.8,
  serving: { en: '1 medium banana', ru: '1 банан средний', grams: 118 },
  measures: [
    { en: 'cup, sliced', ru: 'стакан кружочками', grams: 150 },
    { en: 'large (8" to 8-7/8" long)', ru: 'крупный (20–22 см длиной)', grams: 136 },
  ],
  source: 'usda',
  usda: 'Bananas, raw',
  ndb: '09040',
};

describe('a food’s measures', () => {
  it('lists the serving first, then the others, in the language in use', () => {
    expect(foodMeasures(milk).map((measure) => measure.label)).toEqual(['1 glass', '1 cup', '1 tbsp']);
    expect(catalogMeasures(banana, 'ru')).toEqual([
      { label: '1 банан средний', grams: 118 },
      { label: 'стакан кружочками', grams: 150 },
      { label: 'крупный (20–22 см длиной)', grams: 136 },
    ]);
    expect(foodMeasures({ serving: null, measures: [] })).toEqual([]);
  });

  it('finds the measure an entry was counted in by the weight of one, in any language', () => {
    const entry = entryFromFood(
      { ...banana, ref: 'c:banana', name: 'Banana' },
      2,
      catalogMeasures(banana, 'en')[2]!,
      meta(),
    );
    expect(entry).toMatchObject({ unit: 'serving', amount: 2, grams: 272, kcal: 242 });
    expect(entryMeasure(entry, catalogMeasures(banana, 'ru'))?.label).toBe('крупный (20–22 см длиной)');
    // A measure changed since, or the food gone: no name, the entry keeps its grams.
    expect(entryMeasure(entry, foodMeasures(milk))).toBeNull();
    expect(entryMeasure({ ...entry, unit: 'g' }, catalogMeasures(banana, 'en'))).toBeNull();
  });

  it('names every entry counted in a measure back by that measure (or one of the same weight)', () => {
    const measure = fc.record({
      label: fc.string({ minLength: 1, maxLength: 12 }),
      grams: fc.integer({ min: 1, max: 50_000 }).map((tenths) => tenths / 10),
    });
    fc.assert(
      fc.property(
        fc.array(measure, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        fc.integer({ min: 1, max: 400 }).map((quarters) => quarters / 4),
        (measures, pick, count) => {
          const chosen = measures[pick % measures.length]!;
          // What one entry may weigh and hold (LIMITS.entryGrams, entryKcal) is another test's.
          fc.pre(count * chosen.grams <= 10_000);
          const entry = entryFromFood({ ...milk, ref: 4 }, count, chosen, meta());
          expect(entrySchema.safeParse(entry).success).toBe(true);
          const found = entryMeasure(entry, measures);
          // The entry's grams are rounded to 0.1 g: the measure found is the one chosen, or one
          // no diary could tell from it, whose count weighs the entry's grams as rounded too
          // (a quarter of 1 g and of 1.1 g both log 0.3 g).
          expect(found).not.toBeNull();
          const sameWeight = Math.abs(found!.grams - chosen.grams) < 0.05;
          const sameRounding = Math.abs(count * found!.grams - entry.grams!) <= 0.05 + 1e-9;
          expect(sameWeight || sameRounding, JSON.stringify({ found, chosen, entry: entry.grams })).toBe(
            true,
          );
        },
      ),
    );
  });

  it('converts an amount from one measure to another through its weight, and back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000 }).map((tenths) => tenths / 10),
        fc.integer({ min: 1, max: 50_000 }).map((tenths) => tenths / 10),
        fc.integer({ min: 1, max: 1_000 }).map((quarters) => quarters / 4),
        (from, to, count) => {
          const grams = convertAmount(count, from, null);
          expect(Math.abs(grams - count * from)).toBeLessThanOrEqual(0.05 + 1e-9);
          const there = convertAmount(count, from, to);
          // Two decimals of the other measure: within half a hundredth of it.
          expect(Math.abs(there * to - count * from)).toBeLessThanOrEqual(to * 0.005 + 1e-9);
          expect(convertAmount(count, from, from)).toBe(count);
        },
      ),
    );
  });

  it('edits an entry into another measure at the same weight', () => {
    const cups = entryFromFood({ ...milk, ref: 4 }, 1, milk.measures[0]!, meta());
    const spoons = reweighEntry(cups, convertAmount(1, 244, 15), milk.measures[1]!, now);
    expect(spoons).toMatchObject({ unit: 'serving', amount: 16.27, grams: 244.1, kcal: 127 });
    expect(entryMeasure(spoons, foodMeasures(milk))?.label).toBe('1 tbsp');
  });

  it('reads a count of a measure without its leading 1 or USDA’s detail in brackets', () => {
    expect(measureNoun('1 medium banana')).toBe('medium banana');
    expect(measureNoun('medium (7" to 7-7/8" long)')).toBe('medium');
    expect(measureNoun('cup (8 fl oz)')).toBe('cup');
    expect(measureNoun('pat (1" sq, 1/3" high)')).toBe('pat');
    expect(measureNoun('(1 oz)')).toBe('(1 oz)');
    expect(measureNoun('1 × bar')).toBe('bar');
  });
});

describe('a food of the library with measures', () => {
  const input = {
    name: 'Oat milk',
    kcal: 46,
    protein: 1,
    fat: 1.5,
    carbs: 6.7,
    serving: { label: '1 glass', grams: 250 },
  };

  it('keeps several named measures, and none by default', () => {
    expect(foodInputSchema.parse(input).measures).toEqual([]);
    const parsed = foodInputSchema.parse({ ...input, measures: [{ label: '1 cup', grams: 240 }] });
    expect(parsed.measures).toEqual([{ label: '1 cup', grams: 240 }]);
  });

  it('refuses a name used twice, the serving’s included, and more measures than the limit', () => {
    const twice = foodInputSchema.safeParse({
      ...input,
      measures: [
        { label: '1 cup', grams: 240 },
        { label: ' 1 CUP', grams: 250 },
        { label: '1 glass', grams: 200 },
      ],
    });
    expect(twice.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['measures.1.label', 'measureRepeated'],
      ['measures.2.label', 'measureRepeated'],
    ]);
    const many = Array.from({ length: LIMITS.foodMeasures.max + 1 }, (_, n) => ({
      label: `${n + 1} spoons`,
      grams: n + 1,
    }));
    expect(foodInputSchema.safeParse({ ...input, measures: many }).error?.issues[0]?.message).toBe(
      'measuresCount',
    );
    expect(
      foodInputSchema
        .safeParse({ ...input, measures: [{ label: '', grams: 0 }] })
        .error?.issues.map((issue) => issue.message),
    ).toEqual(['servingLabel', 'servingGrams']);
  });

  it('offers a food again in the measure it was last logged in, or in grams when that is gone', () => {
    const spoons = entryFromFood({ ...milk, ref: 4 }, 3, milk.measures[1]!, meta(1));
    const [recent] = recentFoods([spoons], [milk], [], 'en', 8);
    expect(recent).toMatchObject({ amount: 3, measure: { label: '1 tbsp', grams: 15 } });
    const changed = { ...milk, measures: [{ label: '1 tbsp', grams: 14 }] };
    const [after] = recentFoods([spoons], [changed], [], 'en', 8);
    expect(after).toMatchObject({ amount: 45, measure: null });
  });
});
