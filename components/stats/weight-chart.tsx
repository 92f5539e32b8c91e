'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { fromIsoDate } from '@/lib/dates';
import type { WeightPoint } from '@/lib/diary/stats';

/** Logged weights and their 7-day moving average. Loaded only on /stats. */
export default function WeightChart({ points }: { points: WeightPoint[] }) {
  const t = useTranslations('stats');
  const format = useFormatter();
  const data = points.map((point) => ({
    ...point,
    label: format.dateTime(fromIsoDate(point.date), { day: 'numeric', month: 'short' }),
  }));
  return (
    <div className="h-56 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: -12 }}>
          <CartesianGrid vertical={false} stroke="var(--ui-border)" />
          <XAxis
            dataKey="label"
            tick={{ fill: 'var(--ui-fg-muted)', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            minTickGap={16}
          />
          <YAxis
            domain={['dataMin - 1', 'dataMax + 1']}
            tick={{ fill: 'var(--ui-fg-muted)', fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            width={48}
          />
          <Tooltip
            contentStyle={{
              background: 'var(--ui-surface)',
              border: '1px solid var(--ui-border)',
              borderRadius: 12,
              color: 'var(--ui-fg)',
            }}
            formatter={(value, name) => [
              format.number(Number(value)),
              name === 'average' ? t('movingAverage') : t('weight'),
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
