'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, inputClass, parseDecimal } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { loggableFromFood } from '@/lib/diary/loggable';
import {
  entryFromFood,
  gramsFor,
  nutritionFor,
  quickAddEntry,
  type LoggableFood,
} from '@/lib/diary/nutrition';
import { isUndescribedQuickAdd, QUICK_ADD_NAME } from '@/lib/diary/entry-name';
import { entryRefusal, InvalidDataError, useCreateFood, usePutEntry } from '@/lib/data';
import { LIMITS } from '@/lib/limits';
import { FoodForm } from '@/components/food/food-form';
import type { Meal } from '@/lib/diary/meals';
import { toast } from '@/lib/toast-store';
import { newId } from '@/lib/uuid';
import { FoodSearch } from './food-search';
import { MealSelect } from './meal-select';
import { NutritionPreview } from './nutrition-preview';
import { SeveralFoodsForm, type SeveralItem } from './several-foods-form';
import { useFormatNumber } from './use-format-number';
import { useRefusalMessage } from './use-refusal-message';
import { FormError } from '@/components/ui/form-error';
import type { Food } from '@/lib/schemas/food';
import { ScanButton } from '@/components/food/scan-button';

// The scan step (camera, barcode reader, product lookup) loads only when it is opened.
const ScanProduct = dynamic(
  () => import('@/components/food/scan-product').then((module) => module.ScanProduct),
  {
    ssr: false,
  },
);

type Step =
  | { kind: 'search' }
  | { kind: 'amount'; food: LoggableFood; amount: number; unit: 'g' | 'serving' }
  | { kind: 'several'; items: SeveralItem[]; heading?: string }
  | { kind: 'quick' }
  | { kind: 'create'; name: string }
  | { kind: 'scan' };

const QUICK_ADD_DRAFT_ID = '00000000-0000-4000-8000-000000000000';

type AddEntryDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; date: string; meal: Meal };

/**
 * Logging food: search the user's foods and the catalog (favourites and recent first), pick an
 * amount in grams or servings with a live preview, or quick-add kcal without a food.
 */
export function AddEntryDialog({ open, onOpenChange, date, meal: initialMeal }: AddEntryDialogProps) {
  const t = useTranslations('diary');
  const tFood = useTranslations('food');
  const createFood = useCreateFood();
  const [step, setStep] = useState<Step>({ kind: 'search' });
  // Mounted afresh for every opening (see DashboardView), so the state starts clean each time.
  const [meal, setMeal] = useState<Meal>(initialMeal);

  const tScan = useTranslations('scan');
  const title =
    step.kind === 'quick'
      ? t('quickAdd')
      : step.kind === 'create'
        ? tFood('newFood')
        : step.kind === 'scan'
          ? tScan('title')
          : t('addTo', { meal: t(`meals.${meal}`) });
  // A scanned product becomes a food of the library; it is then logged like any other.
  const logFood = (food: Food) =>
    setStep({
      kind: 'amount',
      food: loggableFromFood(food),
      amount: food.serving ? 1 : 100,
      unit: food.serving ? 'serving' : 'g',
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      {step.kind === 'search' ? (
        <FoodSearch
          date={date}
          onPick={(food, amount, unit) => setStep({ kind: 'amount', food, amount, unit })}
          onQuickAdd={() => setStep({ kind: 'quick' })}
          actions={<ScanButton onClick={() => setStep({ kind: 'scan' })} />}
          onCreate={(name) => setStep({ kind: 'create', name })}
          onPickSeveral={(items, heading) => setStep({ kind: 'several', items, heading })}
        />
      ) : step.kind === 'scan' ? (
        <ScanProduct onBack={() => setStep({ kind: 'search' })} onFood={logFood} />
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

/** Saves an entry; a full storage keeps the dialog and what was typed, with a clear message. */
function useSaveEntry(date: string, onDone: () => void) {
  const t = useTranslations('diary');
  const refusalMessage = useRefusalMessage();
  const putEntry = usePutEntry();
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    pending: putEntry.isPending,
    save(entry: Parameters<typeof putEntry.mutate>[0]['entry']) {
      setError(null);
      putEntry.mutate(
        { date, entry },
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
  const tErrors = useTranslations('food.errors');
  const formatNumber = useFormatNumber();
  const amountId = useId();
  const unitId = useId();
  const [amountText, setAmountText] = useState(String(step.amount));
  const [unit, setUnit] = useState<'g' | 'serving'>(step.unit);
  const [touched, setTouched] = useState(false);
  const refusalMessage = useRefusalMessage();
  const { save, error, pending } = useSaveEntry(date, onDone);
  const { food } = step;
  // The id and times are placeholders until saving: the check only needs the figures.
  const [draftId] = useState(newId);
  const [draftTime] = useState(() => new Date().toISOString());

  const amount = parseDecimal(amountText);
  const draft =
    Number.isFinite(amount) && amount > 0
      ? entryFromFood(food, amount, unit, { id: draftId, meal, now: draftTime })
      : null;
  const refusal = draft ? entryRefusal(draft) : null;
  const valid = draft !== null && refusal === null;
  const preview = draft ? nutritionFor(food, gramsFor(food, amount, unit)) : null;
  const amountError = !draft ? tErrors('amountRange') : refusal ? refusalMessage(refusal) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    const now = new Date().toISOString();
    save(entryFromFood(food, amount, unit, { id: newId(), meal, now }));
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <button
        type="button"
        onClick={onBack}
        className="text-fg-muted hover:text-fg flex w-fit cursor-pointer items-center gap-1.5 text-sm"
      >
        <Icon name="back" />
        {t('back')}
      </button>
      <div>
        <p className="text-lg font-semibold">{food.name}</p>
        <p className="text-fg-muted text-sm">{t('per100', { kcal: formatNumber(food.kcal) })}</p>
      </div>
      <div className="grid grid-cols-2 items-start gap-3">
        <Field id={amountId} label={t('amount')} error={touched || refusal ? amountError : undefined}>
          <Input
            id={amountId}
            inputMode="decimal"
            autoFocus
            value={amountText}
            invalid={(touched || refusal !== null) && !valid}
            onChange={(event) => setAmountText(event.target.value)}
          />
        </Field>
        <Field id={unitId} label={t('unit')}>
          <select
            id={unitId}
            value={unit}
            onChange={(event) => setUnit(event.target.value as 'g' | 'serving')}
            className={inputClass}
          >
            <option value="g">{t('unitGrams')}</option>
            {food.serving ? (
              <option value="serving">
                {t('unitServing', { label: food.serving.label, grams: formatNumber(food.serving.grams) })}
              </option>
            ) : null}
          </select>
        </Field>
      </div>
      <MealSelect value={meal} onChange={onMealChange} />
      <NutritionPreview totals={preview} testId="entry-preview" />
      <FormError>{error}</FormError>
      <Button type="submit" size="lg" disabled={pending}>
        <Icon name="plus" className="text-lg" />
        {t('logIt')}
      </Button>
    </form>
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
  const tErrors = useTranslations('food.errors');
  const baseId = useId();
  const [values, setValues] = useState({ name: '', kcal: '', protein: '', fat: '', carbs: '' });
  const [touched, setTouched] = useState(false);
  const refusalMessage = useRefusalMessage();
  const { save, error, pending } = useSaveEntry(date, onDone);

  const kcal = parseDecimal(values.kcal);
  const macro = (text: string) => (text.trim() === '' ? 0 : parseDecimal(text));
  const macros = { protein: macro(values.protein), fat: macro(values.fat), carbs: macro(values.carbs) };
  const entryFor = (id: string, now: string) =>
    quickAddEntry(values.name.trim() || QUICK_ADD_NAME, { kcal, ...macros }, { id, meal, now });
  // The same check as storage's; only the figures matter, so any id and time will do here.
  const storageRefusal = entryRefusal(entryFor(QUICK_ADD_DRAFT_ID, new Date(0).toISOString()));
  // A quick add's amount is its kcal, so a figure past the amount's limit (100,000) is past the
  // kcal limit too: the kcal field explains it, with the lower limit that really applies.
  const refusal =
    storageRefusal?.field === 'amount'
      ? new InvalidDataError('kcal', storageRefusal.messageKey)
      : storageRefusal;
  const field = refusal?.field;
  const kcalValid = Number.isFinite(kcal) && kcal > 0 && field !== 'kcal';
  const macrosValid = field !== 'protein' && field !== 'fat' && field !== 'carbs';
  const kcalError = !kcalValid
    ? field === 'kcal'
      ? refusalMessage(refusal)
      : tErrors('amountRange')
    : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!kcalValid || refusal) return;
    save(entryFor(newId(), new Date().toISOString()));
  }

  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <button
        type="button"
        onClick={onBack}
        className="text-fg-muted hover:text-fg flex w-fit cursor-pointer items-center gap-1.5 text-sm"
      >
        <Icon name="back" />
        {t('back')}
      </button>
      <Field
        id={`${baseId}-name`}
        label={t('quickAddLabel')}
        error={touched && field === 'name' ? refusalMessage(refusal) : undefined}
      >
        <Input
          id={`${baseId}-name`}
          maxLength={LIMITS.nameLength.max}
          value={values.name}
          onChange={set('name')}
        />
      </Field>
      <Field id={`${baseId}-kcal`} label={t('kcalShort')} error={touched ? kcalError : undefined}>
        <Input
          id={`${baseId}-kcal`}
          inputMode="decimal"
          autoFocus
          invalid={touched && !kcalValid}
          value={values.kcal}
          onChange={set('kcal')}
        />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t('optionalMacros')}</legend>
        <div className="grid grid-cols-3 gap-3">
          {(['protein', 'fat', 'carbs'] as const).map((key) => (
            <Field key={key} id={`${baseId}-${key}`} label={t(key)}>
              <Input
                id={`${baseId}-${key}`}
                inputMode="decimal"
                invalid={touched && !macrosValid}
                value={values[key]}
                onChange={set(key)}
              />
            </Field>
          ))}
        </div>
        {touched && !macrosValid ? (
          <p className="text-error-strong text-sm">{refusalMessage(refusal)}</p>
        ) : null}
      </fieldset>
      <MealSelect value={meal} onChange={onMealChange} />
      <FormError>{error}</FormError>
      <Button type="submit" size="lg" disabled={pending}>
        <Icon name="bolt" className="text-lg" />
        {t('logIt')}
      </Button>
    </form>
  );
}
