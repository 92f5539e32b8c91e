'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { burnedKcal } from '@/lib/diary/activity-kinds';
import { bodyMeasures, measuresOf } from '@/lib/diary/body-measures';
import { dayNumber, fromDayNumber } from '@/lib/diary/dates';
import { habitsOf } from '@/lib/diary/habits';
import { useMeals } from '@/lib/hooks/use-meals';
import type { MealPlan } from '@/lib/diary/meals';
import { entryNutrients, sumTotals } from '@/lib/diary/nutrition';
import { NUTRIENTS, sumNutrients, type NutrientKey } from '@/lib/diary/nutrients';
import { useDayFormat } from '@/lib/hooks/use-day-format';
import { useEntryName } from '@/lib/hooks/use-entry-name';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useMeasureFormat } from '@/lib/hooks/use-measure-format';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';

/** The nutrients a day of the report names when its entries know them: what a dietitian asks about first. */
const REPORT_NUTRIENTS: readonly NutrientKey[] = ['fibre', 'sugars', 'saturatedFat', 'sodium'];

/**
 * A period of a diary as a document to read or print: the period's figures, then each day with
 * what was eaten meal by meal against its goal, its nutrients where known, weight, water and
 * activity. The printable report (./report-view.tsx) and a share link's page (/shared/{token})
 * both show one; `owner` is the diary's owner's name, '' for none. `calm`: the owner's calm mode,
 * which leaves out every energy figure and goal (the shared page, for a dietitian, has them all).
 */
export function ReportDocument({
  owner,
  meals,
  from,
  to,
  days,
  calm = false,
}: {
  owner: string;
  /** The owner's meals (a shared diary's); left out, the settings' of whoever reads. */
  meals?: MealPlan | null;
  from: string;
  to: string;
  days: readonly Day[];
  calm?: boolean;
}) {
  const t = useTranslations('report');
  const format = useFormatter();
  const { energy, bodyWeight, volume } = useUnitFormat();
  const length = dayNumber(to) - dayNumber(from) + 1;
  const byDate = new Map(days.map((day) => [day.date, day]));
  const dates = Array.from({ length }, (_, index) => fromDayNumber(dayNumber(from) + index));
  const logged = days.filter((day) => day.entries.length > 0);
  const weights = days.filter((day) => day.weight !== null);
  const mean = (values: number[]) =>
    values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
  const averageEaten = mean(logged.map((day) => sumTotals(day.entries).kcal));
  const averageGoal = mean(logged.map((day) => day.goal));
  // Calm mode's figure in its place: how many meals a logged day has (no category is needed).
  const { mealsPerDay } = habitsOf(days, from, to, () => undefined);
  // Drawn by the server for a share link, then hydrated in the reader's time zone: the same text in both.
  const calendar = useDayFormat();
  const dayText = (date: string) => calendar.day(date, { dateStyle: 'full' });
  const period = calendar.range(from, to, { dateStyle: 'long' });

  return (
    <article className="grid gap-6 print:gap-4" data-testid="report" aria-labelledby="report-title">
      <header className="grid gap-1">
        <h2 id="report-title" className="text-xl font-semibold">
          {owner ? t('titleOf', { name: owner }) : t('title')}
        </h2>
        <p className="text-fg-muted text-sm">{period}</p>
      </header>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="report-summary">
        <Figure label={t('loggedDays')} value={t('ofDays', { logged: logged.length, days: length })} />
        {calm ? (
          <Figure
            label={t('mealsPerDay')}
            value={mealsPerDay === null ? '—' : format.number(mealsPerDay, { maximumFractionDigits: 1 })}
          />
        ) : (
          <Figure
            label={t('averageEaten')}
            value={averageEaten === null ? '—' : energy(averageEaten)}
            note={averageGoal === null ? undefined : t('averageGoal', { goal: energy(averageGoal) })}
          />
        )}
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
            const drunk = mean(days.filter((day) => day.water > 0).map((day) => day.water));
            return drunk === null ? '—' : t('perDay', { value: volume(drunk) });
          })()}
        />
      </dl>
      {dates.map((date) => (
        <ReportDay
          key={date}
          title={dayText(date)}
          day={byDate.get(date) ?? null}
          calm={calm}
          meals={meals}
        />
      ))}
    </article>
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
function ReportDay({
  title,
  day,
  calm,
  meals,
}: {
  title: string;
  day: Day | null;
  calm: boolean;
  meals: MealPlan | null | undefined;
}) {
  const t = useTranslations('report');
  const { ofDay, nameOf } = useMeals(meals);
  const { energy, bodyWeight, volume } = useUnitFormat();
  const totals = sumTotals(day?.entries ?? []);
  const measureText = useMeasureFormat();
  const tMeasures = useTranslations('diary.measures');
  const measures = measuresOf(day?.details);
  const burned = burnedKcal(day?.activities ?? []);
  const extras = [
    day?.weight != null ? t('weighed', { weight: bodyWeight(day.weight) }) : null,
    day && day.water > 0 ? t('drank', { water: volume(day.water) }) : null,
    burned > 0 && !calm ? t('burned', { energy: energy(burned) }) : null,
    day?.details?.steps != null ? t('walked', { steps: day.details.steps }) : null,
    ...bodyMeasures.map((measure) =>
      measures?.[measure] === undefined
        ? null
        : tMeasures('named', {
            name: tMeasures(`names.${measure}`),
            value: measureText(measure, measures[measure]),
          }),
    ),
  ].filter((text): text is string => text !== null);

  return (
    <section className="border-border grid gap-2 break-inside-avoid border-t pt-4" data-testid="report-day">
      <h3 className="font-semibold">{title}</h3>
      {day && day.entries.length > 0 ? (
        <>
          <p className="text-sm tabular-nums">
            {calm ? null : `${t('eatenOfGoal', { eaten: energy(totals.kcal), goal: energy(day.goal) })} · `}
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
                {calm ? null : <th>{t('energy')}</th>}
              </tr>
            </thead>
            <tbody>
              {ofDay(day.entries).flatMap((meal) =>
                day.entries
                  .filter((entry) => entry.meal === meal)
                  .map((entry, index) => (
                    <ReportEntry
                      key={entry.id}
                      entry={entry}
                      meal={index === 0 ? nameOf(meal) : ''}
                      calm={calm}
                    />
                  )),
              )}
            </tbody>
          </table>
        </>
      ) : (
        <p className="text-fg-muted text-sm">{t('nothingLogged')}</p>
      )}
      {day ? <ReportNutrients entries={day.entries} /> : null}
      {extras.length > 0 ? <p className="text-fg-muted text-sm">{extras.join(' · ')}</p> : null}
      {day?.details?.note ? (
        <p className="text-sm break-words whitespace-pre-wrap" data-testid="report-note">
          <span className="font-semibold">{t('note')}: </span>
          {day.details.note}
        </p>
      ) : null}
    </section>
  );
}

function ReportEntry({ entry, meal, calm }: { entry: Entry; meal: string; calm: boolean }) {
  const name = useEntryName(entry);
  const { energy, foodWeight } = useUnitFormat();
  return (
    <tr className="border-border/60 border-b last:border-0">
      <td className="text-fg-muted w-28 py-1 pr-2 align-top">{meal}</td>
      <td className="py-1 pr-2 align-top wrap-anywhere">{name}</td>
      <td className="text-fg-muted py-1 pr-2 text-right align-top whitespace-nowrap tabular-nums">
        {entry.grams === null ? '' : foodWeight(entry.grams)}
      </td>
      {calm ? null : (
        <td className="py-1 text-right align-top whitespace-nowrap tabular-nums">{energy(entry.kcal)}</td>
      )}
    </tr>
  );
}

/** The day's headline nutrients its entries know, "at least" where only some know one; nothing when none do. */
function ReportNutrients({ entries }: { entries: readonly Entry[] }) {
  const t = useTranslations('nutrients');
  const format = useFormatter();
  const totals = sumNutrients(entries.map(entryNutrients));
  const parts = REPORT_NUTRIENTS.filter((key) => totals[key].known > 0).map((key) => {
    const total = totals[key];
    const value = format.number(total.amount, { maximumFractionDigits: total.amount >= 10 ? 0 : 1 });
    const unit = t(`unitNames.${NUTRIENTS[key].unit}`);
    const amount = t(total.known < total.of ? 'atLeast' : 'amount', { value, unit });
    return `${t(`names.${key}`)} ${amount}`;
  });
  if (parts.length === 0) return null;
  return (
    <p className="text-fg-muted text-sm tabular-nums" data-testid="report-nutrients">
      {parts.join(' · ')}
    </p>
  );
}
