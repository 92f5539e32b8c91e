import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newDay } from '@/lib/diary/day-rules';
import { baseMeals, ownMeals, type Meal, type MealSlot } from '@/lib/diary/meals';
import { settleNewMeals, sourceMeals, withMealsMoved } from '@/lib/importers/import-meals';
import { mealFromSourceName } from '@/lib/importers/meal-names';
import type { NewMeal } from '@/lib/importers/types';
import type { Entry } from '@/lib/schemas/entry';
import { settingsPatchSchema } from '@/lib/schemas/settings';
import { propertyRuns } from '../support/arbitraries';
import { entry } from '../support/fixtures';
import { FOUR_MEALS, FULL_MEAL_PLAN } from '../support/foreign-import';

// Which of the user's meals an import's entries go to (lib/importers/import-meals.ts). The
// readers' own files go through the same sorting in importer-*.test.ts; here, its rules alone.

const slot = (id: Meal, name: string | null = null, hidden = false): MealSlot => ({ id, name, hidden });
const four = FOUR_MEALS;
const sorted = (setUp: MealSlot[] | null, names: string[]) => {
  const sorter = sourceMeals(setUp);
  const goTo = names.map((name) => sorter.mealOf(name));
  return { goTo, newMeals: sorter.newMeals, asSnacks: [...sorter.asSnacks] };
};

describe('sourceMeals', () => {
  it('puts the four by their plain names, and a meal of the source’s own in the next free slot', () => {
    expect(sorted(null, ['Breakfast', ' LUNCH ', 'Ужин', 'Перекусы', 'Snack (1)', 'Pre-workout'])).toEqual({
      goTo: ['breakfast', 'lunch', 'dinner', 'snacks', 'meal5', 'meal6'],
      newMeals: [
        { id: 'meal5', name: 'Snack (1)' },
        { id: 'meal6', name: 'Pre-workout' },
      ],
      asSnacks: [],
    });
  });

  it('takes a name once, however often and in whatever case the file writes it', () => {
    expect(sorted(null, ['Полдник', 'полдник', 'ПОЛДНИК', 'Pre-workout', 'pre-workout'])).toEqual({
      goTo: ['meal5', 'meal5', 'meal5', 'meal6', 'meal6'],
      newMeals: [
        { id: 'meal5', name: 'Полдник' },
        { id: 'meal6', name: 'Pre-workout' },
      ],
      asSnacks: [],
    });
  });

  it('finds the user’s own meals by their names first, hidden ones too, and uses only free slots', () => {
    const setUp = [...four, slot('meal6', 'Второй Завтрак', true), slot('meal5', 'Dinner')];
    // "Dinner" is the user's meal5: their name before the four's; ё or е alike.
    expect(sorted(setUp, ['второй  завтрак', 'dinner', 'Ночной дожор', 'Supper'])).toEqual({
      goTo: ['meal6', 'meal5', 'meal7', 'meal8'],
      newMeals: [
        { id: 'meal7', name: 'Ночной дожор' },
        { id: 'meal8', name: 'Supper' },
      ],
      asSnacks: [],
    });
  });

  it('with no slot free, puts a meal people keep beside the four in the nearest, the rest in snacks', () => {
    expect(
      sorted(FULL_MEAL_PLAN, ['Полдник', 'Второй завтрак', 'Supper', 'Pre-workout', 'own meal7']),
    ).toEqual({
      goTo: ['snacks', 'breakfast', 'dinner', 'snacks', 'meal7'],
      newMeals: [],
      asSnacks: ['Pre-workout'],
    });
  });

  it('never makes a meal of a group of nothing, a name without a letter, or a blank', () => {
    expect(sorted(null, ['Uncategorized', '#5', '?', '  ', 'Snacks'])).toEqual({
      goTo: ['snacks', 'snacks', 'snacks', 'snacks', 'snacks'],
      newMeals: [],
      asSnacks: ['Uncategorized', '#5', '?'],
    });
  });

  it('names a meal as the diary stores names: tidied, and cut to a meal name’s length', () => {
    const long = `Pre-workout\u0000shake   with a long story ${'x'.repeat(40)}`;
    const { newMeals } = sorted(null, [long]);
    expect(newMeals[0]!.name).toBe('Pre-workout shake with a long story xxx…');
    expect(newMeals[0]!.name).toHaveLength(40);
    // A second import finds it by the name it was stored with.
    const again = sorted(settleNewMeals(newMeals, null).meals, [long]);
    expect(again).toMatchObject({ goTo: ['meal5'], newMeals: [] });
  });

  it('still answers the nearest of the four for a name alone, as before', () => {
    expect(mealFromSourceName('Полдник')).toBe('snacks');
    expect(mealFromSourceName('Второй завтрак')).toBe('breakfast');
  });
});

describe('settleNewMeals', () => {
  const preview: NewMeal[] = [
    { id: 'meal5', name: 'Pre-workout' },
    { id: 'meal6', name: 'Полдник' },
  ];

  it('adds the new meals, shown and named, to the plan as it is', () => {
    expect(settleNewMeals(preview, null)).toEqual({
      meals: [...four, slot('meal5', 'Pre-workout'), slot('meal6', 'Полдник')],
      moved: new Map(),
    });
    expect(settleNewMeals([], null)).toEqual({ meals: null, moved: new Map() });
  });

  it('never takes a slot the user filled since the preview: the next free one, its entries moved', () => {
    const setUp = [slot('meal5', 'Second breakfast'), ...four];
    expect(settleNewMeals(preview, setUp)).toEqual({
      meals: [...setUp, slot('meal6', 'Pre-workout'), slot('meal7', 'Полдник')],
      moved: new Map([
        ['meal5', 'meal6'],
        ['meal6', 'meal7'],
      ]),
    });
  });

  it('puts entries in a meal of that name the user made since the preview, and adds nothing twice', () => {
    const setUp = [...four, slot('meal8', 'полдник')];
    expect(settleNewMeals(preview, setUp)).toEqual({
      meals: [...setUp, slot('meal5', 'Pre-workout')],
      moved: new Map([['meal6', 'meal8']]),
    });
    const done = settleNewMeals(preview, null).meals;
    expect(settleNewMeals(preview, done)).toEqual({ meals: null, moved: new Map() });
  });

  it('with every slot taken since, moves entries to the nearest of the four, else snacks', () => {
    expect(settleNewMeals(preview, FULL_MEAL_PLAN)).toEqual({
      meals: null,
      moved: new Map([
        ['meal5', 'snacks'],
        ['meal6', 'snacks'],
      ]),
    });
    const second = settleNewMeals([{ id: 'meal5', name: 'Второй завтрак' }], FULL_MEAL_PLAN);
    expect(second.moved).toEqual(new Map([['meal5', 'breakfast']]));
  });

  it('keeps every slot the user has as it was, and gives a plan the settings accept', () => {
    const plan = fc
      .subarray([...ownMeals])
      .chain((own) =>
        fc.shuffledSubarray([...baseMeals, ...own], { minLength: 4 + own.length, maxLength: 4 + own.length }),
      )
      .chain((ids) =>
        fc.tuple(
          ...ids.map((id) =>
            fc.record({
              id: fc.constant(id),
              name: fc.option(fc.constantFrom('Полдник', 'Pre-workout', 'Lunch box')),
              hidden: fc.constant(false),
            }),
          ),
        ),
      );
    const newMeals = fc
      .uniqueArray(fc.constantFrom(...ownMeals), { maxLength: 4 })
      .chain((ids) =>
        fc.tuple(
          ...ids.map((id) =>
            fc.record({
              id: fc.constant(id),
              name: fc.constantFrom('Полдник', 'Pre-workout', 'Supper', 'Ёлка'),
            }),
          ),
        ),
      )
      .map((list) =>
        list.filter((meal, index) => list.findIndex((other) => other.name === meal.name) === index),
      );
    fc.assert(
      fc.property(plan, newMeals, (setUp, added) => {
        const { meals: written, moved } = settleNewMeals(added, setUp);
        const after = written ?? setUp;
        expect(after.slice(0, setUp.length)).toEqual(setUp);
        expect(settingsPatchSchema.safeParse({ meals: after }).success).toBe(true);
        // Every new meal's entries go to a meal the plan holds, or to one of the four.
        for (const meal of added) {
          const goesTo = moved.get(meal.id) ?? meal.id;
          expect(
            after.some((one) => one.id === goesTo) || (baseMeals as readonly Meal[]).includes(goesTo),
          ).toBe(true);
        }
      }),
      propertyRuns,
    );
  });
});

describe('withMealsMoved', () => {
  it('moves the entries of a moved meal and leaves the rest, and the days without them, as they were', () => {
    const kefir = entry({ meal: 'meal5', name: 'Kefir' });
    const oats = entry({ meal: 'breakfast', name: 'Oats' });
    const day = (date: string, entries: Entry[]) => ({
      ...newDay(date, { currentGoal: 2000 }, '2024-03-01T12:00:00.000Z'),
      entries,
    });
    const days = [day('2024-03-01', [oats, kefir]), day('2024-03-02', [oats])];
    const moved = withMealsMoved(days, new Map([['meal5', 'meal6']]));
    expect(moved[0]!.entries).toEqual([oats, { ...kefir, meal: 'meal6' }]);
    expect(moved[1]).toBe(days[1]);
    expect(withMealsMoved(days, new Map())).toBe(days);
  });
});
