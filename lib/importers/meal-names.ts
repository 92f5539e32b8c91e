import type { baseMeals, Meal } from '@/lib/diary/meals';

// Meal names as the source apps write them, in English and Russian (lower case, ё as е). Waistline
// and OpenNutriTracker let a user rename meals (Waistline's Russian default for snacks is
// "Закуски"); Cronometer's groups are "Breakfast", "Lunch", "Dinner", "Snacks" and "Uncategorized".
const NAMES: Record<(typeof baseMeals)[number], readonly string[]> = {
  breakfast: ['breakfast', 'morning', 'завтрак', 'утро', 'второй завтрак'],
  lunch: ['lunch', 'обед', 'ланч', 'день'],
  dinner: ['dinner', 'supper', 'evening', 'ужин', 'вечер'],
  snacks: ['snack', 'snacks', 'перекус', 'перекусы', 'полдник', 'закуски', 'снэк', 'снек', 'снеки'],
};

const BY_NAME = new Map<string, Meal>(
  Object.entries(NAMES).flatMap(([meal, names]) => names.map((name) => [name, meal as Meal])),
);

/** The diary's meal for a source's meal or group name, or null when it names none (it goes to snacks). */
export function mealFromSourceName(name: string): Meal | null {
  const key = name.toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
  return BY_NAME.get(key) ?? null;
}
