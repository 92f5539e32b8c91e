'use client';

import { useDays } from '@/lib/data';
import { addDays } from '@/lib/diary/dates';
import { FAST_LOOKBACK_DAYS, runningFast, type RunningFast } from '@/lib/diary/fasting';
import type { Day } from '@/lib/schemas/day';

/**
 * The fast under way on `today` (null: none), looked for in the days it may have begun on, and
 * those days; both undefined until the days are read, and when not `enabled` (nothing is known).
 */
export function useRunningFast(
  today: string,
  enabled = true,
): { running: RunningFast | null | undefined; recent: Day[] | undefined } {
  const recent = useDays(addDays(today, -FAST_LOOKBACK_DAYS), today, enabled);
  if (!enabled || !recent.data) return { running: undefined, recent: undefined };
  return { running: runningFast(recent.data), recent: recent.data };
}
