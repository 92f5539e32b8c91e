'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { inputClass } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Icon } from '@/components/ui/icon';
import { LoadError } from '@/components/ui/load-error';
import { MonthCalendar } from '@/components/ui/month-calendar';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { cn } from '@/lib/ui/cn';
import { routes } from '@/lib/navigation/routes';
import { addDays, calendarRange, isIsoDate, todayIso } from '@/lib/diary/dates';
import { isOnTarget, type StatsReport } from '@/lib/diary/stats';
import { DiaryData } from '@/components/layout/diary-data';
import { getQueryClient, loadRepository, settingsQuery, statsQuery, useStats } from '@/lib/data';
import { useCalm } from '@/lib/hooks/use-calm';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { Card } from './card';
import { ChartTable } from './chart-table';
import { ExpenditureCard } from './expenditure-card';
import { HabitTiles, MealHabits, ProduceHabits, useHabits } from './habit-stats';
import { useExpenditure } from '@/lib/hooks/use-expenditure';
import { NutrientStats } from './nutrient-stats';
import { NoteSearch } from './note-search';
import { StepsStats } from './steps-stats';
import { FastingStats } from './fasting-stats';
import { MeasuresStats } from './measures-stats';
import { WaterStats } from './water-stats';
import { WeekBudgetCard } from './week-budget-card';
import { StatTiles } from './stat-tiles';

// The chart library loads with the stats page only, never on the first load of other pages.
const KcalChart = dynamic(() => import('./kcal-chart'), {
  ssr: false,
  loading: () => <div className="h-64" />,
});
const WeightChart = dynamic(() => import('./weight-chart'), {
  ssr: false,
  loading: () => <div className="h-56" />,
});

const presets = ['week', 'month', 'year', 'custom'] as const;
type Preset = (typeof presets)[number];
const presetDays: Record<Exclude<Preset, 'custom'>, number> = { week: 7, month: 30, year: 365 };
const MAX_RANGE_DAYS = 3660;

/** The range the page opens on, which the preload computes ahead. */
const FIRST_PRESET = 'week';

/** The days a preset shows, ending today. */
function presetRange(preset: Exclude<Preset, 'custom'>, today: string) {
  return { from: addDays(today, -(presetDays[preset] - 1)), to: today };
}

/**
 * Computes the first screen's figures (this week, this month's calendar) while the view's code
 * loads, so the view mounts with them: rendered while they were pending, the page grew under
 * the calendar when they came and pushed it down.
 */
export async function preloadStats(): Promise<void> {
  const repository = await loadRepository();
  const today = todayIso();
  const first = presetRange(FIRST_PRESET, today);
  const month = calendarRange(today);
  const queryClient = getQueryClient();
  await Promise.all([
    queryClient.prefetchQuery(statsQuery(repository, first.from, first.to, today)),
    queryClient.prefetchQuery(statsQuery(repository, month.from, month.to, today)),
    // Calm mode decides what the page shows.
    queryClient.prefetchQuery(settingsQuery(repository)),
  ]);
}

export default function StatsView() {
  return (
    <DiaryData>
      <Stats />
    </DiaryData>
  );
}

function Stats() {
  const t = useTranslations('stats');
  const today = todayIso();
  const fromId = useId();
  const toId = useId();
  const [preset, setPreset] = useState<Preset>(FIRST_PRESET);
  const [custom, setCustom] = useState({ from: addDays(today, -13), to: today });
  const [month, setMonth] = useState(today);
  const [nutrientsShown, setNutrientsShown] = useState(false);

  const range = preset === 'custom' ? custom : presetRange(preset, today);
  const rangeValid =
    isIsoDate(range.from) &&
    isIsoDate(range.to) &&
    range.from <= range.to &&
    range.from >= addDays(range.to, -MAX_RANGE_DAYS);

  // The repository computes the figures: in the browser for a guest, in SQL for an account.
  const report = useStats(range.from, range.to, today, rangeValid);
  const stats = report.data ?? null;
  const expenditureHistory = useExpenditure(today);
  const expenditure = expenditureHistory?.at(-1)?.estimate;
  const expenditureKcal = expenditure?.ok ? expenditure.kcal : null;
  // Calm mode: habits in place of every figure of energy and the budget.
  const calm = useCalm();
  const habits = useHabits(range.from, range.to, calm && rangeValid);

  return (
    // Columns follow the room the page has (a container query), not the window: the side menu
    // takes a tablet's width when open.
    <div className="@container grid gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <ToggleGroup
          aria-label={t('range')}
          value={preset}
          onValueChange={(next) => setPreset(next as Preset)}
        >
          {presets.map((option) => (
            <ToggleGroupItem key={option} value={option}>
              {t(option)}
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
        {preset === 'custom' ? (
          // On a phone the two dates share the row, half each: at their own width (160 and 180
          // px) they wrapped or ran past the screen's edge (issue 48).
          <div className="grid w-full grid-cols-[repeat(2,minmax(0,1fr))] items-end gap-2 sm:flex sm:w-auto">
            <label htmlFor={fromId} className="grid min-w-0 gap-1 text-sm font-medium">
              {t('from')}
              <input
                id={fromId}
                type="date"
                value={custom.from}
                max={custom.to}
                onChange={(event) => setCustom((c) => ({ ...c, from: event.target.value }))}
                className={cn(inputClass, 'min-w-0 sm:w-auto')}
              />
            </label>
            <label htmlFor={toId} className="grid min-w-0 gap-1 text-sm font-medium">
              {t('to')}
              <input
                id={toId}
                type="date"
                value={custom.to}
                min={custom.from}
                onChange={(event) => setCustom((c) => ({ ...c, to: event.target.value }))}
                className={cn(inputClass, 'min-w-0 sm:w-auto')}
              />
            </label>
          </div>
        ) : null}
        <Button asChild variant="secondary" size="sm" className="ml-auto">
          <Link href={routes.report} data-testid="report-link">
            <Icon name="printer" />
            {t('printReport')}
          </Link>
        </Button>
      </div>

      {!rangeValid ? (
        <FormError>{t('rangeInvalid')}</FormError>
      ) : !stats ? (
        report.isError ? (
          <LoadError onRetry={() => void report.refetch()} />
        ) : (
          <div className="bg-muted h-64 animate-pulse rounded-3xl" aria-hidden="true" />
        )
      ) : (
        <>
          {calm ? (
            <>
              <HabitTiles stats={stats} habits={habits} />
              <MealHabits habits={habits} />
            </>
          ) : (
            <>
              <SummaryTiles stats={stats} />
              <Card title={t('kcalChart')}>
                {stats.loggedDays > 0 ? (
                  <>
                    <KcalChart days={stats.days} expenditure={expenditureKcal} />
                    <ChartLegend expenditure={expenditureKcal} />
                    <KcalTable stats={stats} />
                  </>
                ) : (
                  <EmptyPeriod />
                )}
              </Card>
            </>
          )}
          <div className="grid gap-5 @columns:grid-cols-2">
            {calm ? <ProduceHabits habits={habits} /> : <MacroSplit stats={stats} />}
            <Card title={t('weightTrend')}>
              {stats.weights.length > 0 ? (
                <>
                  <WeightChart points={stats.weights} />
                  <WeightTable stats={stats} />
                </>
              ) : (
                <p className="text-fg-muted text-sm">{t('noWeight')}</p>
              )}
            </Card>
          </div>
          <WaterStats stats={stats} />
          <StepsStats stats={stats} />
          <FastingStats stats={stats} />
          <MeasuresStats stats={stats} />
        </>
      )}
      {/* This week and the last four whatever the range: where the user stands now. */}
      {calm ? null : (
        <div className="grid gap-5 @columns:grid-cols-2 @columns:items-start">
          <WeekBudgetCard today={today} />
          <ExpenditureCard history={expenditureHistory} />
        </div>
      )}
      <AdherenceCalendar month={month} onMonthChange={setMonth} today={today} calm={calm} />
      {/* Below the calendar, on demand: it reads the period's entries, which the sums above do not need. */}
      {rangeValid && stats ? (
        <NutrientStats
          from={range.from}
          to={range.to}
          shown={nutrientsShown}
          onShow={() => setNutrientsShown(true)}
        />
      ) : null}
      {rangeValid ? <NoteSearch from={range.from} to={range.to} /> : null}
    </div>
  );
}

/** What the chart's lines are: each day's goal, and what the user burns once that is known. */
function ChartLegend({ expenditure }: { expenditure: number | null }) {
  const t = useTranslations('stats');
  const { energy } = useUnitFormat();
  return (
    <p className="text-fg-muted mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs" data-testid="kcal-chart-legend">
      <span>
        <span
          aria-hidden="true"
          className="mr-1 inline-block w-4 border-t-2 border-dashed border-current align-middle"
        />
        {t('goalLine')}
      </span>
      {expenditure !== null ? (
        <span>
          <span
            aria-hidden="true"
            className="border-fg mr-1 inline-block w-4 border-t-2 border-dotted align-middle"
          />
          {t('expenditureLine', { energy: energy(expenditure) })}
        </span>
      ) : null}
    </p>
  );
}

/** A period without entries: a chart of zeros would say nothing, so say what to do instead. */
function EmptyPeriod() {
  const t = useTranslations('stats');
  return (
    <div className="grid h-64 place-items-center text-center" data-testid="stats-empty">
      <div className="grid max-w-xs justify-items-center gap-2">
        <span className="bg-muted text-fg-muted grid size-12 place-items-center rounded-2xl text-2xl">
          <Icon name="stats" />
        </span>
        <p className="font-semibold">{t('emptyTitle')}</p>
        <p className="text-fg-muted text-sm">{t('emptyBody')}</p>
      </div>
    </div>
  );
}

function SummaryTiles({ stats }: { stats: StatsReport }) {
  const t = useTranslations('stats');
  const { streaks: streak } = stats;
  const { energy } = useUnitFormat();
  const tiles = [
    {
      label: t('average'),
      value:
        stats.averageKcal === null ? t('noData') : t('averageValue', { energy: energy(stats.averageKcal) }),
      testId: 'stat-average',
    },
    {
      label: t('onTarget'),
      value: t('onTargetValue', { count: stats.daysOnTarget, total: stats.loggedDays }),
      hint: t('onTargetHint'),
      testId: 'stat-on-target',
    },
    { label: t('currentStreak'), value: t('days', { count: streak.current }), testId: 'stat-current-streak' },
    { label: t('longestStreak'), value: t('days', { count: streak.longest }), testId: 'stat-longest-streak' },
  ];
  return <StatTiles tiles={tiles} />;
}

function KcalTable({ stats }: { stats: StatsReport }) {
  const t = useTranslations('stats');
  const { energyName, energyNumber } = useUnitFormat();
  return (
    <ChartTable
      caption={t('kcalChart')}
      headers={[t('date'), energyName, t('goal')]}
      rows={stats.days
        .filter((day) => day.logged)
        .map((day) => ({
          date: day.date,
          // Whole kcal (kJ), as the chart and the diary show them: an import's 1,234.567 is 1,235 here.
          values: [energyNumber(day.kcal), day.goal === null ? '—' : energyNumber(day.goal)],
        }))}
    />
  );
}

function WeightTable({ stats }: { stats: StatsReport }) {
  const t = useTranslations('stats');
  const tUnits = useTranslations('units');
  const { bodyWeight } = useUnitFormat();
  return (
    <ChartTable
      caption={t('weightTrend')}
      headers={[t('date'), tUnits('weightName'), t('movingAverage')]}
      rows={stats.weights.map((point) => ({
        date: point.date,
        values: [bodyWeight(point.weight), bodyWeight(point.average)],
      }))}
    />
  );
}

function MacroSplit({ stats }: { stats: StatsReport }) {
  const t = useTranslations('stats');
  const formatNumber = useFormatNumber();
  const { perDay, kcalShare } = stats.macros;
  const rows = [
    { key: 'protein', grams: perDay.protein, share: kcalShare.protein, color: 'bg-secondary' },
    { key: 'fat', grams: perDay.fat, share: kcalShare.fat, color: 'bg-amber-400' },
    { key: 'carbs', grams: perDay.carbs, share: kcalShare.carbs, color: 'bg-primary' },
  ] as const;
  return (
    <Card title={t('macroSplit')}>
      <p className="text-fg-muted -mt-2 mb-3 text-xs">{t('macroSplitLead')}</p>
      <ul className="grid gap-3">
        {rows.map((row) => (
          <li key={row.key} data-testid={`macro-${row.key}`}>
            <div className="flex justify-between text-sm">
              <span>{t(row.key)}</span>
              <span className="tabular-nums">
                {t('macroValue', { grams: formatNumber(row.grams), share: row.share })}
              </span>
            </div>
            <div className="bg-muted mt-1 h-2 rounded-full">
              <div className={cn(row.color, 'h-2 rounded-full')} style={{ width: `${row.share}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The month's days by how they went against their goal; in calm mode, whether they were logged. */
function AdherenceCalendar({
  month,
  onMonthChange,
  today,
  calm,
}: {
  month: string;
  onMonthChange: (month: string) => void;
  today: string;
  calm: boolean;
}) {
  const t = useTranslations('stats');
  const router = useRouter();
  const grid = calendarRange(month);
  const monthStats = useStats(grid.from, grid.to, today, true);
  const byDate = useMemo(
    () => new Map((monthStats.data?.days ?? []).map((point) => [point.date, point])),
    [monthStats.data],
  );
  const status = (date: string): 'on' | 'over' | 'under' | 'logged' | null => {
    const point = byDate.get(date);
    if (!point || !point.logged) return null;
    if (calm) return 'logged';
    if (point.goal === null) return null;
    return isOnTarget(point.kcal, point.goal) ? 'on' : point.kcal > point.goal ? 'over' : 'under';
  };
  const classes = {
    on: 'bg-primary/35',
    over: 'bg-error/35',
    under: 'bg-secondary/30',
    logged: 'bg-primary/35',
  } as const;
  const labels = {
    on: t('dayOnTarget'),
    over: t('dayOver'),
    under: t('dayUnder'),
    logged: t('habits.dayLogged'),
  } as const;
  const legend = calm
    ? ([['logged', t('habits.legendLogged')]] as const)
    : ([
        ['on', t('legendOnTarget')],
        ['over', t('legendOver')],
        ['under', t('legendUnder')],
      ] as const);

  return (
    <Card title={t('calendar')} className="@columns:max-w-md">
      <MonthCalendar
        month={month}
        onMonthChange={onMonthChange}
        today={today}
        // A day of the calendar opens that day's diary.
        onSelect={(date) =>
          router.push(date === today ? routes.dashboard : `${routes.dashboard}?date=${date}`)
        }
        dayClassName={(date) => {
          const value = status(date);
          return value ? classes[value] : undefined;
        }}
        dayLabel={(date) => {
          const value = status(date);
          return value ? labels[value] : undefined;
        }}
      />
      <ul className="text-fg-muted mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {legend.map(([key, label]) => (
          <li key={key} className="flex items-center gap-1.5">
            <span className={cn('size-3 rounded-full', classes[key])} />
            {label}
          </li>
        ))}
      </ul>
    </Card>
  );
}
