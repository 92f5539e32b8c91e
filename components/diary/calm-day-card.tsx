'use client';

import { useTranslations } from 'next-intl';
import { Icon } from '@/components/ui/icon';
import { useMeals } from '@/lib/hooks/use-meals';
import type { Entry } from '@/lib/schemas/entry';
import { cn } from '@/lib/ui/cn';

/**
 * The day in calm mode, in place of the summary card: which meals are logged and how many
 * entries each holds, with no energy and no goal (docs/decisions/0043).
 */
export function CalmDayCard({ entries }: { entries: readonly Entry[] }) {
  const t = useTranslations('diary');
  const { ofDay, nameOf } = useMeals();
  const meals = ofDay(entries);
  const countOf = (meal: string) => entries.filter((entry) => entry.meal === meal).length;
  const logged = meals.filter((meal) => countOf(meal) > 0).length;
  return (
    <section
      aria-labelledby="calm-day-title"
      data-testid="calm-day"
      // As tall as the summary card it replaces (the first paint's), so nothing below it moves.
      className="border-border bg-surface grid min-h-[14.75rem] content-start gap-4 rounded-3xl border p-5 shadow-sm"
    >
      <div>
        <h2 id="calm-day-title" className="text-fg-muted text-xs">
          {t('calm.mealsLogged')}
        </h2>
        <p className="text-2xl font-bold tabular-nums" data-testid="calm-meals-logged">
          {t('calm.mealsLoggedValue', { count: logged, total: meals.length })}
        </p>
      </div>
      <ul className="grid grid-cols-2 gap-2">
        {meals.map((meal) => {
          const count = countOf(meal);
          return (
            <li
              key={meal}
              className={cn(
                'flex items-center gap-2.5 rounded-2xl px-3 py-2.5',
                count > 0 ? 'bg-primary-soft' : 'bg-muted',
              )}
            >
              {count > 0 ? (
                <Icon name="check" className="text-primary-strong shrink-0 text-xl" />
              ) : (
                <span
                  aria-hidden="true"
                  className="border-fg-muted/50 size-5 shrink-0 rounded-full border-2"
                />
              )}
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium">{nameOf(meal)}</span>
                <span className="text-fg-muted block truncate text-xs">
                  {t('calm.mealEntries', { count })}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
