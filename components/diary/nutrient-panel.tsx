'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import {
  NUTRIENTS,
  nutrientKeys,
  saltGOfSodiumMg,
  sumNutrients,
  type NutrientKey,
  type NutrientTotal,
  type NutrientTotals,
} from '@/lib/diary/nutrients';
import { entryNutrients } from '@/lib/diary/nutrition';
import { nutrientTargets, sourceOfLocale, type NutrientTarget } from '@/lib/diary/nutrient-targets';
import type { Locale } from '@/lib/i18n/config';
import type { Entry } from '@/lib/schemas/entry';
import type { Settings } from '@/lib/schemas/settings';
import { useUnits } from '@/lib/hooks/use-units';
import { HEADLINE_NUTRIENTS } from './nutrient-line';

const GROUPS = [
  { name: 'carbs', keys: nutrientKeys.filter((key) => ['carbs', 'fat'].includes(NUTRIENTS[key].group)) },
  { name: 'minerals', keys: nutrientKeys.filter((key) => NUTRIENTS[key].group === 'minerals') },
  { name: 'vitamins', keys: nutrientKeys.filter((key) => NUTRIENTS[key].group === 'vitamins') },
] as const;

/**
 * The nutrients of a day (or a week's average: `days` > 1) against the targets for the user, by
 * the source of their language. A nutrient no entry knows reads "not known", never 0; one only
 * some entries know reads "at least" its sum, with how many knew it.
 */
export function NutrientPanel({
  entries,
  settings,
  days = 1,
  title,
  testId = 'nutrient-panel',
}: {
  entries: readonly Entry[];
  settings: Pick<Settings, 'gender' | 'age' | 'currentGoal' | 'nutrientTargets'> | undefined;
  /** The days `entries` span: the totals are divided by it, for a daily average. */
  days?: number;
  title?: string;
  testId?: string;
}) {
  const t = useTranslations('nutrients');
  const locale = useLocale() as Locale;
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const eaten = useMemo(() => entries.map(entryNutrients), [entries]);
  const totals = useMemo(() => sumNutrients(eaten), [eaten]);
  // Entries that know any nutrient: a row says more only when its nutrient is missing from some of them.
  const knowing = eaten.filter((each) => each !== null).length;
  const source = sourceOfLocale(locale);
  const person = {
    sex: settings?.gender ?? null,
    age: settings?.age ?? null,
    goalKcal: settings?.currentGoal ?? 2000,
  };
  const targets = nutrientTargets(source, person, settings?.nutrientTargets);
  const ownTargets = Object.keys(settings?.nutrientTargets ?? {}).length;
  const shown = expanded ? null : new Set(HEADLINE_NUTRIENTS);
  // Salt is what European and Russian labels print; a US reader is used to sodium alone.
  const showSalt = useUnits().system !== 'us';

  return (
    <section
      aria-label={title ?? t('title')}
      data-testid={testId}
      className="border-border bg-surface rounded-3xl border p-5 shadow-sm"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold">{title ?? t('title')}</h2>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className="text-primary-strong inline-flex min-h-11 items-center gap-1 text-sm font-medium"
        >
          {expanded ? t('showFewer') : t('showAll')}
          <Icon
            name="chevronDown"
            className={cn('text-base transition-transform', expanded && 'rotate-180')}
          />
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="text-fg-muted mt-1 text-sm">{t('empty')}</p>
      ) : knowing < entries.length ? (
        <p className="text-fg-muted mt-1 text-sm" data-testid="nutrients-some-unknown">
          {t('someUnknown', { known: knowing, of: entries.length })}
        </p>
      ) : null}
      <div id={listId} className="mt-3 grid gap-4">
        {GROUPS.map((group) => {
          const keys = group.keys.filter((key) => !shown || shown.has(key));
          if (keys.length === 0) return null;
          return (
            <div key={group.name} className="grid gap-2">
              {expanded ? (
                <h3 className="text-fg-muted text-xs font-semibold tracking-wide uppercase">
                  {t(`groups.${group.name}`)}
                </h3>
              ) : null}
              <ul className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
                {keys.map((key) => (
                  <NutrientRow
                    key={key}
                    nutrient={key}
                    total={average(totals, key, days)}
                    target={targets[key]}
                    showSalt={key === 'sodium' && showSalt}
                    knowing={knowing}
                  />
                ))}
              </ul>
            </div>
          );
        })}
      </div>
      <p className="text-fg-muted mt-4 text-xs">
        {t(`sources.${source}`)}
        {' · '}
        {person.age !== null
          ? t('forPerson', { sex: person.sex ?? 'other', age: person.age })
          : t('forAdult', { sex: person.sex ?? 'other' })}
        {ownTargets > 0 ? ` · ${t('ownTargets', { count: ownTargets })}` : null}
      </p>
    </section>
  );
}

function average(totals: NutrientTotals, key: NutrientKey, days: number): NutrientTotal {
  const total = totals[key];
  return days > 1 ? { ...total, amount: total.amount / days } : total;
}

function NutrientRow({
  nutrient,
  total,
  target,
  showSalt,
  knowing,
}: {
  nutrient: NutrientKey;
  total: NutrientTotal;
  target: NutrientTarget | undefined;
  showSalt: boolean;
  /** Entries of the day that know any nutrient (the panel names the others once). */
  knowing: number;
}) {
  const t = useTranslations('nutrients');
  const format = useFormatter();
  const unit = t(`unitNames.${NUTRIENTS[nutrient].unit}`);
  const number = (value: number) =>
    format.number(value, { maximumFractionDigits: value >= 100 ? 0 : value >= 10 ? 1 : 2 });
  const known = total.known > 0;
  const partial = known && total.known < total.of;
  const amountText = !known
    ? t('unknown')
    : partial
      ? t('atLeast', { value: number(total.amount), unit })
      : t('amount', { value: number(total.amount), unit });
  const targetText =
    target?.min !== undefined
      ? t('target', { value: number(target.min), unit })
      : target?.max !== undefined
        ? t('limit', { value: number(target.max), unit })
        : null;
  // A figure to reach fills towards it; a limit fills towards the limit and turns red past it.
  const goal = target?.min ?? target?.max;
  const share = known && goal ? Math.min(1, total.amount / goal) : 0;
  const over = known && target?.max !== undefined && total.amount > target.max;
  const name = t(`names.${nutrient}`);

  // The panel says once how many entries know nothing; a row names its own gap only.
  const notes = [
    showSalt && known ? t('saltOf', { value: number(saltGOfSodiumMg(total.amount)) }) : null,
    partial && total.known !== knowing ? t('knownOf', { known: total.known, of: total.of }) : null,
    over ? t('over') : null,
  ].filter(Boolean);

  return (
    <li
      className="grid gap-1"
      data-testid={`nutrient-${nutrient}`}
      data-known={known ? (partial ? 'some' : 'all') : 'none'}
    >
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 font-medium">{name}</span>
        <span
          data-testid="nutrient-amount"
          className={cn('shrink-0 text-right tabular-nums', !known && 'text-fg-muted')}
        >
          {amountText}
        </span>
      </div>
      <div
        role="img"
        aria-label={t('barLabel', { name, amount: amountText, target: targetText ?? '' })}
        className="bg-muted h-1.5 overflow-hidden rounded-full"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width]',
            over ? 'bg-error' : target?.min === undefined ? 'bg-neutral' : 'bg-primary',
          )}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
      {notes.length > 0 || targetText ? (
        <div className="text-fg-muted flex justify-between gap-3 text-xs">
          <span className={cn(over && 'text-error-strong')}>{notes.join(' · ')}</span>
          {targetText ? <span className="shrink-0 text-right tabular-nums">{targetText}</span> : null}
        </div>
      ) : null}
    </li>
  );
}
