import type { CatalogCategory } from '@/lib/catalog/categories';
import type { Day } from '@/lib/schemas/day';
import { dayNumber } from './dates';
import { catalogSlugOf } from './entry-name';
import { meals, type Meal } from './meals';

/*
 * What calm mode's stats show instead of calories (docs/decisions/0043): how regularly the diary
 * is kept, which meals are logged, and how often fruit and vegetables are eaten. Counts of days
 * and entries only, never an amount of energy.
 */

/**
 * The catalog's category of fruit and vegetables. The catalog keeps them together (so does USDA's
 * table, lib/catalog/usda-table.ts), and so do the "5 a day" advice and the WHO's 400 g a day.
 */
export const PRODUCE_CATEGORY: CatalogCategory = 'produce';

export type Habits = {
  /** Days of the period with at least one entry. */
  loggedDays: number;
  /** The mean number of the four meals logged on a logged day; null when no day is logged. */
  mealsPerDay: number | null;
  /** For each meal, on how many days it was logged. */
  mealDays: Record<Meal, number>;
  produce: {
    /** Days with at least one entry of fruit or vegetables. */
    days: number;
    /** Entries of fruit or vegetables. */
    entries: number;
    /**
     * Entries whose food has no known category (the user's own foods, quick adds, a catalog food
     * not found): they may hold fruit or vegetables, and are counted neither way.
     */
    unknown: number;
    /** Every entry of the period. */
    total: number;
  };
};

/** The catalog foods the days' entries were logged from, each once: what a category is needed for. */
export function loggedCatalogSlugs(days: readonly Day[]): string[] {
  const slugs = new Set<string>();
  for (const day of days)
    for (const entry of day.entries) {
      const slug = catalogSlugOf(entry);
      if (slug !== null) slugs.add(slug);
    }
  return [...slugs].sort();
}

/**
 * The habits of `from`..`to` (inclusive) from its days; `days` may hold others, which are left
 * out. `categoryOf` answers a catalog food's category, or undefined when it is not known.
 */
export function habitsOf(
  days: readonly Day[],
  from: string,
  to: string,
  categoryOf: (slug: string) => CatalogCategory | undefined,
): Habits {
  const first = dayNumber(from);
  const last = dayNumber(to);
  const mealDays = Object.fromEntries(meals.map((meal) => [meal, 0])) as Record<Meal, number>;
  const produce = { days: 0, entries: 0, unknown: 0, total: 0 };
  let loggedDays = 0;
  // One day per date, as the repository answers them; a date given twice counts once.
  const seen = new Set<string>();
  for (const day of days) {
    const number = dayNumber(day.date);
    if (number < first || number > last || day.entries.length === 0 || seen.has(day.date)) continue;
    seen.add(day.date);
    loggedDays++;
    const logged = new Set<Meal>();
    let produceToday = 0;
    for (const entry of day.entries) {
      logged.add(entry.meal);
      const slug = catalogSlugOf(entry);
      const category = slug === null ? undefined : categoryOf(slug);
      if (category === undefined) produce.unknown++;
      else if (category === PRODUCE_CATEGORY) produceToday++;
    }
    for (const meal of logged) mealDays[meal]++;
    produce.total += day.entries.length;
    produce.entries += produceToday;
    if (produceToday > 0) produce.days++;
  }
  const mealsLogged = meals.reduce((sum, meal) => sum + mealDays[meal], 0);
  return {
    loggedDays,
    mealsPerDay: loggedDays > 0 ? mealsLogged / loggedDays : null,
    mealDays,
    produce,
  };
}
