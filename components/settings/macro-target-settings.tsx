'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, parseDecimal, SavingInput } from '@/components/ui/field';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useSettings, useUpdateSettings } from '@/lib/data';
import {
  DEFAULT_MACRO_SPLIT as DEFAULT_SPLIT,
  KCAL_PER_GRAM,
  macroKeys,
  type MacroKey,
  type MacroTargets,
} from '@/lib/diary/day-summary';
import { inRange, LIMITS } from '@/lib/limits';
import { cn } from '@/lib/ui/cn';
import { toast } from '@/lib/ui/toast-store';

type Unit = MacroTargets['unit'];

/** `targets` in the other unit at `goal` kcal: grams of a share, or whole shares adding up to 100. */
function convert(targets: MacroTargets, unit: Unit, goal: number): MacroTargets {
  if (targets.unit === unit) return targets;
  if (unit === 'grams') {
    const grams = (key: MacroKey) => Math.round((goal * targets[key]) / 100 / KCAL_PER_GRAM[key]);
    return { unit, protein: grams('protein'), fat: grams('fat'), carbs: grams('carbs') };
  }
  const kcal = macroKeys.map((key) => targets[key] * KCAL_PER_GRAM[key]);
  const total = kcal.reduce((sum, value) => sum + value, 0) || 1;
  const protein = Math.round((kcal[0]! / total) * 100);
  const fat = Math.round((kcal[1]! / total) * 100);
  return { unit, protein, fat, carbs: 100 - protein - fat };
}

/**
 * The macros' daily targets, the summary card's "of 100 g": a split of the goal's kcal in whole
 * percents adding up to 100 (which follows the goal, a weekday's too), or grams a day whatever
 * the goal. Saved when a field is left and the three hold together; Reset returns to the
 * default 20 % protein, 30 % fat, 50 % carbs.
 */
export function MacroTargetSettings() {
  const t = useTranslations('settings.macroTargets');
  const tStats = useTranslations('stats');
  const format = useFormatter();
  const settings = useSettings().data;
  const updateSettings = useUpdateSettings();
  const idBase = useId();
  const saved = settings?.macroTargets ?? null;
  const [unit, setUnit] = useState<Unit | null>(null);
  const [drafts, setDrafts] = useState<Partial<Record<MacroKey, string>>>({});
  if (!settings) return null;
  const shownUnit = unit ?? saved?.unit ?? 'percent';
  const start = convert(saved ?? DEFAULT_SPLIT, shownUnit, settings.currentGoal);
  const text = (key: MacroKey) => drafts[key] ?? String(start[key]);
  const typed = Object.fromEntries(macroKeys.map((key) => [key, parseDecimal(text(key))])) as Record<
    MacroKey,
    number
  >;
  const sum = typed.protein + typed.fat + typed.carbs;
  const limit = shownUnit === 'percent' ? LIMITS.macroTargetPercent : LIMITS.macroTargetGrams;
  const outOfRange = macroKeys.filter(
    (key) => !inRange(typed[key], limit) || (shownUnit === 'percent' && !Number.isInteger(typed[key])),
  );
  const sumWrong = shownUnit === 'percent' && outOfRange.length === 0 && sum !== 100;

  function save() {
    if (outOfRange.length > 0 || sumWrong) return;
    const next: MacroTargets = { unit: shownUnit, ...typed };
    if (JSON.stringify(next) === JSON.stringify(saved)) return;
    updateSettings.mutate(
      { macroTargets: next },
      { onError: () => toast({ title: t('saveFailed'), variant: 'error' }) },
    );
  }

  function chooseUnit(next: Unit) {
    // The fields follow in the new unit, from what they hold now when it reads.
    const current: MacroTargets =
      outOfRange.length === 0 ? { unit: shownUnit, ...typed } : (saved ?? DEFAULT_SPLIT);
    const converted = convert(current, next, settings!.currentGoal);
    setUnit(next);
    setDrafts(Object.fromEntries(macroKeys.map((key) => [key, String(converted[key])])));
  }

  function reset() {
    setUnit(null);
    setDrafts({});
    updateSettings.mutate({ macroTargets: null });
  }

  const unitName = shownUnit === 'percent' ? '%' : t('grams');
  return (
    <div className="grid gap-4" data-testid="macro-target-settings">
      <ToggleGroup
        aria-label={t('unit')}
        value={shownUnit}
        onValueChange={(next) => (next === 'percent' || next === 'grams') && chooseUnit(next)}
        size="sm"
      >
        <ToggleGroupItem value="percent">{t('percent')}</ToggleGroupItem>
        <ToggleGroupItem value="grams">{t('gramsOption')}</ToggleGroupItem>
      </ToggleGroup>
      <div className="grid grid-cols-3 gap-3">
        {macroKeys.map((key) => (
          <Field
            key={key}
            id={`${idBase}-${key}`}
            label={`${tStats(key)}, ${unitName}`}
            error={outOfRange.includes(key) && drafts[key] !== undefined ? t('range', limit) : undefined}
          >
            <SavingInput
              id={`${idBase}-${key}`}
              inputMode="decimal"
              autoComplete="off"
              invalid={outOfRange.includes(key) && drafts[key] !== undefined}
              value={text(key)}
              onChange={(event) => setDrafts((current) => ({ ...current, [key]: event.target.value }))}
              onSave={save}
            />
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          className={cn('text-sm', sumWrong ? 'text-error-strong font-medium' : 'text-fg-muted')}
          data-testid="macro-target-status"
          aria-live="polite"
        >
          {shownUnit === 'percent'
            ? sumWrong
              ? t('sumWrong', { sum: format.number(sum) })
              : t('percentHint')
            : t('gramsHint')}
        </p>
        {saved ? (
          <Button type="button" variant="secondary" size="sm" onClick={reset}>
            {t('reset')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
