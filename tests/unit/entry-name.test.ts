import { describe, expect, it } from 'vitest';
import { catalogSlugOf, isUndescribedQuickAdd, QUICK_ADD_STORED_NAMES } from '@/lib/diary/entry-name';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

describe('entry names in the language in use', () => {
  it('knows the default quick-add name of every language, and only those', () => {
    expect([...QUICK_ADD_STORED_NAMES].sort()).toEqual([en.diary.quickAddName, ru.diary.quickAddName].sort());
  });

  it('treats a quick add as undescribed only with a default name', () => {
    const quick = { food: null, unit: 'kcal' as const };
    expect(isUndescribedQuickAdd({ ...quick, name: 'Быстрое добавление' })).toBe(true);
    expect(isUndescribedQuickAdd({ ...quick, name: 'Quick add' })).toBe(true);
    expect(isUndescribedQuickAdd({ ...quick, name: 'Birthday cake' })).toBe(false);
    expect(isUndescribedQuickAdd({ food: 3, unit: 'g', name: 'Quick add' })).toBe(false);
  });

  it('reads the catalog slug of a catalog entry', () => {
    expect(catalogSlugOf({ food: 'c:olive-oil' })).toBe('olive-oil');
    expect(catalogSlugOf({ food: 7 })).toBeNull();
    expect(catalogSlugOf({ food: null })).toBeNull();
  });
});
