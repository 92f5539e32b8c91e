'use client';

import { useChangeDay, type DayChangeOn } from '@/lib/data';

/**
 * Makes a fast's day changes one after the other (lib/diary/fasting.ts says the order): an ended
 * fast is written on the day it ended before it leaves the day it began on.
 */
export function useFastChanges(): (changes: readonly DayChangeOn[]) => Promise<void> {
  const changeDay = useChangeDay();
  return async (changes) => {
    for (const change of changes) await changeDay.mutateAsync(change);
  };
}
