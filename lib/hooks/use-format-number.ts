'use client';

import { useFormatter } from 'next-intl';

/** Numbers as the locale writes them (1 340 and 72,5 in Russian), at most one decimal. */
export function useFormatNumber(): (value: number) => string {
  const format = useFormatter();
  return (value: number) => format.number(value, { maximumFractionDigits: 1 });
}
