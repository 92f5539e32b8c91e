'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { DiaryData } from '@/components/layout/diary-data';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { useDataMode, useDays, useSettings } from '@/lib/data';
import { burnedKcal } from '@/lib/diary/activity-kinds';
import { addDays, dayNumber, fromDayNumber, fromIsoDate, isIsoDate, todayIso } from '@/lib/diary/dates';
import { meals } from '@/lib/diary/meals';
import { sumTotals } from '@/lib/diary/nutrition';
import { useEntryName } from '@/lib/hooks/use-entry-name';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { LIMITS } from '@/lib/limits';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';

/** The periods offered at a tap, in days up to today. */
const QUICK_PERIODS = [7, 14, 30] as const;

/**
 * A period of the diary as a report to print (or save as PDF with the browser's print): what was
 * eaten each day, meal by meal, against the day's goal, with the weight, water and activity, and
 * the period's averages. Made in the browser from the diary's own data, so a guest can print one
 * too; the controls are left out of the print.
 */
export default function ReportView() {
  return (
    <DiaryData>
      <Report />
    </DiaryData>
  );
}

function Report() {
  const t = useTranslations('report');
  const format = useFormatter();
  const { energy, bodyWeight, volume } = useUnitFormat();
  const mode = useDataMode();
  const settings = useSettings().data;
  const today = todayIso();
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const ids = { from: useId(), to: useId() };
  const length = isIsoDate(from) && isIsoDate(to) ? dayNumber(to) - dayNumber(from) + 1 : 0;
  const valid = length >= LIMITS.reportDays.min && length <= LIMITS.reportDays.max;
  const days = useDays(from, to, valid);
  const byDate = new Map((days.data ?? []).map((day) => [day.date, day]));
  const dates = valid ? Array.from({ length }, (_, index) => fromDayNumber(dayNumber(from) + index)) : [];
  const logged = (days.data ?? []).filter((day) => day.entries.length > 0);
  const weights = (days.data ?? []).filter((day) => day.weight !== null);
  const mean = (values: number[]) =>
    values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
  const averageEaten = mean(logged.map((day) => sumTotals(day.entries).kcal));
  const averageGoal = mean(logged.map((day) => day.goal));
  const dayText = (date: string) => format.dateTime(fromIsoDate(date), { dateStyle: 'full' });
  const period = valid ? format.dateTimeRange(fromIsoDate(from), fromIsoDate(to), { dateStyle: 'long' }) : '';

  return (
    <div className="grid gap-6">
      <section className="border-border bg-surface grid gap-4 rounded-3xl border p-5 print:hidden">
        <p className="text-fg-muted text-sm">{t(mode === 'guest' ? 'leadGuest' : 'lead')}</p>
        <div className="flex flex-wrap gap-2">
          {QUICK_PERIODS.map((count) => (
            <Button
              key={count}
              type="button"
              size="sm"
              variant={from === addDays(today, 1 - count) && to === today ? 'primary' : 'secondary'}
              onClick={() => {
                setFrom(addDays(today, 1 - count));
                setTo(today);
              }}
            >
              {t('lastDays', { count })}
            </Button>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-3 sm:max-w-md">
          <Field id={ids.from} label={t('from')}>
            <Input
              id={ids.from}
              type="date"
              value={from}
              max={to}
              onChange={(event) => setFrom(event.target.value)}
            />
          </Field>
          <Field id={ids.to} label={t('to')}>
            <Input
              id={ids.to}
              type="date"
              value={to}
              min={from}
              onChange={(event) => setTo(event.target.value)}
            />
          </Field>
        </div>
        {valid ? null : (
          <p className="text-error-strong text-sm" role="alert">
            {t('periodInvalid', { max: LIMITS.reportDays.max })}
          </p>
        )}
        <Button
          type="button"
          className="w-fit"
          disabled={!valid || !days.data}
          onClick={() => window.print()}
        >
          <Icon name="printer" />
          {t('print')}
        </Button>
      </section>

      {valid && days.data ? (
        <article className="grid gap-6 print:gap-4" data-testid="report" aria-labelledby="report-title">
          <header className="grid gap-1">
            <h2 id="report-title" className="text-xl font-semibold">
              {settings?.name ? t('titleOf', { name: settings.name }) : t('title')}
            </h2>
            <p className="text-fg-muted text-sm">{period}</p>
          </header>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="report-summary">
            <Figure label={t('loggedDays')} value={t('ofDays', { logged: logged.length, days: length })} />
            <Figure
              label={t('averageEaten')}
              value={averageEaten === null ? '—' : energy(averageEaten)}
              note={averageGoal === null ? undefined : t('averageGoal', { goal: energy(averageGoal) })}
            />
            <Figure
              label={t('weight')}
              value={
                weights.length === 0
                  ? '—'
                  : weights.length === 1
                    ? bodyWeight(weights[0]!.weight!)
                    : t('weightChange', {
                        first: bodyWeight(weights[0]!.weight!),
                        last: bodyWeight(weights.at(-1)!.weight!),
                      })
              }
            />
            <Figure
              label={t('water')}
              value={(() => {
                const drunk = mean((days.data ?? []).filter((day) => day.water > 0).map((day) => day.water));
                return drunk === null ? '—' : t('perDay', { value: volume(drunk) });
              })()}
            />
          </dl>
          {dates.map((date) => (
            <ReportDay key={date} title={dayText(date)} day={byDate.get(date) ?? null} />
          ))}
        </article>
      ) : null}
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="border-border rounded-2xl border p-3">
      <dt className="text-fg-muted text-xs">{label}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-fg-muted text-xs">{note}</dd> : null}
    </div>
  );
}

/** One day of the report: its figures, then what was eaten, meal by meal. */
function ReportDay({ title, day }: { title: string; day: Day | null }) {
  const t = useTranslations('report');
  const tMeals = useTranslations('diary.meals');
  const { energy, bodyWeight, volume } = useUnitFormat();
  const totals = sumTotals(day?.entries ?? []);
  const burned = burnedKcal(day?.activities ?? []);
  const extras = [
    day?.weight != null ? t('weighed', { weight: bodyWeight(day.weight) }) : null,
    day && day.water > 0 ? t('drank', { water: volume(day.water) }) : null,
    burned > 0 ? t('burned', { energy: energy(burned) }) : null,
  ].filter((text): text is string => text !== null);

  return (
    <section className="border-border grid gap-2 break-inside-avoid border-t pt-4" data-testid="report-day">
      <h3 className="font-semibold">{title}</h3>
      {day && day.entries.length > 0 ? (
        <>
          <p className="text-sm tabular-nums">
            {t('eatenOfGoal', { eaten: energy(totals.kcal), goal: energy(day.goal) })} ·{' '}
            {t('macros', {
              protein: Math.round(totals.protein),
              fat: Math.round(totals.fat),
              carbs: Math.round(totals.carbs),
            })}
          </p>
          <table className="w-full text-sm">
            <thead className="sr-only">
              <tr>
                <th>{t('meal')}</th>
                <th>{t('food')}</th>
                <th>{t('amount')}</th>
                <th>{t('energy')}</th>
              </tr>
            </thead>
            <tbody>
              {meals.flatMap((meal) =>
                day.entries
                  .filter((entry) => entry.meal === meal)
                  .map((entry, index) => (
                    <ReportEntry key={entry.id} entry={entry} meal={index === 0 ? tMeals(meal) : ''} />
                  )),
              )}
            </tbody>
          </table>
        </>
      ) : (
        <p className="text-fg-muted text-sm">{t('nothingLogged')}</p>
      )}
      {extras.length > 0 ? <p className="text-fg-muted text-sm">{extras.join(' · ')}</p> : null}
    </section>
  );
}

function ReportEntry({ entry, meal }: { entry: Entry; meal: string }) {
  const name = useEntryName(entry);
  const { energy, foodWeight } = useUnitFormat();
  return (
    <tr className="border-border/60 border-b last:border-0">
      <td className="text-fg-muted w-28 py-1 pr-2 align-top">{meal}</td>
      <td className="py-1 pr-2 align-top wrap-anywhere">{name}</td>
      <td className="text-fg-muted py-1 pr-2 text-right align-top whitespace-nowrap tabular-nums">
        {entry.grams === null ? '' : foodWeight(entry.grams)}
      </td>
      <td className="py-1 text-right align-top whitespace-nowrap tabular-nums">{energy(entry.kcal)}</td>
    </tr>
  );
}
