/**
 * The meals of a diary day. Four come with every diary (breakfast, lunch, dinner, snacks); a
 * user may rename them, hide them, reorder them and add up to four of their own ("Second
 * breakfast", "Полдник"), stored in the slots meal5 to meal8 (docs/decisions/0059). Kept free of
 * zod so screens can import it cheaply.
 */
export const baseMeals = ['breakfast', 'lunch', 'dinner', 'snacks'] as const;
export const ownMeals = ['meal5', 'meal6', 'meal7', 'meal8'] as const;
/** Every meal an entry may be in, in slot order. */
export const meals = [...baseMeals, ...ownMeals] as const;
export type Meal = (typeof meals)[number];
export type OwnMeal = (typeof ownMeals)[number];

/** One meal as a user set it up: its slot, a name of their own (null: the meal's own), and whether it is hidden. */
export type MealSlot = { id: Meal; name: string | null; hidden: boolean };
/** A user's meals in their order; null: the four, as they come. */
export type MealPlan = readonly MealSlot[];

export const isMeal = (value: string): value is Meal => (meals as readonly string[]).includes(value);
export const isOwnMeal = (meal: Meal): meal is OwnMeal => (ownMeals as readonly string[]).includes(meal);

const DEFAULT_PLAN: MealPlan = baseMeals.map((id) => ({ id, name: null, hidden: false }));

/** The user's meals in order, the four that come with every diary when they set none up. */
export function mealPlan(setUp: MealPlan | null | undefined): MealPlan {
  return setUp && setUp.length > 0 ? setUp : DEFAULT_PLAN;
}

/**
 * The meals a day shows, in the user's order: those not hidden, and any that holds an entry
 * (a hidden meal's, or one an import or the API put in a slot the user has not set up), so
 * nothing logged is ever out of sight.
 */
export function mealsOfDay(
  setUp: MealPlan | null | undefined,
  entries: ReadonlyArray<{ meal: Meal }> = [],
): Meal[] {
  const holding = new Set(entries.map((entry) => entry.meal));
  const plan = mealPlan(setUp);
  const shown = plan.filter((slot) => !slot.hidden || holding.has(slot.id)).map((slot) => slot.id);
  const elsewhere = meals.filter((meal) => holding.has(meal) && !plan.some((slot) => slot.id === meal));
  return [...shown, ...elsewhere];
}

/** The meals one can log into: the plan's, but hidden ones. */
export function loggableMeals(setUp: MealPlan | null | undefined): Meal[] {
  return mealPlan(setUp)
    .filter((slot) => !slot.hidden)
    .map((slot) => slot.id);
}

/** The name a user gave a meal, or null for its own (translated) name. */
export function ownNameOf(setUp: MealPlan | null | undefined, meal: Meal): string | null {
  return mealPlan(setUp).find((slot) => slot.id === meal)?.name ?? null;
}

/** The meal a person most likely means right now: breakfast until 11, lunch until 16, dinner until 21. */
export function mealOfTheHour(now: Date, setUp?: MealPlan | null): Meal {
  return loggableMealOfHour(now.getHours(), setUp);
}

/** The meal of an hour (mealOfHour) among those the user logs into. */
export function loggableMealOfHour(hour: number, setUp?: MealPlan | null): Meal {
  const meal = mealOfHour(hour);
  const loggable = loggableMeals(setUp);
  // A hidden meal is never picked: the first the user logs into takes its place.
  return loggable.includes(meal) ? meal : (loggable[0] ?? meal);
}

/** The meal of an hour of someone's day (0-23): the server reads it off a user's own clock. */
export function mealOfHour(hour: number): Meal {
  return hour < 11 ? 'breakfast' : hour < 16 ? 'lunch' : hour < 21 ? 'dinner' : 'snacks';
}

/** The plan with a meal's name (null: its own name back). */
export function renameMeal(setUp: MealPlan | null | undefined, meal: Meal, name: string | null): MealSlot[] {
  return mealPlan(setUp).map((slot) => (slot.id === meal ? { ...slot, name } : slot));
}

/** The plan with a meal hidden or shown again. */
export function hideMeal(setUp: MealPlan | null | undefined, meal: Meal, hidden: boolean): MealSlot[] {
  return mealPlan(setUp).map((slot) => (slot.id === meal ? { ...slot, hidden } : slot));
}

/** The plan with a meal moved one place earlier (-1) or later (+1); at an end, unchanged. */
export function moveMeal(setUp: MealPlan | null | undefined, meal: Meal, by: -1 | 1): MealSlot[] {
  const slots = [...mealPlan(setUp)];
  const from = slots.findIndex((slot) => slot.id === meal);
  const to = from + by;
  if (from < 0 || to < 0 || to >= slots.length) return slots;
  [slots[from], slots[to]] = [slots[to]!, slots[from]!];
  return slots;
}

/** The slot a new meal of one's own takes, or null when all four are taken. */
export function freeOwnMeal(setUp: MealPlan | null | undefined): OwnMeal | null {
  const plan = mealPlan(setUp);
  return ownMeals.find((meal) => !plan.some((slot) => slot.id === meal)) ?? null;
}

/** The plan with a meal of one's own added last, or null when all four slots are taken. */
export function addOwnMeal(setUp: MealPlan | null | undefined, name: string): MealSlot[] | null {
  const id = freeOwnMeal(setUp);
  return id === null ? null : [...mealPlan(setUp), { id, name, hidden: false }];
}

/** The meals one logs into that the user gave a name of their own, as a text may name them. */
export function namedMeals(setUp: MealPlan | null | undefined): { meal: Meal; name: string }[] {
  return mealPlan(setUp).flatMap((slot) =>
    slot.name === null || slot.hidden ? [] : [{ meal: slot.id, name: slot.name }],
  );
}
