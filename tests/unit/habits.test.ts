import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogCategory } from '@/lib/catalog/categories';
import { addDays } from '@/lib/diary/dates';
import { habitsOf, loggedCatalogSlugs } from '@/lib/diary/habits';
import { meals } from '@/lib/diary/meals';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { entryArb, propertyRuns as runs } from '../support/arbitraries';
import { entry } from '../support/fixtures';

const day = (date: string, entries: Entry[]): Day => ({
  date,
  goal: 2000,
  weight: null,
  water: 0,
  activities: [],
  entries,
  updatedAt: `${date}T20:00:00.000Z`,
});

/** The categories of the foods these tests log; any other slug is one the catalog does not know. */
const categories: Record<string, CatalogCategory> = {
  broccoli: 'produce',
  banana: 'produce',
  'usda-11090': 'produce',
  'rice-boiled': 'grains',
};
const categoryOf = (slug: string) => categories[slug];

describe('habitsOf', () => {
  it('counts logged days, the meals of each, and fruit and vegetables among the known foods', () => {
    const days = [
      day('2026-11-23', [
        entry({ meal: 'breakfast', food: 'c:banana' }),
        entry({ meal: 'breakfast', food: 'c:rice-boiled' }),
        entry({ meal: 'dinner', food: 'c:broccoli' }),
      ]),
      // An own food and a quick add: their category is not known.
      day('2026-11-24', [
        entry({ meal: 'lunch', food: 7 }),
        entry({ meal: 'lunch', food: null, unit: 'kcal' }),
      ]),
      // A day with only its weight is not logged.
      { ...day('2026-11-25', []), weight: 80 },
      day('2026-11-26', [
        entry({ meal: 'snacks', food: 'c:usda-11090' }),
        entry({ food: 'c:gone-from-catalog' }),
      ]),
    ];
    expect(habitsOf(days, '2026-11-23', '2026-11-29', categoryOf)).toEqual({
      loggedDays: 3,
      mealsPerDay: 5 / 3,
      mealDays: { breakfast: 2, lunch: 1, dinner: 1, snacks: 1, meal5: 0, meal6: 0, meal7: 0, meal8: 0 },
      produce: { days: 2, entries: 3, unknown: 3, total: 7 },
    });
  });

  it('answers nothing logged for an empty period', () => {
    expect(habitsOf([], '2026-11-23', '2026-11-29', categoryOf)).toEqual({
      loggedDays: 0,
      mealsPerDay: null,
      mealDays: { breakfast: 0, lunch: 0, dinner: 0, snacks: 0, meal5: 0, meal6: 0, meal7: 0, meal8: 0 },
      produce: { days: 0, entries: 0, unknown: 0, total: 0 },
    });
  });

  it('leaves out the days outside the period, and a date given twice counts once', () => {
    const logged = day('2026-11-23', [entry({ food: 'c:banana' })]);
    const habits = habitsOf(
      [day('2026-11-22', [entry()]), logged, logged, day('2026-11-30', [entry()])],
      '2026-11-23',
      '2026-11-29',
      categoryOf,
    );
    expect(habits).toMatchObject({ loggedDays: 1, produce: { days: 1, entries: 1, total: 1 } });
  });

  it('keeps every count within what was logged, whatever the days', () => {
    const daysArb = fc
      .uniqueArray(fc.integer({ min: 0, max: 13 }), { maxLength: 14 })
      .chain((offsets) =>
        fc
          .tuple(...offsets.map(() => fc.array(entryArb, { maxLength: 6 })))
          .map((lists) =>
            lists.map((entries, index) => day(addDays('2026-11-20', offsets[index]!), entries)),
          ),
      );
    const categoryArb = fc.func(fc.constantFrom<CatalogCategory | undefined>('produce', 'grains', undefined));
    fc.assert(
      fc.property(daysArb, categoryArb, (days, category) => {
        const habits = habitsOf(days, '2026-11-23', '2026-11-29', category);
        const inPeriod = days.filter((each) => each.date >= '2026-11-23' && each.date <= '2026-11-29');
        const logged = inPeriod.filter((each) => each.entries.length > 0);
        expect(habits.loggedDays).toBe(logged.length);
        for (const meal of meals) expect(habits.mealDays[meal]).toBeLessThanOrEqual(habits.loggedDays);
        expect(habits.mealsPerDay === null).toBe(logged.length === 0);
        if (habits.mealsPerDay !== null) {
          expect(habits.mealsPerDay).toBeGreaterThanOrEqual(1);
          expect(habits.mealsPerDay).toBeLessThanOrEqual(meals.length);
        }
        const { produce } = habits;
        expect(produce.total).toBe(logged.reduce((sum, each) => sum + each.entries.length, 0));
        expect(produce.days).toBeLessThanOrEqual(Math.min(habits.loggedDays, produce.entries));
        expect(produce.entries + produce.unknown).toBeLessThanOrEqual(produce.total);
        // The order the days come in changes nothing.
        expect(habitsOf([...days].reverse(), '2026-11-23', '2026-11-29', category)).toEqual(habits);
      }),
      runs,
    );
  });
});

describe('loggedCatalogSlugs', () => {
  it('names each catalog food logged once, and no own food or quick add', () => {
    const days = [
      day('2026-11-23', [entry({ food: 'c:banana' }), entry({ food: 7 }), entry({ food: null })]),
      day('2026-11-24', [entry({ food: 'c:usda-11090' }), entry({ food: 'c:banana' })]),
    ];
    expect(loggedCatalogSlugs(days)).toEqual(['banana', 'usda-11090']);
  });
});
