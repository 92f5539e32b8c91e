'use client';

import { useDays } from '@/lib/data';
import { addDays } from '@/lib/diary/dates';
import { FAST_LOOKBACK_DAYS, runningFast, type RunningFast } from '@/lib/diary/fasting';
import type { Day } from '@/lib/schemas/day';

/**
 * The fast under way on `today`, looked for in the days it may have begun on, and those days;
 * `running` is undefined until they are read (and when not `enabled`, null).
 */
export function useRunningFast(
  today: string,
  enabled = true,
): { running: RunningFast | null | undefined; recent: Day[] | undefined } {
  const recent = useDays(addDays(today, -FAST_LOOKBACK_DAYS), today, enabled);
  if (!enabled) return { running: null, recent: undefined };
  return { running: recent.data ? runningFast(recent.data) : undefined, recent: recent.data };
}
