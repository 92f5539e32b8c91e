'use client';

import { addDays } from '@/lib/diary/dates';
import { useDays } from '@/lib/data';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useDayFormat } from '@/lib/hooks/use-day-format';

/** How far back "the weight logged last" is looked for: older than that, it is no help. */
export const LAST_WEIGHT_DAYS = 60;

export type LastLoggedWeight = {
  weight: number;
  /** The weight in the user's units as the locale writes it ("72,5 кг") and the day as "23 November". */
  text: { value: string; date: string };
};

/**
 * The weight logged last on or before `upTo`, within LAST_WEIGHT_DAYS, ready to show; null when
 * there is none, while the days load, or when `enabled` is false (nothing is read then).
 */
export function useLastLoggedWeight(upTo: string, enabled = true): LastLoggedWeight | null {
  const calendar = useDayFormat();
  const { bodyWeight } = useUnitFormat();
  const days = useDays(addDays(upTo, -LAST_WEIGHT_DAYS + 1), upTo, enabled).data;
  if (!enabled) return null;
  let last: { date: string; weight: number } | null = null;
  for (const day of days ?? []) {
    if (day.weight !== null && (!last || day.date > last.date)) last = { date: day.date, weight: day.weight };
  }
  if (!last) return null;
  return {
    weight: last.weight,
    text: {
      value: bodyWeight(last.weight),
      date: calendar.day(last.date, { day: 'numeric', month: 'long' }),
    },
  };
}
