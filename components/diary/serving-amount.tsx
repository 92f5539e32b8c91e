'use client';

import { useTranslations } from 'next-intl';
import { entryMeasure, gramsEachOf, measureNoun } from '@/lib/diary/measures';
import type { Entry } from '@/lib/schemas/entry';
import { useEntryMeasures } from '@/lib/hooks/use-entry-measures';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useServingLabel } from '@/lib/hooks/use-serving-label';
import { useUnitFormat } from '@/lib/hooks/use-units';

/**
 * An entry counted in one of its food's measures, by the measure's name while the food still
 * has it ("1 × medium · 118 g", "2 × bar · 90 g"); by its weight alone ("2 × 45 g") when the
 * food is gone or the measure changed since, as the entry keeps only the grams it was logged with.
 */
export function ServingAmount({ entry }: { entry: Entry }) {
  const t = useTranslations('diary');
  const formatNumber = useFormatNumber();
  const { foodWeight } = useUnitFormat();
  const servingLabel = useServingLabel();
  const measure = entryMeasure(entry, useEntryMeasures(entry));

  return measure
    ? t('servingsNamed', {
        count: formatNumber(entry.amount),
        label: measureNoun(servingLabel(measure.label)),
        weight: foodWeight(entry.grams ?? 0),
      })
    : `${formatNumber(entry.amount)} × ${foodWeight(gramsEachOf(entry) ?? 0)}`;
}
