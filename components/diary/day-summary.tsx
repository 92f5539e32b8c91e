'use client';

import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import type { Totals } from '@/lib/diary/nutrition';
import { useFormatNumber } from './use-format-number';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** Goal, eaten and remaining around a progress ring (error-red past the goal), and the macros. */
export function DaySummary({ totals, goal }: { totals: Totals; goal: number }) {
  const t = useTranslations('diary');
  const formatNumber = useFormatNumber();
  const remaining = goal - totals.kcal;
  const over = remaining < 0;
  const progress = Math.min(1, goal > 0 ? totals.kcal / goal : 0);
  const macroKcal = 4 * totals.protein + 9 * totals.fat + 4 * totals.carbs;
  const macros = [
    { key: 'protein', grams: totals.protein, kcal: 4 * totals.protein, color: 'bg-secondary' },
    { key: 'fat', grams: totals.fat, kcal: 9 * totals.fat, color: 'bg-amber-400' },
    { key: 'carbs', grams: totals.carbs, kcal: 4 * totals.carbs, color: 'bg-primary' },
  ] as const;

  return (
    <section
      aria-label={t('summary')}
      className="border-border bg-surface @container rounded-3xl border p-5 shadow-sm"
    >
      {/* Side by side where the figures fit beside the ring (most phones), stacked where not (a 360 px phone). */}
      <div className="flex flex-col items-center gap-4 @min-[18.5rem]:flex-row @min-[18.5rem]:gap-5">
        <div className="relative size-32 shrink-0">
          <svg
            viewBox="0 0 128 128"
            className="size-32 -rotate-90"
            role="img"
            aria-label={t('ringLabel', { eaten: formatNumber(totals.kcal), goal: formatNumber(goal) })}
            data-testid="progress-ring"
            data-over={over ? 'true' : 'false'}
          >
            <circle cx="64" cy="64" r={RADIUS} className="stroke-muted" strokeWidth="12" fill="none" />
            {/* A round cap would draw a dot at 0 kcal, so an empty day has no arc at all. */}
            <circle
              cx="64"
              cy="64"
              r={RADIUS}
              opacity={progress > 0 ? 1 : 0}
              className={cn(
                'transition-[stroke-dasharray] duration-500',
                over ? 'stroke-error' : 'stroke-primary',
              )}
              strokeWidth="12"
              fill="none"
              strokeLinecap="round"
              strokeDasharray={`${CIRCUMFERENCE * progress} ${CIRCUMFERENCE}`}
            />
          </svg>
          <div className="absolute inset-0 grid place-items-center text-center">
            <div>
              <p
                className={cn('text-2xl font-bold tabular-nums', over && 'text-error')}
                data-testid="remaining-kcal"
              >
                {formatNumber(Math.abs(remaining))}
              </p>
              <p className="text-fg-muted text-xs">{over ? t('over') : t('remaining')}</p>
            </div>
          </div>
        </div>
        <dl className="grid w-full gap-2 text-sm @min-[18.5rem]:w-auto @min-[18.5rem]:flex-1">
          <div className="flex justify-between gap-2">
            <dt className="text-fg-muted">{t('goal')}</dt>
            <dd className="font-semibold whitespace-nowrap tabular-nums" data-testid="goal-kcal">
              {t('kcal', { value: formatNumber(goal) })}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-fg-muted">{t('eaten')}</dt>
            <dd className="font-semibold whitespace-nowrap tabular-nums" data-testid="eaten-kcal">
              {t('kcal', { value: formatNumber(totals.kcal) })}
            </dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-fg-muted">{over ? t('over') : t('remaining')}</dt>
            <dd className={cn('font-semibold whitespace-nowrap tabular-nums', over && 'text-error')}>
              {t('kcal', { value: formatNumber(Math.abs(remaining)) })}
            </dd>
          </div>
        </dl>
      </div>
      <ul className="mt-5 grid grid-cols-3 gap-3">
        {macros.map((macro) => (
          <li key={macro.key}>
            <p className="text-fg-muted text-xs">{t(macro.key)}</p>
            <p className="text-sm font-semibold tabular-nums" data-testid={`total-${macro.key}`}>
              {t('grams', { value: formatNumber(macro.grams) })}
            </p>
            <div className="bg-muted mt-1 h-1.5 rounded-full">
              <div
                className={cn(macro.color, 'h-1.5 rounded-full')}
                style={{ width: `${macroKcal > 0 ? Math.round((macro.kcal / macroKcal) * 100) : 0}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
