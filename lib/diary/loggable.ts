import type { CatalogFood } from '@/lib/catalog/catalog-data';
import type { Locale } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import type { Entry } from '@/lib/schemas/entry';
import type { Food } from '@/lib/schemas/food';
import { catalogMeasures, entryMeasure, foodMeasures } from './measures';
import { withKnown } from './nutrients';
import type { FoodPick, LoggableFood } from './nutrition';

/** Cuts a text to `max` UTF-16 units without leaving half of a surrogate pair at the end. */
function cut(text: string, max: number): string {
  const head = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/**
 * The name an entry of a food is logged under: "Name (Brand)". A food's name and its brand may
 * each be 120 characters, an entry's name only 120 (LIMITS.nameLength), so a pair past that
 * keeps the whole name and as much of the brand as fits, ending in "…"; a food stored with a
 * long name and brand stays loggable instead of being refused at the amount step.
 */
export function entryNameOf(food: Pick<Food, 'name' | 'brand'>): string {
  const max = LIMITS.nameLength.max;
  const name = food.name.trim();
  const brand = food.brand?.trim() ?? '';
  if (!brand) return cut(name, max);
  const full = `${name} (${brand})`;
  if (full.length <= max) return full;
  // Room for the brand once the name, " (", "…" and ")" are in.
  const room = max - name.length - 4;
  if (room < 1) return cut(name, max);
  return `${name} (${cut(brand, room).trimEnd()}…)`;
}

export function loggableFromFood(food: Food): LoggableFood {
  return {
    ref: food.id,
    name: entryNameOf(food),
    kcal: food.kcal,
    protein: food.protein,
    fat: food.fat,
    carbs: food.carbs,
    serving: food.serving,
    measures: foodMeasures(food),
    ...withKnown(food.nutrients),
  };
}

export function loggableFromCatalog(food: CatalogFood, locale: Locale): LoggableFood {
  return {
    ref: `c:${food.id}`,
    name: food[locale],
    kcal: food.kcal,
    protein: food.protein,
    fat: food.fat,
    carbs: food.carbs,
    serving: food.serving ? { label: food.serving[locale], grams: food.serving.grams } : null,
    measures: catalogMeasures(food, locale),
  };
}

/**
 * Foods logged lately, newest first, each with the amount last eaten in the measure it was
 * counted in, so logging it again takes two taps. A library food is only offered while it still
 * exists (ids can be reused); an amount in a measure the food no longer has reads in grams.
 */
export function recentFoods(
  entries: readonly Entry[],
  foods: readonly Food[],
  catalog: readonly CatalogFood[],
  locale: Locale,
  limit: number,
): FoodPick[] {
  const byId = new Map(foods.map((food) => [food.id, food]));
  const catalogById = new Map(catalog.map((food) => [`c:${food.id}`, food]));
  const seen = new Set<string>();
  const recent: FoodPick[] = [];
  for (const entry of [...entries].sort((a, b) => b.loggedAt.localeCompare(a.loggedAt))) {
    if (entry.food === null || entry.unit === 'kcal') continue;
    const key = String(entry.food);
    if (seen.has(key)) continue;
    seen.add(key);
    let food: LoggableFood | null = null;
    if (typeof entry.food === 'number') {
      const own = byId.get(entry.food);
      if (own) food = loggableFromFood(own);
    } else {
      const fromCatalog = catalogById.get(entry.food);
      if (fromCatalog) food = loggableFromCatalog(fromCatalog, locale);
    }
    if (!food) continue;
    const measure = entryMeasure(entry, food.measures);
    recent.push(
      measure || entry.unit === 'g'
        ? { food, amount: entry.amount, measure }
        : { food, amount: entry.grams ?? 0, measure: null },
    );
    if (recent.length >= limit) break;
  }
  return recent;
}
