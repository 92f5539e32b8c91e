'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { CatalogFood } from '@/lib/catalog/catalog-data';
import { catalogFoodOf, loadedCatalogFood } from '@/lib/catalog/load';
import { catalogSlugOf, isUndescribedQuickAdd } from '@/lib/diary/entry-name';
import type { Locale } from '@/lib/i18n/config';
import type { Entry } from '@/lib/schemas/entry';

/**
 * An entry's name in the language in use: a catalog food by its catalog name, a quick add
 * without a description as "Quick add"; anything the user named keeps its name. The catalog
 * loads only when an entry of it is shown, and until then the stored name stands in.
 */
export function useEntryName(entry: Pick<Entry, 'food' | 'unit' | 'name'>): string {
  const t = useTranslations('diary');
  const locale = useLocale() as Locale;
  const food = useCatalogFood(entry);
  if (isUndescribedQuickAdd(entry)) return t('quickAddName');
  return food ? food[locale] : entry.name;
}

/**
 * The catalog food an entry was logged from, once its part of the catalog has loaded (the
 * curated list, or the one USDA group of a table food); else undefined.
 */
export function useCatalogFood(entry: Pick<Entry, 'food' | 'unit'>): CatalogFood | undefined {
  const slug = catalogSlugOf(entry);
  const [, setLoads] = useState(0);

  useEffect(() => {
    if (slug === null || loadedCatalogFood(slug)) return;
    let active = true;
    void catalogFoodOf(slug).then(() => active && setLoads((count) => count + 1));
    return () => {
      active = false;
    };
  }, [slug]);

  return slug === null ? undefined : loadedCatalogFood(slug);
}
