'use client';

import dynamic from 'next/dynamic';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { Select } from '@/components/ui/select';
import { Button } from '@/components/ui/button';
import { NutrientPanel } from '@/components/diary/nutrient-panel';
import { useDays, useSettings } from '@/lib/data';
import { addDays, dayNumber } from '@/lib/diary/dates';
import { NUTRIENTS, nutrientKeys, type NutrientKey } from '@/lib/diary/nutrients';
import { nutrientTargets, sourceOfLocale } from '@/lib/diary/nutrient-targets';
import { entryNutrients } from '@/lib/diary/nutrition';
import type { Locale } from '@/lib/i18n/config';
import type { DayAmount } from './daily-bar-chart';

const DailyBarChart = dynamic(() => import('./daily-bar-chart'), {
  ssr: false,
  loading: () => <div className="h-56" />,
});

/** The longest period whose entries the nutrients are read from: a year of days. */
export const NUTRIENT_STATS_MAX_DAYS = 366;

/**
 * The nutrients of a period: the daily average of its logged days against the targets, and one
 * nutrient of the user's choice per day. Read from the period's entries (the stats' day sums
 * carry energy and macros only), so for periods up to a year.
 */
export function NutrientStats({
  from,
  to,
  shown,
  onShow,
}: {
  from: string;
  to: string;
  /** Kept by the page, so a change of period keeps the section open. */
  shown: boolean;
  onShow: () => void;
}) {
  const t = useTranslations('stats');
  if (!shown)
    return (
      <section className="border-border bg-surface flex flex-wrap items-center justify-between gap-3 rounded-3xl border p-5 shadow-sm">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{t('nutrientsTitle')}</h2>
          <p className="text-fg-muted text-sm">{t('nutrientsLead')}</p>
        </div>
        <Button type="button" variant="secondary" onClick={onShow}>
          {t('nutrientsShow')}
        </Button>
      </section>
    );
  return <PeriodNutrients from={from} to={to} />;
}

/** The period's nutrients, once asked for. */
function PeriodNutrients({ from, to }: { from: string; to: string }) {
  const t = useTranslations('stats');
  const tN = useTranslations('nutrients');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const selectId = useId();
  const [nutrient, setNutrient] = useState<NutrientKey>('fibre');
  const length = dayNumber(to) - dayNumber(from) + 1;
  const enabled = length <= NUTRIENT_STATS_MAX_DAYS;
  const span = useMemo(
    () => (enabled ? Array.from({ length }, (_, index) => addDays(from, index)) : []),
    [enabled, from, length],
  );
  const days = useDays(from, to, enabled);
  const settings = useSettings().data;

  const logged = useMemo(() => (days.data ?? []).filter((day) => day.entries.length > 0), [days.data]);
  const entries = useMemo(() => logged.flatMap((day) => day.entries), [logged]);
  const points = useMemo<DayAmount[]>(() => {
    const byDate = new Map(logged.map((day) => [day.date, day]));
    return span.map((date) => {
      const day = byDate.get(date);
      const amounts = (day?.entries ?? []).map((entry) => entryNutrients(entry)?.[nutrient]);
      const known = amounts.filter((amount): amount is number => amount !== undefined);
      return { date, amount: known.length > 0 ? known.reduce((sum, amount) => sum + amount, 0) : null };
    });
  }, [logged, span, nutrient]);

  if (!enabled)
    return (
      <p className="text-fg-muted text-sm" data-testid="nutrient-stats-too-long">
        {t('nutrientsUpToYear', { days: format.number(NUTRIENT_STATS_MAX_DAYS) })}
      </p>
    );
  if (!days.data) return <div className="bg-muted h-64 animate-pulse rounded-3xl" aria-hidden="true" />;

  const target = nutrientTargets(
    sourceOfLocale(locale),
    {
      sex: settings?.gender ?? null,
      age: settings?.age ?? null,
      goalKcal: settings?.currentGoal ?? 2000,
    },
    settings?.nutrientTargets,
  )[nutrient];
  const unit = tN(`unitNames.${NUTRIENTS[nutrient].unit}`);

  return (
    <div className="grid gap-5" data-testid="nutrient-stats">
      <NutrientPanel
        entries={entries}
        settings={settings}
        days={Math.max(1, logged.length)}
        title={t('nutrientsAverage', { days: logged.length })}
        testId="nutrient-average"
      />
      <section className="border-border bg-surface grid gap-3 rounded-3xl border p-5 shadow-sm">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 className="text-lg font-semibold">{t('nutrientByDay')}</h2>
          <label htmlFor={selectId} className="grid gap-1 text-sm font-medium">
            {t('nutrientPick')}
            <Select
              id={selectId}
              value={nutrient}
              onChange={(event) => setNutrient(event.target.value as NutrientKey)}
            >
              {nutrientKeys.map((key) => (
                <option key={key} value={key}>
                  {tN(`names.${key}`)}
                </option>
              ))}
            </Select>
          </label>
        </div>
        {points.some((point) => point.amount !== null) ? (
          <>
            <DailyBarChart
              days={points}
              target={target?.min}
              limit={target?.max}
              unit={unit}
              name={tN(`names.${nutrient}`)}
            />
            <table className="sr-only" data-testid="nutrient-table">
              <caption>{tN(`names.${nutrient}`)}</caption>
              <tbody>
                {points.map((point) => (
                  <tr key={point.date}>
                    <th scope="row">{point.date}</th>
                    <td>
                      {point.amount === null
                        ? tN('unknown')
                        : tN('amount', {
                            value: format.number(point.amount, { maximumFractionDigits: 2 }),
                            unit,
                          })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <p className="text-fg-muted text-sm">{t('nutrientNone', { name: tN(`names.${nutrient}`) })}</p>
        )}
      </section>
    </div>
  );
}
