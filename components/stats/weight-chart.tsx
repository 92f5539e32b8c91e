'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick, chartMargin, tooltipContentStyle } from './chart-style';
import type { WeightPoint } from '@/lib/diary/stats';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { kgToLb, lbToKg } from '@/lib/units/units';
import { useDayFormat } from '@/lib/hooks/use-day-format';

/**
 * Logged weights and their 7-day moving average, in kg or (US and UK) in pounds, the tooltip in
 * the user's own units (stones and pounds in the UK). Loaded only on /stats.
 */
export default function WeightChart({ points }: { points: WeightPoint[] }) {
  const t = useTranslations('stats');
  const tUnits = useTranslations('units');
  const format = useFormatter();
  const calendar = useDayFormat();
  const { units, bodyWeight } = useUnitFormat();
  const scale = (kg: number) => (units.system === 'metric' ? kg : kgToLb(kg));
  const data = points.map((point) => ({
    ...point,
    weight: scale(point.weight),
    average: scale(point.average),
    label: calendar.day(point.date, { day: 'numeric', month: 'short' }),
  }));
  const toKg = (value: number) => (units.system === 'metric' ? value : lbToKg(value));
  return (
    <div className="relative h-56 w-full" aria-hidden="true">
      {/* The axis's unit over its figures: "72" alone could be kg or lb (the UK's axis is in lb). */}
      <span className="text-fg-muted absolute top-0 left-0 text-xs" data-testid="weight-axis-unit">
        {tUnits(`names.${units.system === 'metric' ? 'kg' : 'lb'}`)}
      </span>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} accessibilityLayer={false} margin={{ ...chartMargin, top: 24 }}>
          <CartesianGrid vertical={false} stroke="var(--ui-border)" />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis
            // Whole kilograms (pounds) around the data, with whole ticks: a scale of a few hundred
            // grams would make the day-to-day noise of a scale look like a trend.
            domain={[(min: number) => Math.floor(min - 0.5), (max: number) => Math.ceil(max + 0.5)]}
            allowDecimals={false}
            tick={axisTick}
            tickFormatter={(value: number) => format.number(value, { maximumFractionDigits: 1 })}
            tickLine={false}
            axisLine={false}
            width={44}
          />
          <Tooltip
            contentStyle={tooltipContentStyle}
            formatter={(value, name) => [
              bodyWeight(toKg(Number(value))),
              name === 'average' ? t('movingAverage') : tUnits('weightName'),
            ]}
          />
          <Line dataKey="weight" stroke="var(--ui-secondary)" dot={{ r: 3 }} isAnimationActive={false} />
          <Line
            dataKey="average"
            stroke="var(--ui-primary)"
            strokeWidth={2.5}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
