'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { inputClass, parseDecimal } from '@/components/ui/field';
import { cn } from '@/lib/ui/cn';
import { useSettings, useUpdateSettings } from '@/lib/data';
import { NUTRIENTS, nutrientKeys, nutrientLimit, type NutrientKey } from '@/lib/diary/nutrients';
import {
  nutrientTargets,
  orderedTargets,
  sourceOfLocale,
  targetRefusal,
  type NutrientTarget,
  type NutrientTargets,
} from '@/lib/diary/nutrient-targets';
import type { Locale } from '@/lib/i18n/config';
import type { Settings } from '@/lib/schemas/settings';

type Side = 'min' | 'max';
type Drafts = Partial<Record<`${NutrientKey}.${Side}`, string>>;

function draftsOf(targets: NutrientTargets): Drafts {
  const drafts: Drafts = {};
  for (const key of nutrientKeys)
    for (const side of ['min', 'max'] as const) {
      const value = targets[key]?.[side];
      if (value !== undefined) drafts[`${key}.${side}`] = String(value);
    }
  return drafts;
}

/**
 * The user's own daily nutrient targets: each nutrient's "at least" and "at most", the source's
 * figure for their language, sex and age shown until one is typed. A figure is saved when its
 * field is left, if it reads and fits (at least no more than at most); clearing both of a
 * nutrient's fields returns it to the source's.
 */
export function NutrientTargetSettings() {
  const t = useTranslations('settings.nutrientTargets');
  const tN = useTranslations('nutrients');
  const format = useFormatter();
  const locale = useLocale() as Locale;
  const settings = useSettings().data;
  const updateSettings = useUpdateSettings();
  const listId = useId();
  const own = orderedTargets(settings?.nutrientTargets);
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(own));
  const [errors, setErrors] = useState<Partial<Record<NutrientKey, { message: string; sides: Side[] }>>>({});
  const source = sourceOfLocale(locale);
  const defaults = nutrientTargets(source, {
    sex: settings?.gender ?? null,
    age: settings?.age ?? null,
    goalKcal: settings?.currentGoal ?? 2000,
  });

  function save(key: NutrientKey) {
    const read = (side: Side) => {
      const text = drafts[`${key}.${side}`]?.trim() ?? '';
      return text === '' ? undefined : parseDecimal(text);
    };
    const min = read('min');
    const max = read('max');
    const limit = nutrientLimit(key, 'whole');
    const refusal = targetRefusal(min, max, limit);
    if (refusal) {
      const message = refusal.code === 'order' ? t('order') : t('range', { max: format.number(limit.max) });
      setErrors((current) => ({ ...current, [key]: { message, sides: refusal.sides } }));
      return;
    }
    setErrors((current) => ({ ...current, [key]: undefined }));
    const target: NutrientTarget = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    // This nutrient's target set in the latest targets, not in the ones this form last rendered:
    // a nutrient typed just before this one may not have reached them yet (issue 48).
    updateSettings.mutate((latest: Settings) => {
      const before = orderedTargets(latest.nutrientTargets);
      const next: NutrientTargets = { ...before, [key]: target };
      if (min === undefined && max === undefined) delete next[key];
      return JSON.stringify(orderedTargets(next)) === JSON.stringify(before)
        ? null
        : { nutrientTargets: orderedTargets(next) };
    });
  }

  function reset() {
    setDrafts({});
    setErrors({});
    updateSettings.mutate({ nutrientTargets: {} });
  }

  const ownCount = Object.keys(own).length;
  return (
    <div className="grid gap-3" data-testid="nutrient-target-settings">
      <p className="text-fg-muted text-sm">
        {t(`source.${source}`)} {ownCount > 0 ? t('ownCount', { count: ownCount }) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <Icon name="chevronDown" className={cn('text-lg transition-transform', open && 'rotate-180')} />
          {t('edit')}
        </Button>
        {ownCount > 0 ? (
          <Button type="button" variant="secondary" onClick={reset}>
            {t('reset')}
          </Button>
        ) : null}
      </div>
      {open ? (
        <ul id={listId} className="divide-border grid divide-y">
          <li
            aria-hidden="true"
            className="text-fg-muted grid grid-cols-[minmax(0,1fr)_6rem_6rem] gap-2 pb-2 text-right text-xs font-semibold"
          >
            <span />
            <span>{t('headMin')}</span>
            <span>{t('headMax')}</span>
          </li>
          {nutrientKeys.map((key) => {
            const unit = tN(`unitNames.${NUTRIENTS[key].unit}`);
            const name = tN(`names.${key}`);
            return (
              <li key={key} className="grid gap-1 py-2" data-testid={`target-${key}`}>
                <div className="grid grid-cols-[minmax(0,1fr)_6rem_6rem] items-center gap-2">
                  <span className="text-sm font-medium">
                    {name}, {unit}
                  </span>
                  {(['min', 'max'] as const).map((side) => {
                    const fallback = defaults[key]?.[side];
                    return (
                      <input
                        key={side}
                        aria-label={t(side, { name })}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder={fallback === undefined ? '—' : format.number(fallback)}
                        value={drafts[`${key}.${side}`] ?? ''}
                        aria-invalid={errors[key]?.sides.includes(side) ? true : undefined}
                        aria-describedby={
                          errors[key]?.sides.includes(side) ? `${listId}-${key}-error` : undefined
                        }
                        onChange={(event) =>
                          setDrafts((current) => ({ ...current, [`${key}.${side}`]: event.target.value }))
                        }
                        onBlur={() => save(key)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') save(key);
                        }}
                        className={cn(inputClass, 'h-10 text-right tabular-nums')}
                      />
                    );
                  })}
                </div>
                {errors[key] ? (
                  <p id={`${listId}-${key}-error`} role="alert" className="text-error-strong text-xs">
                    {errors[key].message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
