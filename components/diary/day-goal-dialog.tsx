'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, parseDecimal } from '@/components/ui/field';
import { InvalidDataError, useChangeDay } from '@/lib/data';
import { GOAL_KCAL, inRange } from '@/lib/limits';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { energyIn, goalKcalFrom } from '@/lib/units/units';

type DayGoalDialogProps = { date: string; goal: number; onClose: () => void };

/** Changes one day's own goal, from the diary; the goal in the settings stays as it is. */
export function DayGoalDialog({ date, goal, onClose }: DayGoalDialogProps) {
  const t = useTranslations('diary');
  const refusalMessage = useRefusalMessage();
  const changeDay = useChangeDay();
  const inputId = useId();
  const { units, energyName } = useUnitFormat();
  const [text, setText] = useState(String(energyIn(goal, units.energy)));
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = goalKcalFrom(parseDecimal(text), units.energy);
    if (!Number.isInteger(value) || !inRange(value, GOAL_KCAL)) {
      setError(refusalMessage(new InvalidDataError('goal', 'goalRange')));
      return;
    }
    changeDay.mutate(
      { date, change: { kind: 'setGoal', goal: value } },
      { onSuccess: onClose, onError: (failure) => setError(refusalMessage(failure)) },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('dayGoal')} closeOnBack>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          id={inputId}
          label={t('dayGoalLabel', { unit: energyName })}
          error={error ?? undefined}
          hint={t('dayGoalHint')}
        >
          <Input
            id={inputId}
            inputMode="numeric"
            autoFocus
            invalid={!!error}
            value={text}
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={changeDay.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
