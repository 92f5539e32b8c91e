'use client';

import { summarizeDay } from '@/lib/diary/day-summary';
import type { Totals } from '@/lib/diary/nutrition';
import { DaySummaryCard } from './day-summary-card';
import { useFormatNumber } from './use-format-number';

/** The summary card of a day: its totals against its goal. */
export function DaySummary({ totals, goal }: { totals: Totals; goal: number }) {
  const formatNumber = useFormatNumber();
  return <DaySummaryCard figures={summarizeDay({ ...totals, goal }, formatNumber)} />;
}
