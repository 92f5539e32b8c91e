'use client';

import { useFormatter, useTranslations } from 'next-intl';
import {
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { axisTick, chartMargin, tooltipContentStyle } from './chart-style';
import { isOnTarget, type DayPoint } from '@/lib/diary/stats';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useDayFormat } from '@/lib/hooks/use-day-format';

/**
 * Energy per day (kcal or kJ, as the user reads it) as bars against each day's own goal (a
 * stepped line) and, once it is known, what the user burns a day (a dotted line, from
 * lib/diary/expenditure.ts). Loaded only on /stats.
 */
export default function KcalChart({ days, expenditure }: { days: DayPoint[]; expenditure: number | null }) {
  const t = useTranslations('stats');
  const format = useFormatter();
  const calendar = useDayFormat();
  const { energyValue } = useUnitFormat();
  const data = days.map((day) => ({
    ...day,
    shown: energyValue(day.kcal),
    goalShown: day.goal === null ? null : energyValue(day.goal),
    label: calendar.day(day.date, { day: 'numeric', month: 'short' }),
  }));
  const colour = (day: DayPoint) =>
    !day.logged || day.goal === null
      ? 'var(--ui-neutral)'
      : isOnTarget(day.kcal, day.goal)
        ? 'var(--ui-primary)'
        : day.kcal > day.goal
          ? 'var(--ui-error)'
          : 'var(--ui-secondary)';

  return (
    <div className="h-64 w-full" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} accessibilityLayer={false} margin={chartMargin}>
          <CartesianGrid vertical={false} stroke="var(--ui-border)" />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} minTickGap={16} />
          <YAxis
            tick={axisTick}
            tickFormatter={(value: number) => format.number(value)}
            tickLine={false}
            axisLine={false}
            width={52}
          />
          <Tooltip
            cursor={{ fill: 'var(--ui-muted)' }}
            contentStyle={tooltipContentStyle}
            formatter={(value, name) => [
              format.number(Number(value)),
              name === 'goalShown' ? t('goalLine') : t('eaten'),
            ]}
          />
          <Bar dataKey="shown" radius={[6, 6, 0, 0]} isAnimationActive={false}>
            {data.map((day) => (
              <Cell key={day.date} fill={colour(day)} />
            ))}
          </Bar>
          <Line
            dataKey="goalShown"
            type="stepAfter"
            stroke="var(--ui-fg-muted)"
            strokeDasharray="4 4"
            dot={false}
            connectNulls
            isAnimationActive={false}
          />
          {expenditure !== null ? (
            <ReferenceLine
              y={energyValue(expenditure)}
              stroke="var(--ui-fg)"
              strokeDasharray="1 4"
              strokeWidth={2}
              ifOverflow="extendDomain"
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
