import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addOwnMeal,
  baseMeals,
  hideMeal,
  loggableMeals,
  mealOfTheHour,
  mealPlan,
  meals,
  mealsOfDay,
  moveMeal,
  renameMeal,
  type MealSlot,
} from '@/lib/diary/meals';
import { settingsPatchSchema } from '@/lib/schemas/settings';

const plan = (slots: MealSlot[]) => settingsPatchSchema.safeParse({ meals: slots });
const slot = (id: MealSlot['id'], name: string | null = null, hidden = false): MealSlot => ({
  id,
  name,
  hidden,
});
const four = baseMeals.map((id) => slot(id));

describe('meals of one’s own', () => {
  it('shows the four as they come when none are set up', () => {
    expect(mealsOfDay(null)).toEqual(['breakfast', 'lunch', 'dinner', 'snacks']);
    expect(loggableMeals(undefined)).toEqual(['breakfast', 'lunch', 'dinner', 'snacks']);
  });

  it('shows the user’s order, leaves out a hidden meal, and shows it again on a day that holds entries in it', () => {
    const setUp = [
      slot('snacks'),
      slot('meal5', 'Полдник'),
      slot('breakfast', null, true),
      slot('lunch'),
      slot('dinner'),
    ];
    expect(mealsOfDay(setUp)).toEqual(['snacks', 'meal5', 'lunch', 'dinner']);
    expect(mealsOfDay(setUp, [{ meal: 'breakfast' }])).toEqual([
      'snacks',
      'meal5',
      'breakfast',
      'lunch',
      'dinner',
    ]);
    // An entry the API put in a slot not set up is shown too, after the user's meals.
    expect(mealsOfDay(setUp, [{ meal: 'meal7' }])).toEqual(['snacks', 'meal5', 'lunch', 'dinner', 'meal7']);
    expect(loggableMeals(setUp)).toEqual(['snacks', 'meal5', 'lunch', 'dinner']);
  });

  it('never offers a hidden meal as the meal of the hour', () => {
    const nine = new Date(2026, 11, 7, 9, 0);
    expect(mealOfTheHour(nine, null)).toBe('breakfast');
    expect(
      mealOfTheHour(nine, [slot('meal5', 'Early'), slot('breakfast', null, true), ...four.slice(1)]),
    ).toBe('meal5');
  });

  it('adds at most four meals of one’s own, each in its own slot', () => {
    let setUp: MealSlot[] | null = null;
    for (const name of ['Second breakfast', 'Полдник', 'Supper', 'Late']) setUp = addOwnMeal(setUp, name);
    expect(setUp!.map((meal) => meal.id)).toEqual([...meals]);
    expect(addOwnMeal(setUp, 'Ninth')).toBeNull();
    expect(plan(setUp!).success).toBe(true);
  });

  it('keeps every plan made by renaming, moving, hiding and adding valid, or refuses the change', () => {
    const edit = fc.oneof(
      fc.record({
        kind: fc.constant('rename' as const),
        meal: fc.constantFrom(...meals),
        name: fc.string({ minLength: 1, maxLength: 40 }),
      }),
      fc.record({
        kind: fc.constant('move' as const),
        meal: fc.constantFrom(...meals),
        by: fc.constantFrom(-1 as const, 1 as const),
      }),
      fc.record({
        kind: fc.constant('hide' as const),
        meal: fc.constantFrom(...meals),
        hidden: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('add' as const), name: fc.string({ minLength: 1, maxLength: 40 }) }),
    );
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 30 }), (edits) => {
        let setUp: MealSlot[] | null = null;
        for (const change of edits) {
          const next: MealSlot[] | null =
            change.kind === 'rename'
              ? renameMeal(setUp, change.meal, change.name.trim() || null)
              : change.kind === 'move'
                ? moveMeal(setUp, change.meal, change.by)
                : change.kind === 'hide'
                  ? hideMeal(setUp, change.meal, change.hidden)
                  : addOwnMeal(setUp, change.name.trim() || 'Meal');
          // What the settings refuse (all hidden, a name of NUL) the screen never saves.
          if (next && plan(next).success) setUp = next;
        }
        const slots = mealPlan(setUp);
        expect(new Set(slots.map((meal) => meal.id)).size).toBe(slots.length);
        expect(baseMeals.every((meal) => slots.some((meal2) => meal2.id === meal))).toBe(true);
        expect(loggableMeals(setUp).length).toBeGreaterThan(0);
      }),
    );
  });

  it.each([
    [
      'nine meals',
      [
        ...four,
        ...['meal5', 'meal6', 'meal7', 'meal8'].map((id) => slot(id as MealSlot['id'], 'x')),
        slot('meal8', 'y'),
      ],
      'mealsCount',
    ],
    ['a meal twice', [...four, slot('breakfast', 'Again')], 'mealsInvalid'],
    ['one of the four missing', four.slice(1), 'mealsInvalid'],
    ['every meal hidden', four.map((meal) => ({ ...meal, hidden: true })), 'mealsAllHidden'],
    ['a name of 1,000 characters', [slot('breakfast', 'a'.repeat(1000)), ...four.slice(1)], 'mealNameLength'],
    ['an empty name', [slot('breakfast', '   '), ...four.slice(1)], 'mealNameLength'],
    ['a NUL in a name', [slot('breakfast', 'a\u0000b'), ...four.slice(1)], 'mealNameLength'],
    ['an unknown slot', [...four, { id: 'meal9', name: 'x', hidden: false }], 'mealsInvalid'],
    ['a field more', [...four.slice(1), { ...four[0]!, colour: 'red' }], 'mealsInvalid'],
  ])('refuses %s with a message', (_label, slots, message) => {
    const result = plan(slots as MealSlot[]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain(message);
  });

  it('takes a name of emoji and keeps it as typed, trimmed', () => {
    const result = plan([slot('breakfast', '  🥐☕️ '), ...four.slice(1)]);
    expect(result.success && result.data.meals![0]!.name).toBe('🥐☕️');
  });
});
