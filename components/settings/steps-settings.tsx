'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field, SavingInput } from '@/components/ui/field';
import { useSettings, useUpdateSettings } from '@/lib/data';
import { walkingKcal } from '@/lib/diary/walking';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useCalm } from '@/lib/hooks/use-calm';
import { LIMITS } from '@/lib/limits';
import { toast } from '@/lib/ui/toast-store';
import { typedNumberProblem, ungrouped } from '@/lib/ui/typed-number';
import { SwitchRow } from './switch-row';

/** The steps the settings' example is worked out for. */
const EXAMPLE_STEPS = 10_000;

/**
 * The day's steps goal, saved when the field is left if it is a whole count within the limit;
 * empty means none (the diary then shows the steps without a bar). And whether the walking of
 * the steps adds to the day's budget, with the formula named and what it gives at the user's
 * weight (lib/diary/walking.ts); not in calm mode, which shows no budget and no energy.
 */
export function StepsSettings() {
  const t = useTranslations('settings.steps');
  const tSettings = useTranslations('settings');
  const format = useFormatter();
  const { energy, bodyWeight } = useUnitFormat();
  const settings = useSettings().data;
  const updateSettings = useUpdateSettings();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  // The choice being saved; the saved settings once they have it (or the save failed).
  const [inBudget, setInBudget] = useState<boolean | null>(null);
  const calm = useCalm();
  if (!settings) return null;
  if (inBudget !== null && inBudget === settings.stepsInBudget) setInBudget(null);

  function chooseInBudget(stepsInBudget: boolean) {
    setInBudget(stepsInBudget);
    updateSettings.mutate(
      { stepsInBudget },
      {
        onError: () => {
          setInBudget(null);
          toast({ title: tSettings('saveFailed'), variant: 'error' });
        },
      },
    );
  }

  function save() {
    if (draft === null) return;
    const text = ungrouped(draft);
    if (text === '') {
      setError(undefined);
      if (settings!.stepsGoal !== null) updateSettings.mutate({ stepsGoal: null });
      return;
    }
    if (typedNumberProblem(text, { limit: LIMITS.stepsGoal, whole: true })) {
      setError(
        t('range', { min: format.number(LIMITS.stepsGoal.min), max: format.number(LIMITS.stepsGoal.max) }),
      );
      return;
    }
    setError(undefined);
    const goal = Number(text);
    if (goal !== settings!.stepsGoal) updateSettings.mutate({ stepsGoal: goal });
  }

  return (
    <div className="grid gap-4" data-testid="steps-settings">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id} label={t('stepsGoal')} error={error} hint={t('goalHint')}>
          <SavingInput
            id={id}
            inputMode="numeric"
            autoComplete="off"
            invalid={!!error}
            value={draft ?? (settings.stepsGoal === null ? '' : String(settings.stepsGoal))}
            placeholder={t('noGoal')}
            onChange={(event) => setDraft(event.target.value)}
            onSave={save}
          />
        </Field>
      </div>
      {calm ? null : (
        <>
          <SwitchRow
            label={t('inBudget')}
            hint={t('inBudgetHint')}
            checked={inBudget ?? settings.stepsInBudget}
            onCheckedChange={chooseInBudget}
          />
          <p className="text-fg-muted text-sm" data-testid="steps-in-budget-example">
            {settings.weight === null
              ? t('inBudgetNoWeight')
              : t('inBudgetExample', {
                  steps: format.number(EXAMPLE_STEPS),
                  weight: bodyWeight(settings.weight),
                  energy: energy(walkingKcal(EXAMPLE_STEPS, settings.weight, settings.height)),
                })}
          </p>
        </>
      )}
    </div>
  );
}
