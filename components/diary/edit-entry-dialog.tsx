'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { isUndescribedQuickAdd, QUICK_ADD_NAME } from '@/lib/diary/entry-name';
import type { Meal } from '@/lib/diary/meals';
import { entryKcalPer100, quickAddEntry, reweighEntry } from '@/lib/diary/nutrition';
import { useFoods, usePutEntry } from '@/lib/data';
import type { Locale } from '@/lib/i18n/config';
import type { Entry } from '@/lib/schemas/entry';
import { EntryAmountForm, QuickAddEntryForm, type QuickAddValues } from './entry-forms';
import { useCatalogFood, useEntryName } from '@/lib/hooks/use-entry-name';
import { useDeleteEntryWithUndo } from './use-delete-entry';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useServingLabel } from '@/lib/hooks/use-serving-label';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';

/**
 * Changes an entry as completely as adding one: an amount in grams or servings with the preview,
 * the meal, a quick add's description and figures, and Delete (with the row's Undo). The entry's
 * nutrition scales from its own figures, so a food changed or deleted since never rewrites it.
 */
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
  const putEntry = usePutEntry();
  const deleteWithUndo = useDeleteEntryWithUndo();
  const name = useEntryName(entry);
  const [meal, setMeal] = useState<Meal>(entry.meal);
  const [error, setError] = useState<string | null>(null);

  function save(updated: Entry) {
    setError(null);
    putEntry.mutate(
      { date, entry: updated },
      { onSuccess: onClose, onError: (failure) => setError(refusalMessage(failure)) },
    );
  }

  function remove() {
    deleteWithUndo(date, entry, name, onClose);
  }

  const common = {
    meal,
    onMealChange: setMeal,
    onSubmit: save,
    pending: putEntry.isPending,
    error,
    submitLabel: t('save'),
    submitIcon: 'check' as const,
    secondary: (
      <Button type="button" variant="secondary" size="lg" onClick={remove} className="hover:text-error">
        <Icon name="trash" className="text-lg" />
        {t('delete')}
      </Button>
    ),
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('editEntry')}
      description={entry.unit === 'kcal' ? name : undefined}
      closeOnBack
    >
      {entry.unit === 'kcal' ? (
        <QuickAddEntryForm
          {...common}
          initial={quickAddValues(entry)}
          entryFor={({ name: typed, ...totals }, now) =>
            quickAddEntry(typed || QUICK_ADD_NAME, totals, {
              id: entry.id,
              meal,
              now,
              loggedAt: entry.loggedAt,
            })
          }
        />
      ) : (
        <FoodEntryForm entry={entry} name={name} {...common} />
      )}
    </Dialog>
  );
}

function quickAddValues(entry: Entry): QuickAddValues {
  return {
    // A quick add without a description shows the empty field it was logged with.
    name: isUndescribedQuickAdd(entry) ? '' : entry.name,
    // The figures the day counts, 0 included: an empty macro field would say "not known" where
    // the diary adds 0 g.
    kcal: String(entry.kcal),
    protein: String(entry.protein),
    fat: String(entry.fat),
    carbs: String(entry.carbs),
  };
}

type FoodEntryFormProps = Omit<
  ComponentProps<typeof EntryAmountForm>,
  'name' | 'detail' | 'serving' | 'initialAmount' | 'initialUnit' | 'entryFor'
> & { entry: Entry; name: string };

/** An entry of a food: its amount in grams, or in servings when the serving is known. */
function FoodEntryForm({ entry, name, meal, ...props }: FoodEntryFormProps) {
  const t = useTranslations('diary');
  const locale = useLocale() as Locale;
  const formatNumber = useFormatNumber();
  const servingLabel = useServingLabel();
  const serving = useEntryServing(entry, locale);
  const per100 = entryKcalPer100(entry);

  return (
    <EntryAmountForm
      {...props}
      meal={meal}
      name={name}
      detail={per100 === null ? null : t('per100', { kcal: formatNumber(per100) })}
      serving={
        serving
          ? {
              grams: serving.grams,
              option: serving.label
                ? t('unitServing', { label: servingLabel(serving.label), grams: formatNumber(serving.grams) })
                : t('unitServings', { grams: formatNumber(serving.grams) }),
            }
          : null
      }
      initialAmount={entry.amount}
      initialUnit={entry.unit === 'serving' && serving ? 'serving' : 'g'}
      entryFor={(amount, unit, now) => ({ ...reweighEntry(entry, amount, unit, serving, now), meal })}
    />
  );
}

/**
 * The serving an entry's amount can be counted in: the one it was logged with (its weight
 * follows from the entry; its name from the food, while the food still has it), else the food's
 * serving; null when the food is gone and the entry was weighed in grams, so grams only.
 */
function useEntryServing(entry: Entry, locale: Locale): { label: string | null; grams: number } | null {
  const foods = useFoods().data;
  const catalogFood = useCatalogFood(entry);
  const own = typeof entry.food === 'number' ? foods?.find((food) => food.id === entry.food) : undefined;
  const foodServing =
    own?.serving ??
    (catalogFood?.serving ? { label: catalogFood.serving[locale], grams: catalogFood.serving.grams } : null);
  if (entry.unit === 'serving' && entry.amount > 0 && entry.grams) {
    // Unrounded, so the same amount saved again weighs exactly what it did.
    const grams = entry.grams / entry.amount;
    // Only the serving the entry was logged with: a rounding apart, not a changed one.
    const same = foodServing && Math.abs(foodServing.grams - grams) < 0.05;
    return { label: same ? foodServing.label : null, grams };
  }
  return foodServing;
}
