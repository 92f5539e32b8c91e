'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { useDays } from '@/lib/data';
import { dayNumber } from '@/lib/diary/dates';
import { habitsOf, loggedCatalogSlugs, type Habits } from '@/lib/diary/habits';
import { useMeals } from '@/lib/hooks/use-meals';
import { meals, type Meal } from '@/lib/diary/meals';
import type { StatsReport } from '@/lib/diary/stats';
import { useCatalogCategories } from '@/lib/hooks/use-catalog-categories';
import { Card } from './card';
import { NUTRIENT_STATS_MAX_DAYS } from './nutrient-stats';
import { StatTiles } from './stat-tiles';

/*
 * The stats of calm mode: habits in place of calories (lib/diary/habits.ts). The days logged and
 * the streaks come from the period's stats; the meals and the fruit and vegetables from its
 * entries, read as the nutrients' are, for periods up to a year.
 */

/** The period's habits: null while they load, 'tooLong' past the longest period read. */
export type PeriodHabits = Habits | null | 'tooLong';

export function useHabits(from: string, to: string, enabled: boolean): PeriodHabits {
  const tooLong = dayNumber(to) - dayNumber(from) + 1 > NUTRIENT_STATS_MAX_DAYS;
  const days = useDays(from, to, enabled && !tooLong);
  const slugs = useMemo(() => loggedCatalogSlugs(days.data ?? []), [days.data]);
  const categories = useCatalogCategories(slugs);
  return useMemo(() => {
    if (tooLong) return 'tooLong';
    if (!days.data || !categories) return null;
    return habitsOf(days.data, from, to, (slug) => categories.get(slug));
  }, [tooLong, days.data, categories, from, to]);
}

/** The tiles of the page's top: days logged, meals a day and the streaks. */
export function HabitTiles({ stats, habits }: { stats: StatsReport; habits: PeriodHabits }) {
  const t = useTranslations('stats');
  const format = useFormatter();
  const tiles = [
    {
      label: t('habits.daysLogged'),
      value: t('habits.ofValue', { count: stats.loggedDays, total: stats.days.length }),
      testId: 'stat-days-logged',
    },
    {
      label: t('habits.mealsPerDay'),
      value:
        habits === null || habits === 'tooLong' || habits.mealsPerDay === null
          ? '—'
          : format.number(habits.mealsPerDay, { maximumFractionDigits: 1 }),
      hint: t('habits.mealsPerDayHint'),
      testId: 'stat-meals-per-day',
    },
    {
      label: t('currentStreak'),
      value: t('days', { count: stats.streaks.current }),
      testId: 'stat-current-streak',
    },
    {
      label: t('longestStreak'),
      value: t('days', { count: stats.streaks.longest }),
      testId: 'stat-longest-streak',
    },
  ];
  return <StatTiles tiles={tiles} testId="habit-tiles" />;
}

/** The meals logged on some day, as entries of them: a hidden meal's count is shown too. */
const loggedMeals = (mealDays: Record<Meal, number>) =>
  meals.filter((meal) => mealDays[meal] > 0).map((meal) => ({ meal }));

/** On how many of the logged days each meal was logged. */
export function MealHabits({ habits }: { habits: PeriodHabits }) {
  const t = useTranslations('stats.habits');
  const { ofDay, nameOf } = useMeals();
  return (
    <Card title={t('mealsTitle')} testId="meal-habits">
      <HabitsBody habits={habits}>
        {(known) =>
          known.loggedDays === 0 ? (
            <p className="text-fg-muted text-sm">{t('nothingLogged')}</p>
          ) : (
            <>
              <p className="text-fg-muted -mt-2 mb-3 text-xs">{t('mealsLead')}</p>
              <ul className="grid gap-3">
                {ofDay(loggedMeals(known.mealDays)).map((meal) => (
                  <Share
                    key={meal}
                    testId={`meal-habit-${meal}`}
                    label={nameOf(meal)}
                    count={known.mealDays[meal]}
                    total={known.loggedDays}
                  />
                ))}
              </ul>
            </>
          )
        }
      </HabitsBody>
    </Card>
  );
}

/** How often fruit and vegetables were logged, among the foods whose category is known. */
export function ProduceHabits({ habits }: { habits: PeriodHabits }) {
  const t = useTranslations('stats.habits');
  return (
    <Card title={t('produceTitle')} testId="produce-habits">
      <HabitsBody habits={habits}>
        {({ loggedDays, produce }) =>
          loggedDays === 0 ? (
            <p className="text-fg-muted text-sm">{t('nothingLogged')}</p>
          ) : (
            <div className="grid gap-3">
              <ul>
                <Share
                  label={t('produceDays')}
                  count={produce.days}
                  total={loggedDays}
                  testId="produce-days"
                />
              </ul>
              <p className="text-sm" data-testid="produce-entries">
                {t('produceEntries', { count: produce.entries })}
              </p>
              {produce.unknown > 0 ? (
                <p className="text-fg-muted text-xs" data-testid="produce-unknown">
                  {t('produceUnknown', { count: produce.unknown, total: produce.total })}
                </p>
              ) : null}
            </div>
          )
        }
      </HabitsBody>
    </Card>
  );
}

/** A card's body once the habits are known: a block while they load, a note past a year. */
function HabitsBody({ habits, children }: { habits: PeriodHabits; children: (habits: Habits) => ReactNode }) {
  const t = useTranslations('stats.habits');
  const format = useFormatter();
  if (habits === 'tooLong')
    return (
      <p className="text-fg-muted text-sm" data-testid="habits-too-long">
        {t('upToYear', { days: format.number(NUTRIENT_STATS_MAX_DAYS) })}
      </p>
    );
  if (habits === null) return <div className="bg-muted h-32 animate-pulse rounded-2xl" aria-hidden="true" />;
  return children(habits);
}

/** "Breakfast  5 of 7" with a bar of that share. */
function Share({
  label,
  count,
  total,
  testId,
}: {
  label: string;
  count: number;
  total: number;
  testId: string;
}) {
  const t = useTranslations('stats.habits');
  return (
    <li data-testid={testId}>
      <div className="flex justify-between gap-3 text-sm">
        <span>{label}</span>
        <span className="tabular-nums">{t('ofValue', { count, total })}</span>
      </div>
      <div className="bg-muted mt-1 h-2 rounded-full">
        <div
          className="bg-primary h-2 rounded-full"
          style={{ width: `${total > 0 ? (count / total) * 100 : 0}%` }}
        />
      </div>
    </li>
  );
}
