'use client';

import dynamic from 'next/dynamic';
import { useFormatter, useTranslations } from 'next-intl';
import { useSettings } from '@/lib/data';
import type { StatsReport } from '@/lib/diary/stats';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { volumeIn } from '@/lib/units/units';
import { Card } from './card';
import { ChartTable } from './chart-table';

const DailyBarChart = dynamic(() => import('./daily-bar-chart'), {
  ssr: false,
  loading: () => <div className="h-56" />,
});

/**
 * The period's water: the mean on the days some was logged, how many days reached the goal, the
 * days as bars against the goal, and the same as a table.
 */
export function WaterStats({ stats }: { stats: StatsReport }) {
  const t = useTranslations('stats.water');
  const tStats = useTranslations('stats');
  const format = useFormatter();
  const unitFormat = useUnitFormat();
  const unit = unitFormat.units.volume;
  const goal = useSettings().data?.waterGoal ?? null;
  const { days, averageMl } = stats.water;
  const drunk = stats.days.filter((day) => day.water > 0);
  const reached = goal === null ? 0 : drunk.filter((day) => day.water >= goal).length;
  return (
    <Card title={t('title')} testId="water-stats">
      {averageMl === null ? (
        <p className="text-fg-muted text-sm">{t('none')}</p>
      ) : (
        <>
          <p className="text-sm" data-testid="water-average">
            {t('average', { volume: unitFormat.volume(averageMl), count: days, total: stats.days.length })}
            {goal === null ? null : <> {t('reached', { count: reached })}</>}
          </p>
          <DailyBarChart
            days={stats.days.map((day) => ({
              date: day.date,
              amount: day.water > 0 ? volumeIn(day.water, unit) : null,
            }))}
            target={goal === null ? undefined : volumeIn(goal, unit)}
            unit={t(`units.${unit}`)}
            name={t('title')}
            fill="var(--ui-secondary)"
          />
          <ChartTable
            caption={t('title')}
            headers={[tStats('date'), t('title'), t('ofGoal')]}
            rows={drunk.map((day) => ({
              date: day.date,
              values: [
                unitFormat.volume(day.water),
                goal === null ? '—' : format.number(day.water / goal, { style: 'percent' }),
              ],
            }))}
          />
        </>
      )}
    </Card>
  );
}
