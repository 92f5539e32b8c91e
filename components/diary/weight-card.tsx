'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, parseDecimal } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { useSetWeight } from '@/lib/queries/use-diary';
import { StorageFullError } from '@/lib/repositories/types';
import { inRange, WEIGHT_KG } from '@/lib/diary/limits';
import { useFormatNumber } from './use-format-number';

/** The day's body weight, logged with the scale button. */
export function WeightCard({ date, weight }: { date: string; weight: number | null }) {
  const t = useTranslations('diary');
  const tErrors = useTranslations('food.errors');
  const formatNumber = useFormatNumber();
  const setWeight = useSetWeight();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  function openDialog() {
    setText(weight === null ? '' : String(weight));
    setError(null);
    setOpen(true);
  }

  function save(value: number | null) {
    setWeight.mutate(
      { date, weight: value },
      {
        onSuccess: () => setOpen(false),
        onError: (failure) =>
          setError(failure instanceof StorageFullError ? t('storageFull') : t('saveFailed')),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const weight = Math.round(parseDecimal(text) * 10) / 10;
    if (!inRange(weight, WEIGHT_KG)) {
      setError(tErrors('weightRange'));
      return;
    }
    save(weight);
  }

  return (
    <section className="border-border bg-surface flex items-center gap-3 rounded-2xl border px-4 py-3">
      <span className="bg-muted text-fg-muted grid size-10 place-items-center rounded-xl text-xl">
        <Icon name="scale" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-fg-muted text-xs">{t('weight')}</p>
        <p className="font-semibold tabular-nums" data-testid="day-weight">
          {weight === null ? '—' : t('weightValue', { value: formatNumber(weight) })}
        </p>
      </div>
      <Button type="button" variant="secondary" size="sm" onClick={openDialog}>
        {t('logWeight')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('logWeight')}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field id={inputId} label={t('weightLabel')} error={error ?? undefined}>
            <Input
              id={inputId}
              inputMode="decimal"
              autoFocus
              invalid={!!error}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </Field>
          <div className="flex justify-end gap-2">
            {weight !== null ? (
              <Button type="button" variant="ghost" onClick={() => save(null)}>
                {t('clearWeight')}
              </Button>
            ) : null}
            <Button type="submit" disabled={setWeight.isPending}>
              {t('save')}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
