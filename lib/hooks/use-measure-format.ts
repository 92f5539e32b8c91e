'use client';

import { useFormatter } from 'next-intl';
import type { BodyMeasure } from '@/lib/diary/body-measures';
import { useUnitFormat } from '@/lib/hooks/use-units';

/** A body measurement as shown: a circumference in the user's units ("82.5 cm", "32.5 in"), body fat in percent ("18.5 %"). */
export function useMeasureFormat(): (measure: BodyMeasure, value: number) => string {
  const format = useFormatter();
  const { length } = useUnitFormat();
  return (measure, value) =>
    measure === 'bodyFat'
      ? format.number(value / 100, { style: 'percent', maximumFractionDigits: 1 })
      : length(value);
}
