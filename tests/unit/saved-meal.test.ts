import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryFromFood, quickAddEntry } from '@/lib/diary/nutrition';
import { entryMeasure } from '@/lib/diary/measures';
import { savedMealFromEntries, savedMealItems } from '@/lib/diary/saved-meal';
import { foodInputSchema, foodSchema } from '@/lib/schemas/food';

const meta = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  meal: 'lunch' as const,
  now: '2026-11-25T12:00:00.000Z',
});
const soup = {
  ref: 'c:borscht',
  name: 'Borscht',
  kcal: 54,
  protein: 2.1,
  fat: 2.6,
  carbs: 5.9,
  serving: null,
};
const bread = {
  ref: 3,
  name: 'Rye bread',
  kcal: 259,
  protein: 8.5,
  fat: 3.3,
  carbs: 48.3,
  serving: { label: '1 slice', grams: 32 },
};

describe('saved meals', () => {
  it('keeps the weighed entries of a meal and logs them again with the same figures', () => {
    const entries = [
      entryFromFood(soup, 350, null, meta(1)),
      entryFromFood(bread, 2, bread.serving, meta(2)),
      quickAddEntry('Tea', { kcal: 40, protein: 0, fat: 0, carbs: 10 }, meta(3)),
    ];
    const input = savedMealFromEntries('Work lunch', entries, '1 meal', (entry) =>
      entryMeasure(entry, entry.food === bread.ref ? [bread.serving] : []),
    );
    const parsed = foodInputSchema.parse(input);
    expect(parsed.recipe).toMatchObject({ kind: 'meal', servings: 1, cookedGrams: null });
    expect(parsed.recipe?.ingredients.map((item) => [item.name, item.grams])).toEqual([
      ['Borscht', 350],
      ['Rye bread', 64],
    ]);
    const stored = foodSchema.parse({ ...parsed, id: 9, createdAt: meta(0).now, updatedAt: meta(0).now });
    const items = savedMealItems(stored);
    // The bread was eaten as 2 slices, and comes back as 2 slices, not as 64 g.
    expect(items.map((item) => [item.food.name, item.amount, item.measure])).toEqual([
      ['Borscht', 350, null],
      ['Rye bread', 2, { label: '1 slice', grams: 32 }],
    ]);
    const again = items.map((item, i) => entryFromFood(item.food, item.amount, item.measure, meta(10 + i)));
    expect(
      again.map((entry) => [
        entry.food,
        entry.amount,
        entry.unit,
        entry.kcal,
        entry.protein,
        entry.fat,
        entry.carbs,
      ]),
    ).toEqual(
      entries
        .slice(0, 2)
        .map((entry) => [
          entry.food,
          entry.amount,
          entry.unit,
          entry.kcal,
          entry.protein,
          entry.fat,
          entry.carbs,
        ]),
    );
  });

  it('stays within a food’s limits for any weighed entries, even a few grams of the densest food', () => {
    const food = fc.record({
      ref: fc.constant(null),
      name: fc.constant('Food'),
      kcal: fc.integer({ min: 0, max: 900 }),
      protein: fc.integer({ min: 0, max: 33 }),
      fat: fc.integer({ min: 0, max: 33 }),
      carbs: fc.integer({ min: 0, max: 34 }),
      serving: fc.constant(null),
    });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(food, fc.integer({ min: 1, max: 5000 })), { minLength: 1, maxLength: 10 }),
        (items) => {
          const entries = items.map(([item, tenths], i) => entryFromFood(item, tenths / 10, null, meta(i)));
          const input = savedMealFromEntries('Meal', entries, '1 meal');
          const result = foodInputSchema.safeParse(input);
          // A meal over 5,000 g is over a serving's limit: refused, never stored half-made.
          if (input.serving && input.serving.grams <= 5000) expect(result.success).toBe(true);
        },
      ),
    );
  });
});
