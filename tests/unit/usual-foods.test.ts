import { describe, expect, it } from 'vitest';
import { usualFoods } from '@/lib/diary/usual-foods';
import type { Entry } from '@/lib/schemas/entry';

const entry = (food: Entry['food'], meal: Entry['meal']): Entry => ({
  id: crypto.randomUUID(),
  meal,
  food,
  name: String(food),
  amount: 1,
  unit: 'serving',
  grams: 100,
  kcal: 100,
  protein: 0,
  fat: 0,
  carbs: 0,
  loggedAt: '2026-12-01T08:00:00.000Z',
  updatedAt: '2026-12-01T08:00:00.000Z',
});

describe('usual foods of a meal', () => {
  const days = [
    { date: '2026-12-01', entries: [entry('c:oatmeal-milk', 'breakfast'), entry('c:banana', 'breakfast')] },
    {
      date: '2026-12-02',
      entries: [entry('c:oatmeal-milk', 'breakfast'), entry('c:oatmeal-milk', 'breakfast')],
    },
    { date: '2026-12-03', entries: [entry('c:oatmeal-milk', 'breakfast'), entry('c:banana', 'breakfast')] },
    { date: '2026-12-04', entries: [entry('c:borscht', 'lunch'), entry(null, 'breakfast')] },
    { date: '2026-12-05', entries: [entry('c:borscht', 'lunch'), entry('c:coffee-brewed', 'breakfast')] },
    // Today's entries are no habit yet.
    { date: '2026-12-06', entries: [entry('c:coffee-brewed', 'breakfast')] },
  ];

  it('lists the foods of that meal on two days or more, most days first', () => {
    expect(usualFoods(days, 'breakfast', '2026-12-06')).toEqual(['c:oatmeal-milk', 'c:banana']);
    expect(usualFoods(days, 'lunch', '2026-12-06')).toEqual(['c:borscht']);
    expect(usualFoods(days, 'dinner', '2026-12-06')).toEqual([]);
  });

  it('counts a food logged twice in one day once, and days on or after the date not at all', () => {
    expect(usualFoods(days.slice(1, 2), 'breakfast', '2026-12-06')).toEqual([]);
    expect(usualFoods(days, 'breakfast', '2026-12-02')).toEqual([]);
  });

  it('keeps the user’s own foods by their number', () => {
    const own = [
      { date: '2026-12-01', entries: [entry(7, 'snacks')] },
      { date: '2026-12-02', entries: [entry(7, 'snacks')] },
    ];
    expect(usualFoods(own, 'snacks', '2026-12-06')).toEqual([7]);
  });
});
