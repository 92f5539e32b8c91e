'use client';

import { useFormatter } from 'next-intl';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { axisTick, chartMargin, tooltipContentStyle } from './chart-style';
import { useDayFormat } from '@/lib/hooks/use-day-format';

/**
 * One body measurement over the period, a point a day it was taken, in the units shown (cm or
 * in, percent for body fat). Loaded only on /stats.
 */
export default function MeasureChart({
  points,
  name,
  text,
}: {
  points: Array<{ date: string; value: number }>;
  name: string;
  /** A value as the tooltip writes it ("82.5 cm"). */
  text: (value: number) => string;
}) {
  const format = useFormatter();
  const calendar = useDayFormat();
  const data = points.map((point) => ({
    ...point,
    label: calendar.day(point.date, { day: 'numeric', month: 'short' }),
  }));
  return (
    <div className="h-40 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} accessibilityLayer={false} margin={chartMargin}>
          <CartesianGrid vertical={false} stroke="var(--ui-border)" />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis
            // Whole units around the data: a tape's millimetres are noise, not a trend.
            domain={[(min: number) => Math.floor(min - 1), (max: number) => Math.ceil(max + 1)]}
            allowDecimals={false}
            tick={axisTick}
            tickFormatter={(value: number) => format.number(value, { maximumFractionDigits: 1 })}
            tickLine={false}
            axisLine={false}
            width={40}
          />
          <Tooltip contentStyle={tooltipContentStyle} formatter={(value) => [text(Number(value)), name]} />
          <Line
            dataKey="value"
            stroke="var(--color-sky-500)"
            strokeWidth={2.5}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
