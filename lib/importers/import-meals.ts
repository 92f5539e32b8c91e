import { freeOwnMeal, mealPlan, ownMeals, type Meal, type MealPlan, type MealSlot } from '@/lib/diary/meals';
import { LIMITS } from '@/lib/limits';
import type { Day } from '@/lib/schemas/day';
import { isUngrouped, looseMealOf, mealNameKey, strictMealOf } from './meal-names';
import { clip, tidy } from './stored-text';
import type { NewMeal } from './types';

/** Which of the user's meals an import's entries go to, source meal name by source meal name. */
export type SourceMeals = {
  /** The user's meal for a source's meal or group name ("Breakfast", "Полдник", "Snack (1)"). */
  mealOf(sourceName: string): Meal;
  /** The meals of one's own the names so far take, in the order they first came. */
  readonly newMeals: readonly NewMeal[];
  /** Names whose entries went to snacks for want of a meal, as the source wrote them. */
  readonly asSnacks: ReadonlySet<string>;
};

/** A source's meal name as a meal's own name: tidied, and cut to what a meal's name may hold. */
const ownMealName = (sourceName: string) => clip(tidy(sourceName), LIMITS.mealNameLength.max);

/** The slot of the plan the user named `name` (in any case, ё as е), if any. */
function namedSlot(plan: MealPlan, name: string): Meal | null {
  const key = mealNameKey(name);
  return plan.find((slot) => slot.name !== null && mealNameKey(slot.name) === key)?.id ?? null;
}

/**
 * Sorts an import's meal names into the user's meals (`setUp`: settings.meals), each name once:
 * a meal the user named so; else one of the four the name plainly means ("Ужин"); else a new meal
 * of one's own in the next free slot, named as the source names it, so "Pre-workout" or "Полдник"
 * stays apart as the user kept it; with no slot free, the nearest of the four ("Полдник": snacks),
 * else snacks, listed for the preview. Matching the user's names by the name stored makes a second
 * import of the same file find the meals the first one added.
 */
export function sourceMeals(setUp: MealPlan | null | undefined): SourceMeals {
  const plan = mealPlan(setUp);
  const free = ownMeals.filter((meal) => !plan.some((slot) => slot.id === meal));
  const decided = new Map<string, { meal: Meal; asSnacks: boolean }>();
  const newMeals: NewMeal[] = [];
  const asSnacks = new Set<string>();

  function decide(name: string): { meal: Meal; asSnacks: boolean } {
    const meal = namedSlot(plan, name) ?? strictMealOf(name);
    if (meal !== null) return { meal, asSnacks: false };
    // "Uncategorized" or Waistline's "#5" for a meal it no longer names: nothing to call a meal.
    if (isUngrouped(name) || !/\p{L}/u.test(name)) return { meal: 'snacks', asSnacks: true };
    const id = free.shift();
    if (id !== undefined) {
      newMeals.push({ id, name });
      return { meal: id, asSnacks: false };
    }
    const nearest = looseMealOf(name);
    return nearest ? { meal: nearest, asSnacks: false } : { meal: 'snacks', asSnacks: true };
  }

  return {
    mealOf(sourceName) {
      const name = ownMealName(sourceName);
      // A blank meal name: nothing to list either.
      if (name === '') return 'snacks';
      const key = mealNameKey(name);
      let decision = decided.get(key);
      if (!decision) {
        decision = decide(name);
        decided.set(key, decision);
      }
      if (decision.asSnacks) asSnacks.add(sourceName.trim());
      return decision.meal;
    },
    newMeals,
    asSnacks,
  };
}

/** An import's new meals as they are carried out: the plan to write, and where entries go instead. */
export type SettledMeals = {
  /** The user's plan with the new meals added, or null when it gains none. */
  meals: MealSlot[] | null;
  /** A new meal's slot in the preview -> the meal its entries go to now, where the two differ. */
  moved: ReadonlyMap<Meal, Meal>;
};

/**
 * The new meals of a preview (`newMeals`) added to the user's plan as it is when the import is
 * carried out (`setUp`), which may have changed since: another tab or device may have added a
 * meal. A slot the user has is never renamed or reused. A new meal the user has meanwhile made
 * (by its name) is theirs; one whose slot was taken moves to the next free slot; with none free,
 * its entries go to the nearest of the four, else snacks.
 */
export function settleNewMeals(
  newMeals: readonly NewMeal[],
  setUp: MealPlan | null | undefined,
): SettledMeals {
  let plan: MealSlot[] = [...mealPlan(setUp)];
  const moved = new Map<Meal, Meal>();
  let added = false;
  for (const meal of newMeals) {
    const named = namedSlot(plan, meal.name);
    const slot =
      named !== null ? null : plan.some((taken) => taken.id === meal.id) ? freeOwnMeal(plan) : meal.id;
    if (slot !== null) {
      plan = [...plan, { id: slot, name: meal.name, hidden: false }];
      added = true;
    }
    const goesTo = named ?? slot ?? looseMealOf(meal.name) ?? 'snacks';
    if (goesTo !== meal.id) moved.set(meal.id, goesTo);
  }
  return { meals: added ? plan : null, moved };
}

/** The days with the entries of each moved meal in the meal it moved to. */
export function withMealsMoved(days: Day[], moved: ReadonlyMap<Meal, Meal>): Day[] {
  if (moved.size === 0) return days;
  return days.map((day) =>
    day.entries.some((entry) => moved.has(entry.meal))
      ? {
          ...day,
          entries: day.entries.map((entry) => ({ ...entry, meal: moved.get(entry.meal) ?? entry.meal })),
        }
      : day,
  );
}
