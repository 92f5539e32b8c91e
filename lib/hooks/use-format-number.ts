'use client';

import { useFormatter } from 'next-intl';
import { figureFormat } from '@/lib/units/units';

/** Numbers as the locale writes them (1 340 and 72,5 in Russian), at most one decimal. */
export function useFormatNumber(): (value: number) => string {
  const format = useFormatter();
  return figureFormat((value, options) => format.number(value, options));
}
