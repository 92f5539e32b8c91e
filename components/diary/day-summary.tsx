'use client';

import { useTranslations } from 'next-intl';
import type { Totals } from '@/lib/diary/nutrition';
import { DaySummaryCard } from './day-summary-card';
import { useFormatNumber } from './use-format-number';

/** The summary card of a day: its totals against its goal. */
export function DaySummary({ totals, goal }: { totals: Totals; goal: number }) {
  const t = useTranslations('diary');
  const formatNumber = useFormatNumber();
  const remaining = goal - totals.kcal;
  const macroKcal = { protein: 4 * totals.protein, fat: 9 * totals.fat, carbs: 4 * totals.carbs };
  const macroTotal = macroKcal.protein + macroKcal.fat + macroKcal.carbs;
  const macro = (key: keyof typeof macroKcal) => ({
    grams: formatNumber(totals[key]),
    share: macroTotal > 0 ? Math.round((macroKcal[key] / macroTotal) * 100) : 0,
  });

  return (
    <DaySummaryCard
      t={t}
      figures={{
        over: remaining < 0,
        progress: Math.min(1, goal > 0 ? totals.kcal / goal : 0),
        ringLabel: { eaten: formatNumber(totals.kcal), goal: formatNumber(goal) },
        remaining: formatNumber(Math.abs(remaining)),
        goal: formatNumber(goal),
        eaten: formatNumber(totals.kcal),
        macros: { protein: macro('protein'), fat: macro('fat'), carbs: macro('carbs') },
      }}
    />
  );
}
