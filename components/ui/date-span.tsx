'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { fromIsoDate } from '@/lib/diary/dates';

/** A period of diary days in the reader's language ("3 Mar 2025 to 25 Nov 2026"); one date for one day. */
export function DateSpan({ from, to }: { from: string; to: string }) {
  const t = useTranslations('ui');
  const format = useFormatter();
  const day = (iso: string) => format.dateTime(fromIsoDate(iso), { dateStyle: 'medium' });
  return from === to ? day(from) : t('dateSpan', { from: day(from), to: day(to) });
}
