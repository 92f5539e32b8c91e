'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { bodyMeasures, type BodyMeasure } from '@/lib/diary/body-measures';
import type { StatsReport } from '@/lib/diary/stats';
import { useDayFormat } from '@/lib/hooks/use-day-format';
import { useMeasureFormat } from '@/lib/hooks/use-measure-format';
import { useUnits } from '@/lib/hooks/use-units';
import { cmOfLength, lengthIn, lengthUnit } from '@/lib/units/units';
import { Card } from './card';
import { ChartTable } from './chart-table';

const MeasureChart = dynamic(() => import('./measure-chart'), {
  ssr: false,
  loading: () => <div className="h-40" />,
});

/**
 * The period's body measurements: for each one taken, its latest value, how far it moved since
 * the first of the period, its chart and its table. Circumferences in cm or (US, UK) inches.
 */
export function MeasuresStats({ stats }: { stats: StatsReport }) {
  const t = useTranslations('stats.measures');
  const tMeasures = useTranslations('diary.measures');
  const tStats = useTranslations('stats');
  const calendar = useDayFormat();
  const measureText = useMeasureFormat();
  const unit = lengthUnit(useUnits().system);
  // What the chart draws: the units shown, so its axis reads as the figures do.
  const shown = (measure: BodyMeasure, value: number) =>
    measure === 'bodyFat' ? value : lengthIn(value, unit);
  const stored = (measure: BodyMeasure, value: number) =>
    measure === 'bodyFat' ? value : cmOfLength(value, unit);
  const taken = bodyMeasures
    .map((measure) => ({
      measure,
      points: stats.measures.flatMap((day) =>
        day[measure] === undefined ? [] : [{ date: day.date, value: day[measure] }],
      ),
    }))
    .filter(({ points }) => points.length > 0);

  return (
    <Card title={t('title')} testId="measures-stats">
      {taken.length === 0 ? (
        <p className="text-fg-muted text-sm">{t('none')}</p>
      ) : (
        <div className="grid gap-6 @columns:grid-cols-2">
          {taken.map(({ measure, points }) => {
            const name = tMeasures(`names.${measure}`);
            const first = points[0]!;
            const latest = points.at(-1)!;
            const moved = latest.value - first.value;
            return (
              <section key={measure} aria-label={name} data-testid={`measure-${measure}`}>
                <h3 className="text-sm font-medium">{name}</h3>
                <p className="text-sm">
                  <span className="font-semibold tabular-nums" data-testid={`measure-${measure}-latest`}>
                    {measureText(measure, latest.value)}
                  </span>{' '}
                  <span className="text-fg-muted" data-testid={`measure-${measure}-moved`}>
                    {points.length === 1
                      ? t('once', { date: calendar.day(latest.date, { day: 'numeric', month: 'short' }) })
                      : t('moved', {
                          sign: moved > 0 ? '+' : moved < 0 ? '−' : '±',
                          change: measureText(measure, Math.abs(moved)),
                          date: calendar.day(first.date, { day: 'numeric', month: 'short' }),
                        })}
                  </span>
                </p>
                <MeasureChart
                  points={points.map((point) => ({ date: point.date, value: shown(measure, point.value) }))}
                  name={name}
                  text={(value) => measureText(measure, stored(measure, value))}
                />
                <ChartTable
                  caption={name}
                  headers={[tStats('date'), name, t('change')]}
                  rows={points.map((point, index) => {
                    const change = index === 0 ? null : point.value - points[index - 1]!.value;
                    return {
                      date: point.date,
                      values: [
                        measureText(measure, point.value),
                        change === null
                          ? '—'
                          : `${change > 0 ? '+' : change < 0 ? '−' : '±'}${measureText(measure, Math.abs(change))}`,
                      ],
                    };
                  })}
                />
              </section>
            );
          })}
        </div>
      )}
    </Card>
  );
}
