import { useMemo } from 'react';
import { useStats } from '@/lib/data';
import { addDays } from '@/lib/diary/dates';
import { expenditureHistory, WINDOW_DAYS } from '@/lib/diary/expenditure';

/** Weeks of history kept: the estimate as it stood at the end of each. */
export const HISTORY_WEEKS = 6;

/**
 * The energy expenditure learnt up to `today` and its last weeks (lib/diary/expenditure.ts),
 * from the stats of the days it needs, in either mode; null while they load.
 */
export function useExpenditure(today: string) {
  const from = addDays(today, -(WINDOW_DAYS + (HISTORY_WEEKS - 1) * 7 - 1));
  const report = useStats(from, today, today, true);
  return useMemo(
    () =>
      report.data ? expenditureHistory(report.data.days, report.data.weights, today, HISTORY_WEEKS) : null,
    [report.data, today],
  );
}
