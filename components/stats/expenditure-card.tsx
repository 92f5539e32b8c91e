'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Card } from './card';
import { ChartTable } from './chart-table';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { todayIso } from '@/lib/diary/dates';
import {
  estimateExpenditure,
  expenditureHistory,
  goalForRate,
  NEEDS,
  WINDOW_DAYS,
  type Doubt,
} from '@/lib/diary/expenditure';
import { StorageFullError, useSaveProfile, useSettings } from '@/lib/data';
import { toast } from '@/lib/ui/toast-store';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { KG_PER_LB } from '@/lib/units/units';
import { cn } from '@/lib/ui/cn';

/** Rates of change a goal can be suggested for, kg a week (about 1 lb steps in pounds). */
const RATES_KG = [-0.75, -0.5, -0.25, 0, 0.25] as const;
const RATES_LB = [-1.5, -1, -0.5, 0, 0.5] as const;

/**
 * What the user really spends a day, learnt from what they logged and how their weight moved
 * (lib/diary/expenditure.ts), with how sure it is and why, its last weeks, and the goal that
 * would reach a chosen rate. Both modes: `history` comes from useExpenditure, which the page's
 * chart shares.
 */
export function ExpenditureCard({ history }: { history: ReturnType<typeof expenditureHistory> | null }) {
  const t = useTranslations('stats.expenditure');
  const estimate = history?.at(-1)?.estimate ?? null;
  return (
    <Card title={t('title')} testId="expenditure">
      <p className="text-fg-muted -mt-2 mb-3 text-sm">{t('lead', { days: WINDOW_DAYS })}</p>
      {estimate === null ? (
        <div className="bg-muted h-24 animate-pulse rounded-2xl" aria-hidden="true" />
      ) : estimate.ok ? (
        <Estimate estimate={estimate} history={history!} />
      ) : estimate.implausible !== undefined ? (
        <Implausible kcal={estimate.implausible} />
      ) : (
        <Needs have={estimate.have} />
      )}
    </Card>
  );
}

type Ready = Extract<ReturnType<typeof estimateExpenditure>, { ok: true }>;

function Estimate({
  estimate,
  history,
}: {
  estimate: Ready;
  history: ReturnType<typeof expenditureHistory>;
}) {
  const t = useTranslations('stats.expenditure');
  const { energy, bodyWeight } = useUnitFormat();
  return (
    <div className="grid gap-4">
      <div>
        <p className="text-3xl font-semibold tabular-nums" data-testid="expenditure-kcal">
          {t('perDay', { energy: energy(estimate.kcal) })}
        </p>
        <p className="text-sm" data-testid="expenditure-interval">
          {t('interval', { low: energy(estimate.low), high: energy(estimate.high) })}
        </p>
      </div>
      <div className="grid gap-1">
        <p className="text-sm">
          <span
            className={cn(
              'mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
              estimate.confidence === 'high' && 'bg-primary-soft text-primary-strong',
              estimate.confidence === 'medium' && 'bg-muted text-fg',
              estimate.confidence === 'low' && 'bg-muted text-error-strong',
            )}
            data-testid="expenditure-confidence"
          >
            {t(`confidence.${estimate.confidence}`)}
          </span>
          {t('basis', {
            days: estimate.loggedDays,
            weighIns: estimate.weighIns,
            trend: signed(bodyWeight(Math.abs(estimate.trendKgPerWeek)), estimate.trendKgPerWeek),
          })}
        </p>
        {estimate.doubts.length > 0 ? (
          <ul className="text-fg-muted list-disc pl-5 text-sm" data-testid="expenditure-doubts">
            {estimate.doubts.map((doubt: Doubt) => (
              <li key={doubt}>{t(`doubts.${doubt}`)}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <SuggestedGoal expenditure={estimate.kcal} />
      <History history={history} />
    </div>
  );
}

/** "−0.4 kg", "+0.2 kg", "0 kg" a week. */
function signed(text: string, value: number): string {
  return value < 0 ? `−${text}` : value > 0 ? `+${text}` : text;
}

function SuggestedGoal({ expenditure }: { expenditure: number }) {
  const t = useTranslations('stats.expenditure');
  const tErrors = useTranslations('food.errors');
  const { energy, units } = useUnitFormat();
  const settings = useSettings().data ?? null;
  const saveProfile = useSaveProfile();
  const inPounds = units.system !== 'metric';
  const rates = inPounds ? RATES_LB : RATES_KG;
  const [rate, setRate] = useState<number>(inPounds ? RATES_LB[1] : RATES_KG[1]);
  const kgPerWeek = inPounds ? rate * KG_PER_LB : rate;
  const goal = goalForRate(expenditure, kgPerWeek, settings?.gender ?? null);
  const current = settings?.currentGoal ?? null;
  const format = useFormatter();
  const rateText = (value: number) =>
    t(inPounds ? 'rateLb' : 'rateKg', {
      value: format.number(Math.abs(value), { maximumFractionDigits: 2 }),
      sign: value < 0 ? 'minus' : value > 0 ? 'plus' : 'zero',
    });

  return (
    <div className="border-border grid gap-3 border-t pt-4">
      <p className="text-sm font-medium">{t('goalFor')}</p>
      <ToggleGroup
        aria-label={t('goalFor')}
        variant="emphasis"
        value={String(rate)}
        onValueChange={(next) => next && setRate(Number(next))}
        className="flex-wrap"
      >
        {rates.map((option) => (
          <ToggleGroupItem key={option} value={String(option)}>
            {rateText(option)}
          </ToggleGroupItem>
        ))}
      </ToggleGroup>
      <p aria-live="polite" className="text-sm" data-testid="expenditure-goal">
        {t('goal', { energy: energy(goal) })}
        {current !== null ? ` ${t('currentGoal', { energy: energy(current) })}` : ''}
      </p>
      {/* The estimate already holds the usual activity: adding it to the budget counts it twice. */}
      {(settings?.activityShare ?? 0) > 0 ? (
        <p className="text-fg-muted text-sm" data-testid="expenditure-activity-note">
          {t('activityNote')}
        </p>
      ) : null}
      {current !== goal ? (
        <Button
          type="button"
          variant="secondary"
          className="w-fit"
          disabled={saveProfile.isPending}
          onClick={async () => {
            // Awaited rather than mutate's callbacks: the saved goal redraws the page under the
            // button, and the message must come all the same.
            try {
              await saveProfile.mutateAsync({ patch: { currentGoal: goal }, goalFrom: todayIso() });
              toast({ title: t('goalSaved', { energy: energy(goal) }) });
            } catch (failure) {
              const full = failure instanceof StorageFullError;
              toast({ title: tErrors(full ? 'storageFull' : 'saveFailed'), variant: 'error' });
            }
          }}
        >
          {t('useGoal')}
        </Button>
      ) : null}
    </div>
  );
}

/** The estimate at the end of each of the last weeks. */
function History({ history }: { history: ReturnType<typeof expenditureHistory> }) {
  const t = useTranslations('stats.expenditure');
  const { energy } = useUnitFormat();
  return (
    <ChartTable
      summary={t('history')}
      caption={t('history')}
      headers={[t('weekEnding'), t('estimate'), t('range')]}
      rows={history.map(({ date, estimate }) => ({
        date,
        values: estimate.ok
          ? [
              energy(estimate.kcal),
              t('rangeValue', { low: energy(estimate.low), high: energy(estimate.high) }),
            ]
          : ['—', estimate.implausible === undefined ? t('tooLittle') : t('doesNotAddUp')],
      }))}
    />
  );
}

/** Enough data that adds up to no human's expenditure: what it came to, and what to check. */
function Implausible({ kcal }: { kcal: number }) {
  const t = useTranslations('stats.expenditure');
  const { energy } = useUnitFormat();
  return (
    <div className="grid gap-2" data-testid="expenditure-implausible">
      <p className="font-semibold">{t('implausibleTitle')}</p>
      <p className="text-fg-muted text-sm">{t('implausible', { energy: energy(kcal), days: WINDOW_DAYS })}</p>
    </div>
  );
}

function Needs({ have }: { have: { loggedDays: number; weighIns: number; weighInSpanDays: number } }) {
  const t = useTranslations('stats.expenditure');
  const rows = [
    { key: 'loggedDays', have: have.loggedDays, need: NEEDS.loggedDays },
    { key: 'weighIns', have: have.weighIns, need: NEEDS.weighIns },
    { key: 'weighInSpanDays', have: have.weighInSpanDays, need: NEEDS.weighInSpanDays },
  ] as const;
  return (
    <div className="grid gap-3" data-testid="expenditure-needs">
      <p className="text-sm">{t('needsLead')}</p>
      <ul className="grid gap-2">
        {rows.map((row) => (
          <li key={row.key} className="grid gap-1">
            <div className="flex justify-between text-sm">
              <span>{t(`needs.${row.key}`)}</span>
              <span className="tabular-nums">
                {t('progress', { have: Math.min(row.have, row.need), need: row.need })}
              </span>
            </div>
            <div className="bg-muted h-2 overflow-hidden rounded-full" aria-hidden="true">
              <div
                className="bg-primary h-full rounded-full"
                style={{ width: `${Math.min(100, (row.have / row.need) * 100)}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
