import type { baseMeals, Meal } from '@/lib/diary/meals';

type BaseMeal = (typeof baseMeals)[number];

// Meal names as the source apps write them, in English and Russian (lower case, ё as е). Waistline
// and OpenNutriTracker let a user rename meals (Waistline's Russian default for snacks is
// "Закуски"); Cronometer's groups are "Breakfast", "Lunch", "Dinner", "Snacks" and "Uncategorized".
// These name one of the four and nothing else, whatever else the user eats.
const STRICT_NAMES: Record<BaseMeal, readonly string[]> = {
  breakfast: ['breakfast', 'morning', 'завтрак', 'утро'],
  lunch: ['lunch', 'обед', 'ланч', 'день'],
  dinner: ['dinner', 'evening', 'ужин', 'вечер'],
  snacks: ['snack', 'snacks', 'перекус', 'перекусы', 'закуски', 'снэк', 'снек', 'снеки'],
};

// Meals that people keep beside the four ("Полдник" between lunch and dinner; "Supper", in
// British use, after dinner): an import makes them meals of the user's own while a slot is free,
// and only then puts them in the nearest of the four.
const LOOSE_NAMES: Record<BaseMeal, readonly string[]> = {
  breakfast: ['второй завтрак', 'second breakfast'],
  lunch: [],
  dinner: ['supper', 'поздний ужин'],
  snacks: ['полдник', 'afternoon snack'],
};

// Groups that hold what the user put in no meal (Cronometer's default group): they name no meal,
// so their entries go to snacks.
const UNGROUPED = new Set(['uncategorized', 'uncategorised']);

const byName = (names: Record<BaseMeal, readonly string[]>) =>
  new Map<string, BaseMeal>(
    Object.entries(names).flatMap(([meal, list]) => list.map((name) => [name, meal as BaseMeal])),
  );
const STRICT = byName(STRICT_NAMES);
const LOOSE = byName(LOOSE_NAMES);

/** A meal name as names are compared: any case, ё as е, one space between words. */
export const mealNameKey = (name: string) =>
  name.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();

/** The one of the four a source's meal name plainly means ("Breakfast", "Ужин"), or null. */
export const strictMealOf = (name: string): BaseMeal | null => STRICT.get(mealNameKey(name)) ?? null;

/** The one of the four nearest to a meal people keep beside them ("Полдник": snacks), or null. */
export const looseMealOf = (name: string): BaseMeal | null => LOOSE.get(mealNameKey(name)) ?? null;

/** True for a group that holds what was put in no meal ("Uncategorized"). */
export const isUngrouped = (name: string): boolean => UNGROUPED.has(mealNameKey(name));

/** The diary's meal for a source's meal or group name, plain or nearest, or null when it names none. */
export function mealFromSourceName(name: string): Meal | null {
  return strictMealOf(name) ?? looseMealOf(name);
}
