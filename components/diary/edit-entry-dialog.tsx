'use client';

import { useTranslations } from 'next-intl';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { isUndescribedQuickAdd, QUICK_ADD_NAME } from '@/lib/diary/entry-name';
import type { Meal } from '@/lib/diary/meals';
import { entryKcalPer100, quickAddEntry, reweighEntry } from '@/lib/diary/nutrition';
import { useChangeDay } from '@/lib/data';
import type { Entry } from '@/lib/schemas/entry';
import { EntryAmountForm, QuickAddEntryForm, type AmountMeasure, type QuickAddValues } from './entry-forms';
import { useEntryName } from '@/lib/hooks/use-entry-name';
import { useEntryMeasures } from '@/lib/hooks/use-entry-measures';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { energyIn, type EnergyUnit } from '@/lib/units/units';
import { entryMeasure, gramsEachOf } from '@/lib/diary/measures';
import { useDeleteEntryWithUndo } from './use-delete-entry';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';

/**
 * Changes an entry as completely as adding one: an amount in grams or measures with the preview,
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
  const changeDay = useChangeDay();
  const deleteWithUndo = useDeleteEntryWithUndo();
  const name = useEntryName(entry);
  const { units } = useUnitFormat();
  const [meal, setMeal] = useState<Meal>(entry.meal);
  const [error, setError] = useState<string | null>(null);

  function save(updated: Entry) {
    setError(null);
    changeDay.mutate(
      { date, change: { kind: 'putEntry', entry: updated } },
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
    pending: changeDay.isPending,
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
          initial={quickAddValues(entry, units.energy)}
          entryFor={({ name: typed, nutrients, ...totals }, now) =>
            quickAddEntry(
              typed || QUICK_ADD_NAME,
              totals,
              { id: entry.id, meal, now, loggedAt: entry.loggedAt },
              nutrients,
            )
          }
        />
      ) : (
        <FoodEntryForm entry={entry} name={name} {...common} />
      )}
    </Dialog>
  );
}

function quickAddValues(entry: Entry, energy: EnergyUnit): QuickAddValues {
  return {
    // A quick add without a description shows the empty field it was logged with.
    name: isUndescribedQuickAdd(entry) ? '' : entry.name,
    // The figures the day counts, 0 included: an empty macro field would say "not known" where
    // the diary adds 0 g.
    kcal: String(energyIn(entry.kcal, energy)),
    protein: String(entry.protein),
    fat: String(entry.fat),
    carbs: String(entry.carbs),
    nutrients: entry.nutrients,
  };
}

type FoodEntryFormProps = Omit<
  ComponentProps<typeof EntryAmountForm>,
  'name' | 'detail' | 'measures' | 'initialAmount' | 'initialMeasure' | 'entryFor'
> & { entry: Entry; name: string };

/** An entry of a food: its amount in grams, or in a measure of the food or the one it was counted in. */
function FoodEntryForm({ entry, name, meal, ...props }: FoodEntryFormProps) {
  const t = useTranslations('diary');
  const { energy } = useUnitFormat();
  const calm = useCalm();
  const { measures, initial } = useEntryAmountMeasures(entry);
  const per100 = calm ? null : entryKcalPer100(entry);

  return (
    <EntryAmountForm
      {...props}
      meal={meal}
      name={name}
      detail={per100 === null ? null : t('per100', { energy: energy(per100, 1) })}
      measures={measures}
      initialAmount={entry.amount}
      initialMeasure={initial}
      entryFor={(amount, measure, now) => ({ ...reweighEntry(entry, amount, measure, now), meal })}
    />
  );
}

/**
 * The measures an entry's amount can be counted in: its food's (while the food is there), and
 * the one it was counted in, named when the food still has it, else by its weight alone; with
 * the index of the one it is counted in (null for grams).
 */
function useEntryAmountMeasures(entry: Entry): { measures: AmountMeasure[]; initial: number | null } {
  const measures = useEntryMeasures(entry);
  const gramsEach = gramsEachOf(entry);
  if (gramsEach === null) return { measures, initial: null };
  const named = entryMeasure(entry, measures);
  if (named) return { measures, initial: measures.indexOf(named) };
  // Unrounded, so the same amount saved again weighs exactly what it did.
  return { measures: [{ label: null, grams: gramsEach }, ...measures], initial: 0 };
}
