'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useFoods } from '@/lib/data';
import type { Locale } from '@/lib/i18n/config';
import type { Entry } from '@/lib/schemas/entry';
import { useCatalogFood } from '@/lib/hooks/use-entry-name';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useServingLabel } from '@/lib/hooks/use-serving-label';

/** A serving label without its leading "1", so "2 × bar" reads for "1 bar". */
export function servingNoun(label: string): string {
  return label.replace(/^1\s*(?:×|x)?\s+/i, '');
}

/**
 * An entry logged in servings, by the serving's name when its food still has that serving
 * ("2 × bar · 90 g"); by its weight alone ("2 × 45 g") when the food is gone or its serving
 * changed since, as the entry keeps only the grams it was logged with.
 */
export function ServingAmount({ entry }: { entry: Entry }) {
  const t = useTranslations('diary');
  const locale = useLocale() as Locale;
  const formatNumber = useFormatNumber();
  const servingLabel = useServingLabel();
  const foods = useFoods().data;
  const catalogFood = useCatalogFood(entry);
  const gramsEach = (entry.grams ?? 0) / Math.max(entry.amount, 0.0001);

  const own = typeof entry.food === 'number' ? foods?.find((food) => food.id === entry.food) : undefined;
  const serving =
    own?.serving ??
    (catalogFood?.serving ? { label: catalogFood.serving[locale], grams: catalogFood.serving.grams } : null);
  // Only the serving the entry was logged with: a rounding apart, not a changed one.
  const label =
    serving && Math.abs(serving.grams - gramsEach) < 0.05 ? servingNoun(servingLabel(serving.label)) : null;

  return label
    ? t('servingsNamed', { count: formatNumber(entry.amount), label, grams: formatNumber(entry.grams ?? 0) })
    : `${formatNumber(entry.amount)} × ${t('grams', { value: formatNumber(gramsEach) })}`;
}
