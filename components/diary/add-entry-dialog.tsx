'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useHistoryLayer } from '@/lib/hooks/use-history-layer';
import { loggableFromFood } from '@/lib/diary/loggable';
import { defaultPick, entryFromFood, quickAddEntry, type FoodPick } from '@/lib/diary/nutrition';
import { sameMeasure } from '@/lib/diary/measures';
import { isUndescribedQuickAdd, QUICK_ADD_NAME } from '@/lib/diary/entry-name';
import { useChangeDay, useCreateFood, useDeleteEntries } from '@/lib/data';
import { useAddEntriesWithUndo } from './use-add-entries';
import { FoodForm } from '@/components/food/food-form';
import type { Meal } from '@/lib/diary/meals';
import { useMeals } from '@/lib/hooks/use-meals';
import { toast } from '@/lib/ui/toast-store';
import { newId } from '@/lib/browser/uuid';
import { FoodSearch } from './food-search';
import { EntryAmountForm, QuickAddEntryForm } from './entry-forms';
import { SeveralFoodsForm, type SeveralItem } from './several-foods-form';
import { DescribeMeal } from './describe-meal';
import type { Entry } from '@/lib/schemas/entry';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useCatalogNutrients } from '@/lib/hooks/use-catalog-nutrients';
import { withKnown } from '@/lib/diary/nutrients';
import type { Food } from '@/lib/schemas/food';
import { BarcodeButton } from '@/components/barcode/barcode-button';

// The barcode step (camera, barcode reader, product lookup) loads only when it is opened.
const BarcodeStep = dynamic(
  () => import('@/components/barcode/barcode-step').then((module) => module.BarcodeStep),
  {
    ssr: false,
  },
);

type Step =
  | { kind: 'search' }
  | ({ kind: 'amount' } & FoodPick & { error?: string })
  | { kind: 'several'; items: SeveralItem[]; heading?: string }
  | { kind: 'describe'; text: string }
  | { kind: 'quick' }
  | { kind: 'create'; name: string }
  | { kind: 'barcode' };

type AddEntryDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date: string;
  meal: Meal;
  /** What the search starts with (the command palette's "Log …"). */
  query?: string;
};

/**
 * Logging food: search the user's foods and the catalog (favourites and recent first), pick an
 * amount in grams or in one of the food's measures with a live preview, or quick-add kcal without a food.
 */
export function AddEntryDialog({
  open,
  onOpenChange,
  date,
  meal: initialMeal,
  query = '',
}: AddEntryDialogProps) {
  const t = useTranslations('diary');
  const tFood = useTranslations('food');
  const createFood = useCreateFood();
  const [step, setStep] = useState<Step>({ kind: 'search' });
  // The search's text, kept when a step returns to it (Describe a meal's "Search for …").
  const [searchText, setSearchText] = useState(query);
  // Mounted afresh for every opening (see DashboardView), so the state starts clean each time.
  const [meal, setMeal] = useState<Meal>(initialMeal);
  const mealName = useMeals().nameOf;

  // A step past the search holds an entry in the browser's history: Back returns to the search.
  useHistoryLayer(step.kind !== 'search', () => setStep({ kind: 'search' }));

  const tBarcode = useTranslations('barcode');
  const title =
    step.kind === 'quick'
      ? t('quickAdd')
      : step.kind === 'create'
        ? tFood('newFood')
        : step.kind === 'barcode'
          ? tBarcode('title')
          : t('addTo', { meal: mealName(meal) });
  // A scanned product becomes a food of the library; it is then logged like any other.
  const logFood = (food: Food) => setStep({ kind: 'amount', ...defaultPick(loggableFromFood(food)) });
  const logNow = useLogNow(date, () => onOpenChange(false));
  const addEntries = useAddEntriesWithUndo();
  const refusalMessage = useRefusalMessage();

  /** Same as yesterday: the meal's entries logged again, with an undo. */
  function repeat(entries: Entry[]) {
    addEntries.add(date, entries, {
      title: (count) => t('added', { count }),
      onDone: () => onOpenChange(false),
      onError: (failure) => toast({ title: refusalMessage(failure), variant: 'error' }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} closeOnBack>
      {step.kind === 'search' ? (
        <FoodSearch
          key={searchText}
          date={date}
          meal={meal}
          initialQuery={searchText}
          onPick={(pick) => setStep({ kind: 'amount', ...pick })}
          onLog={(pick, named) =>
            // A save refused (a full storage, a day at its limit) opens the amount step to say why.
            logNow(pick, named ?? meal, (error) => {
              setMeal(named ?? meal);
              setStep({ kind: 'amount', ...pick, error });
            })
          }
          onDescribe={(text) => setStep({ kind: 'describe', text })}
          onRepeat={repeat}
          onQuickAdd={() => setStep({ kind: 'quick' })}
          actions={<BarcodeButton onClick={() => setStep({ kind: 'barcode' })} />}
          onCreate={(name) => setStep({ kind: 'create', name })}
          onPickSeveral={(items, heading) => setStep({ kind: 'several', items, heading })}
        />
      ) : step.kind === 'describe' ? (
        <DescribeMeal
          date={date}
          meal={meal}
          onMealChange={setMeal}
          initialText={step.text}
          onBack={() => setStep({ kind: 'search' })}
          onSearch={(words) => {
            setSearchText(words);
            setStep({ kind: 'search' });
          }}
          onDone={() => onOpenChange(false)}
        />
      ) : step.kind === 'barcode' ? (
        <BarcodeStep onBack={() => setStep({ kind: 'search' })} onFood={logFood} />
      ) : step.kind === 'create' ? (
        <FoodForm
          food={{ name: step.name }}
          submitLabel={tFood('create')}
          onCancel={() => setStep({ kind: 'search' })}
          onSubmit={async (input) => logFood(await createFood.mutateAsync(input))}
        />
      ) : step.kind === 'several' ? (
        <SeveralFoodsForm
          items={step.items}
          heading={step.heading}
          date={date}
          meal={meal}
          onMealChange={setMeal}
          onBack={() => setStep({ kind: 'search' })}
          onDone={() => onOpenChange(false)}
        />
      ) : step.kind === 'amount' ? (
        <AmountForm
          key={String(step.food.ref)}
          step={step}
          date={date}
          meal={meal}
          onMealChange={setMeal}
          onBack={() => setStep({ kind: 'search' })}
          onDone={() => onOpenChange(false)}
        />
      ) : (
        <QuickAddForm
          date={date}
          meal={meal}
          onMealChange={setMeal}
          onBack={() => setStep({ kind: 'search' })}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

/**
 * Logs a food at once with the amount a query said ("2 slices of bread" and Enter), with its
 * catalog nutrients, and offers an undo. `onRefused` gets the message of a refused save (a full
 * storage, a day at its limit). A second call while one is on its way is ignored: Enter pressed
 * twice logs once.
 */
function useLogNow(date: string, onDone: () => void) {
  const t = useTranslations('diary');
  const refusalMessage = useRefusalMessage();
  const changeDay = useChangeDay();
  const deleteEntries = useDeleteEntries();
  const extra = useCatalogNutrients([]);
  const [busy, setBusy] = useState(false);
  return (pick: FoodPick, meal: Meal, onRefused: (message: string) => void) => {
    if (busy) return;
    setBusy(true);
    const { food } = pick;
    void (food.nutrients ? Promise.resolve(food.nutrients) : extra.whenLoaded(food.ref)).then((nutrients) => {
      const entry = entryFromFood({ ...food, nutrients }, pick.amount, pick.measure, {
        id: newId(),
        meal,
        now: new Date().toISOString(),
      });
      changeDay.mutate(
        { date, change: { kind: 'putEntry', entry } },
        {
          onSuccess: () => {
            toast({
              title: t('saved'),
              description: entry.name,
              variant: 'success',
              action: {
                label: t('undo'),
                onClick: () => deleteEntries.mutate({ date, entryIds: [entry.id] }),
              },
            });
            onDone();
          },
          onError: (failure) => onRefused(refusalMessage(failure)),
          onSettled: () => setBusy(false),
        },
      );
    });
  };
}

/** Saves an entry; a full storage keeps the dialog and what was typed, with a clear message. */
function useSaveEntry(date: string, onDone: () => void) {
  const t = useTranslations('diary');
  const refusalMessage = useRefusalMessage();
  const changeDay = useChangeDay();
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    pending: changeDay.isPending,
    save(entry: Entry) {
      setError(null);
      changeDay.mutate(
        { date, change: { kind: 'putEntry', entry } },
        {
          onSuccess: () => {
            const name = isUndescribedQuickAdd(entry) ? t('quickAddName') : entry.name;
            toast({ title: t('saved'), description: name, variant: 'success' });
            onDone();
          },
          onError: (failure) => setError(refusalMessage(failure)),
        },
      );
    },
  };
}

function AmountForm({
  step,
  date,
  meal,
  onMealChange,
  onBack,
  onDone,
}: {
  step: Extract<Step, { kind: 'amount' }>;
  date: string;
  meal: Meal;
  onMealChange: (meal: Meal) => void;
  onBack: () => void;
  onDone: () => void;
}) {
  const t = useTranslations('diary');
  const { energy } = useUnitFormat();
  const calm = useCalm();
  const { save, error, pending } = useSaveEntry(date, onDone);
  const { measure } = step;
  // A catalog food's nutrients come from their own file, fetched as the food is picked.
  const extra = useCatalogNutrients(step.food.nutrients ? [] : [step.food.ref]);
  const food = { ...step.food, nutrients: step.food.nutrients ?? extra.nutrientsOf(step.food.ref) };
  // One id for this form's entry: a retried save (after a full storage) writes the same entry.
  const [id] = useState(newId);
  const listed = measure ? food.measures.findIndex((each) => sameMeasure(each, measure)) : -1;
  // A pick in a measure the food does not list (a saved meal's item) keeps it, first.
  const measures = measure && listed < 0 ? [measure, ...food.measures] : food.measures;

  return (
    <EntryAmountForm
      name={food.name}
      detail={calm ? null : t('per100', { energy: energy(food.kcal, 1) })}
      measures={measures}
      initialAmount={step.amount}
      initialMeasure={measure ? Math.max(listed, 0) : null}
      entryFor={(amount, chosen, now) => entryFromFood(food, amount, chosen, { id, meal, now })}
      meal={meal}
      onMealChange={onMealChange}
      onSubmit={(entry) =>
        // Logged the moment it was picked (Enter typed ahead), the food's nutrients may be on
        // their way: the save waits for them, briefly.
        void (
          food.nutrients || typeof food.ref !== 'string'
            ? Promise.resolve(entry)
            : extra.whenLoaded(food.ref).then((nutrients) => ({ ...entry, ...withKnown(nutrients) }))
        ).then(save)
      }
      pending={pending}
      error={error ?? step.error ?? null}
      notice={extra.failed ? t('nutrientsUnavailable') : null}
      onBack={onBack}
      submitLabel={t('logIt')}
      submitIcon="plus"
    />
  );
}

function QuickAddForm({
  date,
  meal,
  onMealChange,
  onBack,
  onDone,
}: {
  date: string;
  meal: Meal;
  onMealChange: (meal: Meal) => void;
  onBack: () => void;
  onDone: () => void;
}) {
  const t = useTranslations('diary');
  const { save, error, pending } = useSaveEntry(date, onDone);
  const [id] = useState(newId);
  return (
    <QuickAddEntryForm
      initial={{ name: '', kcal: '', protein: '', fat: '', carbs: '' }}
      entryFor={({ name, nutrients, ...totals }, now) =>
        quickAddEntry(name || QUICK_ADD_NAME, totals, { id, meal, now }, nutrients)
      }
      meal={meal}
      onMealChange={onMealChange}
      onSubmit={save}
      pending={pending}
      error={error}
      onBack={onBack}
      submitLabel={t('logIt')}
      submitIcon="bolt"
    />
  );
}
