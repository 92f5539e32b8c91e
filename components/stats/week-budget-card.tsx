'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Card } from './card';
import { addDays } from '@/lib/diary/dates';
import { budgetRules, dayFigures } from '@/lib/diary/day-figures';
import { burnedKcal } from '@/lib/diary/activity-kinds';
import { WEEK_DAYS, weekBudget, weekStart } from '@/lib/diary/week-budget';
import { useDays, useSettings } from '@/lib/data';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { cn } from '@/lib/ui/cn';
import { useDayFormat } from '@/lib/hooks/use-day-format';

/**
 * This week as a budget (lib/diary/week-budget.ts): its goals added up, what was eaten, what
 * each day left may take to end the week on budget, and what the days so far added to or took off
 * that, in the same figures as "Left"; days before today with nothing logged are left out, and it
 * says so. Both modes: it reads the week's days (seven, whole) and takes each day's figures as
 * its card does (dayFigures: its steps' walking included where the settings ask), and the goal
 * in force for the days not written.
 */
export function WeekBudgetCard({ today }: { today: string }) {
  const t = useTranslations('stats.weekBudget');
  const calendar = useDayFormat();
  const { energy } = useUnitFormat();
  const from = weekStart(today);
  const written = useDays(from, addDays(from, WEEK_DAYS - 1)).data;
  const settings = useSettings().data;
  const week = useMemo(() => {
    if (!written) return null;
    const days = written.map((day) => {
      const figures = dayFigures(day, settings, day.date);
      return {
        date: day.date,
        kcal: figures.kcal,
        goal: day.goal,
        logged: day.entries.length > 0,
        activity: burnedKcal(day.activities) + figures.walked,
      };
    });
    return weekBudget(days, today, budgetRules(settings));
  }, [written, today, settings]);
  const weekday = (date: string) => calendar.day(date, { weekday: 'long' });
  const dates = week ? calendar.range(week.from, week.to, { day: 'numeric', month: 'short' }) : '';

  return (
    <Card title={t('title')} testId="week-card">
      {week === null ? (
        <div className="bg-muted h-24 animate-pulse rounded-2xl" aria-hidden="true" />
      ) : (
        <div className="grid gap-3">
          <p className="text-fg-muted -mt-2 text-sm">{dates}</p>
          <p className="text-2xl font-semibold tabular-nums" data-testid="week-per-day">
            {week.perDayLeft > 0
              ? t('perDay', { energy: energy(week.perDayLeft), days: week.daysLeft })
              : t('spent', { days: week.daysLeft })}
          </p>
          <dl className="grid grid-cols-3 gap-3 text-sm">
            {(
              [
                ['budget', week.budget],
                ['eaten', week.eatenBefore + week.eatenToday],
                [week.left >= 0 ? 'left' : 'over', Math.abs(week.left)],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="bg-muted rounded-2xl p-3">
                <dt className="text-fg-muted text-xs">{t(key)}</dt>
                <dd
                  className={cn('font-semibold tabular-nums', key === 'over' && 'text-error-strong')}
                  data-testid={`week-${key}`}
                >
                  {energy(value)}
                </dd>
                {key === 'budget' && week.activity > 0 ? (
                  <dd className="text-fg-muted text-xs" data-testid="week-activity">
                    {t('fromActivity', { energy: energy(week.activity) })}
                  </dd>
                ) : null}
              </div>
            ))}
          </dl>
          {week.soFar && week.soFar.balance !== 0 ? (
            <p className="text-sm" data-testid="week-so-far">
              {week.soFar.balance < 0
                ? t('soFarOver', {
                    over: energy(-week.soFar.balance),
                    each: energy(-week.soFar.perDayLeft),
                    days: week.daysLeft,
                    heaviest: week.soFar.heaviest ? weekday(week.soFar.heaviest) : 'none',
                  })
                : t('soFarUnder', {
                    under: energy(week.soFar.balance),
                    each: energy(week.soFar.perDayLeft),
                    days: week.daysLeft,
                  })}
            </p>
          ) : null}
          {week.unlogged > 0 ? (
            <p className="text-fg-muted text-xs" data-testid="week-unlogged">
              {t('unlogged', { count: week.unlogged })}
            </p>
          ) : null}
        </div>
      )}
    </Card>
  );
}
