'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useSettingsWhereProvided } from '@/lib/data';
import { loggableMeals, mealsOfDay, ownNameOf, type Meal, type MealPlan } from '@/lib/diary/meals';

export type MealsInUse = {
  /** A meal's name: the one the user gave it, else its own in the interface's language. */
  nameOf: (meal: Meal) => string;
  /** The meals a day with these entries shows, in the user's order (lib/diary/meals.ts). */
  ofDay: (entries?: ReadonlyArray<{ meal: Meal }>) => Meal[];
  /** The meals one can log into, in order. */
  loggable: Meal[];
  plan: MealPlan | null;
};

/**
 * The user's meals as the screens name and order them; the four as they come until the settings
 * are read. `given`: someone else's (a shared diary's owner's), in place of the settings'.
 */
export function useMeals(given?: MealPlan | null): MealsInUse {
  const t = useTranslations('diary.meals');
  const own = useSettingsWhereProvided()?.meals ?? null;
  const plan = given === undefined ? own : given;
  return useMemo(
    () => ({
      nameOf: (meal) => ownNameOf(plan, meal) ?? t(meal),
      ofDay: (entries) => mealsOfDay(plan, entries),
      loggable: loggableMeals(plan),
      plan,
    }),
    [plan, t],
  );
}
