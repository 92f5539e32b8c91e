import type { Meal } from '@/lib/diary/meals';
import type { Entry, FoodRef } from '@/lib/schemas/entry';

/** Foods logged in this meal at least this often over the recent days are its usual ones. */
const USUAL_MIN_TIMES = 2;
/** Usual foods offered at most. */
const USUAL_LISTED = 5;

/**
 * The foods most often logged in `meal` on the days before `date` (issue 49's "usual at this
 * time"), most often first, each counted once a day: the breakfast porridge, the lunch soup.
 */
export function usualFoods(
  recentDays: ReadonlyArray<{ date: string; entries: readonly Entry[] }>,
  meal: Meal,
  date: string,
): FoodRef[] {
  const days = new Map<string, Set<string>>();
  const refs = new Map<string, FoodRef>();
  for (const day of recentDays) {
    if (day.date >= date) continue;
    for (const entry of day.entries) {
      if (entry.meal !== meal || entry.food === null) continue;
      const key = String(entry.food);
      refs.set(key, entry.food);
      const seen = days.get(key) ?? new Set<string>();
      seen.add(day.date);
      days.set(key, seen);
    }
  }
  return [...days]
    .filter(([, seen]) => seen.size >= USUAL_MIN_TIMES)
    .sort(([, a], [, b]) => b.size - a.size)
    .slice(0, USUAL_LISTED)
    .map(([key]) => refs.get(key)!);
}
