'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field, SavingInput } from '@/components/ui/field';
import { useSettings, useUpdateSettings } from '@/lib/data';
import { LIMITS } from '@/lib/limits';
import { typedNumberProblem, ungrouped } from '@/lib/ui/typed-number';

/**
 * The day's steps goal, saved when the field is left if it is a whole count within the limit;
 * empty means none (the diary then shows the steps without a bar).
 */
export function StepsSettings() {
  const t = useTranslations('settings.steps');
  const format = useFormatter();
  const settings = useSettings().data;
  const updateSettings = useUpdateSettings();
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (!settings) return null;

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
    <div className="grid gap-4 sm:grid-cols-2" data-testid="steps-settings">
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
  );
}
