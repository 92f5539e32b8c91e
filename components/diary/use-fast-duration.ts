'use client';

import { useTranslations } from 'next-intl';

/** A fast's length in whole minutes as the user reads it: "16 h 5 min", "16 h", "45 min", "16 ч 5 мин". */
export function useFastDuration(): (minutes: number) => string {
  const t = useTranslations('diary.fasting');
  return (total) => {
    const [hours, minutes] = [Math.floor(total / 60), total % 60];
    if (hours === 0) return t('durationMinutes', { minutes });
    return minutes === 0 ? t('durationHours', { hours }) : t('duration', { hours, minutes });
  };
}
