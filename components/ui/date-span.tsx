'use client';

import { useTranslations } from 'next-intl';
import { useDayFormat } from '@/lib/hooks/use-day-format';

/** A period of diary days in the reader's language ("3 Mar 2025 to 25 Nov 2026"); one date for one day. */
export function DateSpan({ from, to }: { from: string; to: string }) {
  const t = useTranslations('ui');
  const calendar = useDayFormat();
  const day = (iso: string) => calendar.day(iso, { dateStyle: 'medium' });
  return from === to ? day(from) : t('dateSpan', { from: day(from), to: day(to) });
}
