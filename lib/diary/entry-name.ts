import type { Entry } from '@/lib/schemas/entry';

/**
 * What a quick add without a description is stored as: one neutral name for every language,
 * shown in the language in use (diary.quickAddName), so a diary kept in Russian does not say
 * "Быстрое добавление" in English.
 */
export const QUICK_ADD_NAME = 'Quick add';

// Earlier builds stored the default in the language of the moment; these read as neutral too.
// tests/unit/entry-name.test.ts keeps this list equal to every locale's diary.quickAddName.
export const QUICK_ADD_STORED_NAMES: readonly string[] = [QUICK_ADD_NAME, 'Быстрое добавление'];

/** True for a quick add that the user did not describe: its name is the interface's, not theirs. */
export function isUndescribedQuickAdd(entry: Pick<Entry, 'food' | 'unit' | 'name'>): boolean {
  return entry.food === null && entry.unit === 'kcal' && QUICK_ADD_STORED_NAMES.includes(entry.name);
}

/** The catalog slug an entry refers to (`c:{slug}`), or null for the user's own food or a quick add. */
export function catalogSlugOf(entry: Pick<Entry, 'food'>): string | null {
  return typeof entry.food === 'string' ? entry.food.slice(2) : null;
}
