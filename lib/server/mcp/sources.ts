import 'server-only';
import type { LoggableFood } from '@/lib/diary/nutrition';
import type { Entry, FoodRef } from '@/lib/schemas/entry';

/**
 * Where a figure the MCP server answers came from: the built-in catalog (USDA SR), a food of
 * the user's own library, figures typed in as they are (a quick add, often off a label), or an
 * import of another app's diary.
 */
export type FigureSource = 'catalog' | 'own' | 'quick add / label' | 'import';

/** A food's source by its reference: a number is the user's own food, `c:slug` the catalog's. */
export const foodSource = (ref: Exclude<FoodRef, null>): FigureSource =>
  typeof ref === 'number' ? 'own' : 'catalog';

/**
 * An entry's source. Entries keep no field for it, but an import of another app's diary gives
 * its entries UUID v5 ids made from their content (lib/importers/build.ts, so a second import
 * adds nothing), while every entry the app makes gets a random v4 id (lib/browser/uuid.ts): the
 * id's version digit tells them apart. An imported entry that names a food points at one the
 * import made, so its figures are still the file's.
 */
export function entrySource(entry: Pick<Entry, 'id' | 'food'>): FigureSource {
  if (entry.id[14] === '5') return 'import';
  return entry.food === null ? 'quick add / label' : foodSource(entry.food);
}

/**
 * An entry as the tools answer it: the amount eaten, its figures for that amount, and their
 * source; not its nutrients per 100 g nor its edit time, which mean nothing to an assistant.
 */
export function entryView(entry: Entry) {
  const { nutrients, updatedAt, ...shown } = entry;
  void nutrients;
  void updatedAt;
  return { ...shown, source: entrySource(entry) };
}

/** A food as search answers it: its reference for log_food, figures per 100 g and household servings. */
export function foodView(food: LoggableFood) {
  const ref = food.ref!;
  return {
    food: ref,
    source: foodSource(ref),
    name: food.name,
    per100g: { kcal: food.kcal, protein: food.protein, fat: food.fat, carbs: food.carbs },
    servings: food.measures.map(({ label, grams }) => ({ label, grams })),
  };
}
