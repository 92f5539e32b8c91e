'use client';

import { useTranslations } from 'next-intl';
import type { Totals } from '@/lib/diary/nutrition';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';

/**
 * The figures about to be logged, announced as they change (in calm mode the macros alone); a
 * dash while the amount is not valid.
 */
export function NutritionPreview({ totals, testId }: { totals: Totals | null; testId: string }) {
  const t = useTranslations('diary');
  const formatNumber = useFormatNumber();
  const { energy } = useUnitFormat();
  const calm = useCalm();
  return (
    <p
      aria-live="polite"
      data-testid={testId}
      className="bg-muted rounded-xl px-4 py-3 text-sm font-medium tabular-nums"
    >
      {totals
        ? t(calm ? 'previewCalm' : 'preview', {
            energy: energy(totals.kcal),
            protein: formatNumber(totals.protein),
            fat: formatNumber(totals.fat),
            carbs: formatNumber(totals.carbs),
          })
        : '—'}
    </p>
  );
}
