'use client';

import { useTranslations } from 'next-intl';
import { useId, useLayoutEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, parseDecimal } from '@/components/ui/field';
import { FigureInput } from '@/components/ui/figure-input';
import { addDays } from '@/lib/diary/dates';
import { inRange, WEIGHT_KG } from '@/lib/limits';
import { InvalidDataError, useChangeDay } from '@/lib/data';
import { takeTyped } from '@/lib/ui/typing-buffer';
import { useWeightUnits } from '@/lib/hooks/use-units';
import { kgOfText, type TypedFigure } from '@/lib/units/units';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useLastLoggedWeight } from '@/lib/hooks/use-last-logged-weight';

type WeightDialogProps = { date: string; weight: number | null; onClose: () => void };

/**
 * Logs (or clears) the day's body weight, 20-500 kg, typed in the user's units (kg, lb, or st
 * and lb); "72,5" is read as 72.5. A day without one starts from the weight logged last,
 * selected, so the same weight is one tap and a new one simply typed over it.
 */
export function WeightDialog({ date, weight, onClose }: WeightDialogProps) {
  const t = useTranslations('diary');
  const refusalMessage = useRefusalMessage();
  const weightUnits = useWeightUnits();
  const changeDay = useChangeDay();
  const inputId = useId();
  const last = useLastLoggedWeight(addDays(date, -1), weight === null);
  // What the user typed; until then, the day's weight or the last one (which may arrive later).
  const [typed, setTyped] = useState<TypedFigure | null>(null);
  const start = weight ?? last?.weight ?? null;
  const text = typed ?? (start === null ? { main: '', part: '' } : weightUnits.text(start));
  const [error, setError] = useState<string | null>(null);
  const hint = last ? t('lastWeight', last.text) : undefined;

  function save(value: number | null) {
    changeDay.mutate(
      { date, change: { kind: 'setWeight', weight: value } },
      {
        onSuccess: onClose,
        onError: (failure) => setError(refusalMessage(failure)),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    saveText(text);
  }

  function saveText(value: TypedFigure) {
    setError(null);
    const kg = kgOfText(value, weightUnits.system, parseDecimal);
    if (!inRange(kg, WEIGHT_KG)) {
      setError(refusalMessage(new InvalidDataError('weight', 'weightRange')));
      return;
    }
    save(kg);
  }

  // The keys typed while the dialog opened (WeightCard started the buffer), taken in the commit
  // that focuses the field; Enter among them saves what was typed, as it would in the field.
  useLayoutEffect(() => {
    const kept = takeTyped();
    if (!kept.text) return;
    const keptText = { main: kept.text, part: '' };
    // eslint-disable-next-line react-hooks/set-state-in-effect -- an outside buffer, read once at mount
    setTyped(keptText);
    if (kept.enter) saveText(keptText);
    // Once, at mount: saveText only needs the text passed to it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('logWeight')} closeOnBack>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          id={inputId}
          label={t('weightLabel', { unit: weightUnits.label })}
          error={error ?? undefined}
          hint={hint}
        >
          <FigureInput
            id={inputId}
            units={weightUnits.fields}
            label={t('weight')}
            autoFocus
            invalid={!!error}
            value={text}
            onFocus={(event) => event.currentTarget.select()}
            onChange={setTyped}
          />
        </Field>
        <div className="flex justify-end gap-2">
          {weight !== null ? (
            <Button type="button" variant="ghost" onClick={() => save(null)}>
              {t('clearWeight')}
            </Button>
          ) : null}
          <Button type="submit" disabled={changeDay.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
