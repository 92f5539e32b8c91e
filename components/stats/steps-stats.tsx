'use client';

import dynamic from 'next/dynamic';
import { useFormatter, useTranslations } from 'next-intl';
import { useSettings } from '@/lib/data';
import type { StatsReport } from '@/lib/diary/stats';
import { Card } from './card';
import { ChartTable } from './chart-table';

const DailyBarChart = dynamic(() => import('./daily-bar-chart'), {
  ssr: false,
  loading: () => <div className="h-56" />,
});

/**
 * The period's steps: the mean on the days some were logged, how many days reached the goal, the
 * days as bars against the goal, and the same as a table.
 */
export function StepsStats({ stats }: { stats: StatsReport }) {
  const t = useTranslations('stats.steps');
  const tStats = useTranslations('stats');
  const format = useFormatter();
  const goal = useSettings().data?.stepsGoal ?? null;
  const { days, average } = stats.steps;
  const walked = stats.days.filter((day) => day.steps !== null);
  const reached = goal === null ? 0 : walked.filter((day) => day.steps! >= goal).length;
  return (
    <Card title={t('title')} testId="steps-stats">
      {average === null ? (
        <p className="text-fg-muted text-sm">{t('none')}</p>
      ) : (
        <>
          <p className="text-sm" data-testid="steps-average">
            {t('average', { steps: format.number(average), count: days, total: stats.days.length })}
            {goal === null ? null : <> {t('reached', { count: reached })}</>}
          </p>
          <DailyBarChart
            days={stats.days.map((day) => ({ date: day.date, amount: day.steps }))}
            target={goal ?? undefined}
            unit={t('unit')}
            name={t('title')}
            fill="var(--color-violet-500)"
          />
          <ChartTable
            caption={t('title')}
            headers={[tStats('date'), t('title'), t('ofGoal')]}
            rows={walked.map((day) => ({
              date: day.date,
              values: [
                format.number(day.steps!),
                goal === null ? '—' : format.number(day.steps! / goal, { style: 'percent' }),
              ],
            }))}
          />
        </>
      )}
    </Card>
  );
}
