'use client';

import { useFormatter } from 'next-intl';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { axisTick, chartMargin, tooltipContentStyle } from './chart-style';
import { useDayFormat } from '@/lib/hooks/use-day-format';

/** A day's amount of one figure (a nutrient, water): null when not known (a gap, not 0). */
export type DayAmount = { date: string; amount: number | null };

/**
 * One figure per day as bars, against its target (a dashed line) or its limit (a red one): a
 * nutrient, the water drunk. Loaded only on /stats, with the chart library.
 */
export default function DailyBarChart({
  days,
  target,
  limit,
  unit,
  name,
  fill = 'var(--ui-primary)',
}: {
  days: DayAmount[];
  target?: number;
  limit?: number;
  unit: string;
  name: string;
  /** The bars' colour: the primary green unless said. */
  fill?: string;
}) {
  const format = useFormatter();
  const calendar = useDayFormat();
  const data = days.map((day) => ({
    ...day,
    label: calendar.day(day.date, { day: 'numeric', month: 'short' }),
  }));
  return (
    <div className="h-56 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} accessibilityLayer={false} margin={chartMargin}>
          <CartesianGrid vertical={false} stroke="var(--ui-border)" />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis
            tick={axisTick}
            tickFormatter={(value: number) => format.number(value, { maximumFractionDigits: 1 })}
            tickLine={false}
            axisLine={false}
            width={52}
          />
          <Tooltip
            cursor={{ fill: 'var(--ui-muted)' }}
            contentStyle={tooltipContentStyle}
            formatter={(value) => [
              `${format.number(Number(value), { maximumFractionDigits: 2 })} ${unit}`,
              name,
            ]}
          />
          <Bar dataKey="amount" fill={fill} radius={[6, 6, 0, 0]} isAnimationActive={false} />
          {target !== undefined ? (
            <ReferenceLine
              y={target}
              stroke="var(--ui-fg-muted)"
              strokeDasharray="4 4"
              ifOverflow="extendDomain"
            />
          ) : null}
          {limit !== undefined ? (
            <ReferenceLine
              y={limit}
              stroke="var(--ui-error)"
              strokeDasharray="4 4"
              ifOverflow="extendDomain"
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
