'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, parseDecimal } from '@/components/ui/field';
import type { Meal } from '@/lib/diary/meals';
import { rescaleEntry } from '@/lib/diary/nutrition';
import { entryRefusal, usePutEntry } from '@/lib/data';
import type { Entry } from '@/lib/schemas/entry';
import { FormError } from '@/components/ui/form-error';
import { MealSelect } from './meal-select';
import { useFormatNumber } from './use-format-number';
import { useRefusalMessage } from './use-refusal-message';

/** Changes an entry's amount (its nutrition scales from its own figures) or moves it to another meal. */
export function EditEntryDialog({
  entry,
  date,
  onClose,
}: {
  entry: Entry;
  date: string;
  onClose: () => void;
}) {
  const t = useTranslations('diary');
  const refusalMessage = useRefusalMessage();
  const tErrors = useTranslations('food.errors');
  const putEntry = usePutEntry();
  const formatNumber = useFormatNumber();
  const amountId = useId();
  const [amountText, setAmountText] = useState(String(entry.amount));
  const [meal, setMeal] = useState<Meal>(entry.meal);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const amount = parseDecimal(amountText);
  const draft =
    Number.isFinite(amount) && amount > 0 ? { ...rescaleEntry(entry, amount, entry.updatedAt), meal } : null;
  // The same check as storage's, so the dialog never accepts an amount storage refuses.
  const refusal = draft ? entryRefusal(draft) : null;
  const valid = draft !== null && refusal === null;
  // A serving's weight is not stored with the entry, but its grams per serving follow from it.
  const unitLabel =
    entry.unit === 'kcal'
      ? t('kcalShort')
      : entry.unit === 'serving'
        ? t('unitServings', { grams: formatNumber((entry.grams ?? 0) / entry.amount) })
        : t('unitGrams');

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    const updated = { ...rescaleEntry(entry, amount, new Date().toISOString()), meal };
    putEntry.mutate(
      { date, entry: updated },
      {
        onSuccess: onClose,
        onError: (failure) => setError(refusalMessage(failure)),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('editEntry')} description={entry.name}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          id={amountId}
          label={`${t('amount')} (${unitLabel})`}
          error={touched && !valid ? (refusal ? refusalMessage(refusal) : tErrors('amountRange')) : undefined}
        >
          <Input
            id={amountId}
            inputMode="decimal"
            autoFocus
            invalid={touched && !valid}
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
          />
        </Field>
        <MealSelect value={meal} onChange={setMeal} />
        <FormError>{error}</FormError>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={putEntry.isPending}>
            {t('save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
