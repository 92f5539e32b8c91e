'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, inputClass, parseDecimal } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { rescaleEntry } from '@/lib/diary/nutrition';
import { useDeleteEntry, usePutEntry } from '@/lib/queries/use-diary';
import { StorageFullError } from '@/lib/repositories/types';
import { meals, type Meal } from '@/lib/diary/meals';
import type { Entry } from '@/lib/schemas/entry';
import { toast } from '@/lib/toast-store';
import { useFormatNumber } from './use-format-number';

/** One entry: name, amount, kcal; tap to edit the amount or meal; trash to delete with Undo. */
export function EntryRow({ entry, date }: { entry: Entry; date: string }) {
  const t = useTranslations('diary');
  const formatNumber = useFormatNumber();
  const deleteEntry = useDeleteEntry();
  const putEntry = usePutEntry();
  const [editing, setEditing] = useState(false);

  const amountText =
    entry.unit === 'kcal'
      ? t('kcal', { value: formatNumber(entry.kcal) })
      : entry.unit === 'serving'
        ? `${formatNumber(entry.amount)} × ${t('grams', { value: formatNumber((entry.grams ?? 0) / Math.max(entry.amount, 0.0001)) })}`
        : t('grams', { value: formatNumber(entry.amount) });

  function remove() {
    deleteEntry.mutate(
      { date, entryId: entry.id },
      {
        onSuccess: () =>
          toast({
            title: t('deleted'),
            description: entry.name,
            action: { label: t('undo'), onClick: () => putEntry.mutate({ date, entry }) },
          }),
      },
    );
  }

  return (
    <li className="group flex items-center gap-2" data-testid="entry-row">
      <button
        type="button"
        onClick={() => setEditing(true)}
        className="hover:bg-muted flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-left"
        aria-label={`${t('editEntry')}: ${entry.name}`}
      >
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{entry.name}</span>
          <span className="text-fg-muted block text-xs tabular-nums">{amountText}</span>
        </span>
        <span className="text-sm font-semibold tabular-nums">{formatNumber(entry.kcal)}</span>
      </button>
      <button
        type="button"
        onClick={remove}
        aria-label={t('deleteEntry', { name: entry.name })}
        className="text-fg-muted hover:bg-muted hover:text-error grid size-10 shrink-0 cursor-pointer place-items-center rounded-xl text-lg"
      >
        <Icon name="trash" />
      </button>
      {editing ? <EditEntryDialog entry={entry} date={date} onClose={() => setEditing(false)} /> : null}
    </li>
  );
}

function EditEntryDialog({ entry, date, onClose }: { entry: Entry; date: string; onClose: () => void }) {
  const t = useTranslations('diary');
  const tErrors = useTranslations('food.errors');
  const putEntry = usePutEntry();
  const amountId = useId();
  const mealId = useId();
  const [amountText, setAmountText] = useState(String(entry.amount));
  const [meal, setMeal] = useState<Meal>(entry.meal);
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const amount = parseDecimal(amountText);
  const valid = Number.isFinite(amount) && amount > 0 && amount <= 100_000;
  const unitLabel = entry.unit === 'kcal' ? t('kcalShort') : entry.unit === 'serving' ? '×' : t('unitGrams');

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    const updated = { ...rescaleEntry(entry, amount, new Date().toISOString()), meal };
    putEntry.mutate(
      { date, entry: updated },
      {
        onSuccess: onClose,
        onError: (failure) =>
          setError(failure instanceof StorageFullError ? t('storageFull') : t('saveFailed')),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('editEntry')} description={entry.name}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field
          id={amountId}
          label={`${t('amount')} (${unitLabel})`}
          error={touched && !valid ? tErrors('amountRange') : undefined}
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
        <Field id={mealId} label={t('meal')}>
          <select
            id={mealId}
            value={meal}
            onChange={(event) => setMeal(event.target.value as Meal)}
            className={inputClass}
          >
            {meals.map((option) => (
              <option key={option} value={option}>
                {t(`meals.${option}`)}
              </option>
            ))}
          </select>
        </Field>
        {error ? (
          <p role="alert" className="border-error/40 bg-error/10 rounded-xl border px-3.5 py-2.5 text-sm">
            {error}
          </p>
        ) : null}
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
