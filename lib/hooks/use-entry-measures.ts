'use client';

import { useLocale } from 'next-intl';
import { useFoods } from '@/lib/data';
import { measuresOfEntryFood } from '@/lib/diary/measures';
import type { Locale } from '@/lib/i18n/config';
import type { Entry } from '@/lib/schemas/entry';
import type { Serving } from '@/lib/schemas/food';
import { useCatalogFood } from './use-entry-name';

/**
 * The measures of the food an entry was logged from, in the language in use: its library
 * food's, or its catalog food's once that part of the catalog has loaded; none for a food gone.
 */
export function useEntryMeasures(entry: Pick<Entry, 'food' | 'unit'>): Serving[] {
  const locale = useLocale() as Locale;
  const foods = useFoods().data;
  const catalog = useCatalogFood(entry);
  const own = typeof entry.food === 'number' ? foods?.find((food) => food.id === entry.food) : undefined;
  return measuresOfEntryFood({ own, catalog }, locale);
}
