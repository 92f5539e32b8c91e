'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { NUTRIENTS, saltGOfSodiumMg, type NutrientKey, type Nutrients } from '@/lib/diary/nutrients';
import { useUnits } from '@/lib/hooks/use-units';

/** The nutrients a line names when known: what labels and doctors ask about most. */
export const HEADLINE_NUTRIENTS: readonly NutrientKey[] = ['fibre', 'sugars', 'saturatedFat', 'sodium'];

/**
 * A line of the headline nutrients an amount holds ("Fibre 5.3 g · Salt 0.4 g"), those known
 * only; nothing when none is. Sodium reads as salt where labels print salt.
 */
export function NutrientLine({ nutrients, testId }: { nutrients: Nutrients | null; testId?: string }) {
  const t = useTranslations('nutrients');
  const format = useFormatter();
  const salt = useUnits().system !== 'us';
  const number = (value: number) =>
    format.number(value, { maximumFractionDigits: value >= 100 ? 0 : value >= 10 ? 1 : 2 });
  const parts = HEADLINE_NUTRIENTS.flatMap((key) => {
    const value = nutrients?.[key];
    if (value === undefined) return [];
    if (key === 'sodium' && salt)
      return [
        `${t('names.salt')} ${t('amount', { value: number(saltGOfSodiumMg(value)), unit: t('unitNames.g') })}`,
      ];
    return [
      `${t(`names.${key}`)} ${t('amount', { value: number(value), unit: t(`unitNames.${NUTRIENTS[key].unit}`) })}`,
    ];
  });
  if (parts.length === 0) return null;
  return (
    <p className="text-fg-muted text-sm tabular-nums" data-testid={testId}>
      {parts.join(' · ')}
    </p>
  );
}
