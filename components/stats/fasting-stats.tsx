'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useFastDuration } from '@/components/diary/use-fast-duration';
import type { StatsReport } from '@/lib/diary/stats';
import { Card } from './card';
import { ChartTable } from './chart-table';

const DailyBarChart = dynamic(() => import('./daily-bar-chart'), {
  ssr: false,
  loading: () => <div className="h-56" />,
});

/**
 * The period's fasts: how many ended in it, their mean and longest length, how many lasted their
 * plan and the streak of days with one that did; each day's hours fasted as bars, and a table.
 */
export function FastingStats({ stats }: { stats: StatsReport }) {
  const t = useTranslations('stats.fasting');
  const tStats = useTranslations('stats');
  const duration = useFastDuration();
  const { count, averageMinutes, longestMinutes, reached, streakDays } = stats.fasting;
  const fastedDays = stats.days.filter((day) => day.fasted !== null);
  return (
    <Card title={t('title')} testId="fasting-stats">
      {count === 0 ? (
        <p className="text-fg-muted text-sm">{t('none')}</p>
      ) : (
        <>
          <p className="text-sm" data-testid="fasting-summary">
            {t('summary', {
              count,
              average: duration(averageMinutes!),
              longest: duration(longestMinutes!),
            })}{' '}
            {t('reached', { count: reached })}
            {streakDays > 0 ? <> {t('streak', { count: streakDays })}</> : null}
          </p>
          <DailyBarChart
            days={stats.days.map((day) => ({
              date: day.date,
              amount: day.fasted === null ? null : Math.round(day.fasted / 6) / 10,
            }))}
            unit={t('unit')}
            name={t('title')}
            fill="var(--color-amber-500)"
          />
          <ChartTable
            caption={t('title')}
            headers={[tStats('date'), t('fasted')]}
            rows={fastedDays.map((day) => ({ date: day.date, values: [duration(day.fasted!)] }))}
          />
        </>
      )}
    </Card>
  );
}
