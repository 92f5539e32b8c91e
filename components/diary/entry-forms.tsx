'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { Field, Input, parseDecimal } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { FormError } from '@/components/ui/form-error';
import { Icon } from '@/components/ui/icon';
import type { IconKey } from '@/lib/icons/names';
import { entryRefusal, InvalidDataError, nextLogTime } from '@/lib/data';
import { convertAmount, entryNutrients } from '@/lib/diary/nutrition';
import { NutrientLine } from './nutrient-line';
import {
  NutrientFields,
  nutrientDrafts,
  nutrientsOfDrafts,
  type NutrientDrafts,
} from '@/components/food/nutrient-fields';
import type { Nutrients } from '@/lib/diary/nutrients';
import type { Meal } from '@/lib/diary/meals';
import { LIMITS } from '@/lib/limits';
import type { Entry } from '@/lib/schemas/entry';
import { MealSelect } from './meal-select';
import { NutritionPreview } from './nutrition-preview';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useServingLabel } from '@/lib/hooks/use-serving-label';
import { useUnitFormat, useUnits } from '@/lib/hooks/use-units';
import { useTypedNumberMessage } from '@/lib/hooks/use-typed-number-message';
import { typedNumberProblem } from '@/lib/ui/typed-number';
import { G_PER_OZ, kcalFrom, ozToG, roundTo } from '@/lib/units/units';

/*
 * The two forms an entry is written with, shared by the add dialog (a new entry) and the edit
 * sheet (the same entry changed), so editing offers everything adding does: the amount in grams
 * or in the food's measures with a live preview, the meal, and a quick add's description and figures.
 */

/** A draft's time is a placeholder until saving: the checks and the preview only need the figures. */
const DRAFT_TIME = new Date(0).toISOString();

/** A number as the amount field shows it to start with. */
const amountText = (value: number) => (Number.isFinite(value) ? String(value) : '');

/** Selects a field's text when it gets focus, so typing replaces the value shown. */
const selectAll = (event: { currentTarget: HTMLInputElement }) => event.currentTarget.select();

type FormCommon = {
  meal: Meal;
  onMealChange: (meal: Meal) => void;
  /** Saves the entry; the form stays with what was typed until the parent closes it. */
  onSubmit: (entry: Entry) => void;
  pending: boolean;
  error: string | null;
  /** A word about the entry that is no error (its nutrients could not be fetched). */
  notice?: string | null;
  /** Back to the previous step, when there is one. */
  onBack?: () => void;
  submitLabel: string;
  submitIcon: IconKey;
  /** A further action beside the submit button (the edit sheet's Delete). */
  secondary?: ReactNode;
};

/** A measure the amount can be counted in: named ("cup, sliced"), or only weighed. */
export type AmountMeasure = { label: string | null; grams: number };

type AmountFormProps = FormCommon & {
  /** The food's name, and what 100 g of it gives. */
  name: string;
  detail: string | null;
  /** The measures the amount can be counted in beside grams, the food's serving first. */
  measures: readonly AmountMeasure[];
  initialAmount: number;
  /** The index in `measures` the amount is counted in to start with; null for grams. */
  initialMeasure: number | null;
  /** The entry the amount would make as of `now`: its figures are previewed, checked and saved. */
  entryFor: (amount: number, measure: AmountMeasure | null, now: string) => Entry;
};

/** The unit select's values for grams and ounces; a measure's is its index. */
const GRAMS = 'g';
const OUNCES = 'oz';

/** An amount in grams or in one of the food's measures, its meal and its figures before they are logged. */
export function EntryAmountForm({
  name,
  detail,
  measures,
  initialAmount,
  initialMeasure,
  entryFor,
  meal,
  onMealChange,
  onSubmit,
  pending,
  error,
  notice,
  onBack,
  submitLabel,
  submitIcon,
  secondary,
}: AmountFormProps) {
  const t = useTranslations('diary');
  const tErrors = useTranslations('food.errors');
  const amountId = useId();
  const unitId = useId();
  const refusalMessage = useRefusalMessage();
  const servingLabel = useServingLabel();
  const tUnits = useTranslations('units');
  const { foodWeight } = useUnitFormat();
  // In the US, food is weighed in ounces: offered first, grams beside them for metric labels.
  const inOunces = useUnits().foodWeight === 'oz';
  const [unit, setUnit] = useState(() =>
    initialMeasure !== null && measures[initialMeasure] ? String(initialMeasure) : inOunces ? OUNCES : GRAMS,
  );
  const [text, setText] = useState(() =>
    amountText(unit === OUNCES ? convertAmount(initialAmount, null, G_PER_OZ) : initialAmount),
  );
  const [touched, setTouched] = useState(false);

  /** The grams one of `value` weighs: null for grams themselves. */
  const gramsEach = (value: string) =>
    value === GRAMS ? null : value === OUNCES ? G_PER_OZ : (measures[Number(value)]?.grams ?? null);
  const measure = unit === GRAMS || unit === OUNCES ? null : (measures[Number(unit)] ?? null);
  const amount = parseDecimal(text);
  /** The amount as the entry takes it: ounces are weighed in grams, to 0.1 g as entries keep them. */
  const entryAmount = (typed: number) => (unit === OUNCES ? roundTo(ozToG(typed), 1) : typed);
  const draft =
    Number.isFinite(amount) && amount > 0 ? entryFor(entryAmount(amount), measure, DRAFT_TIME) : null;
  const refusal = draft ? entryRefusal(draft) : null;
  const valid = draft !== null && refusal === null;
  const amountError = !draft ? tErrors('amountRange') : refusal ? refusalMessage(refusal) : undefined;

  function changeUnit(next: string) {
    // The same weight in the other unit: 2 slices of 30 g become 60 g, not 2 g.
    if (Number.isFinite(amount) && amount > 0)
      setText(amountText(convertAmount(amount, gramsEach(unit), gramsEach(next))));
    setUnit(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    onSubmit(entryFor(entryAmount(amount), measure, new Date(nextLogTime()).toISOString()));
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {onBack ? <BackButton label={t('back')} onClick={onBack} /> : null}
      {/* A food's name may be one long word (a pasted code, a brand): it wraps, never overflows. */}
      <div className="min-w-0 wrap-anywhere" data-testid="entry-food">
        <p className="text-lg font-semibold">{name}</p>
        {detail ? <p className="text-fg-muted text-sm">{detail}</p> : null}
      </div>
      {/* The amount is a few digits; a measure's name may be long ("medium (7" to 7-7/8" long)"). */}
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] items-start gap-3">
        <Field id={amountId} label={t('amount')} error={touched || refusal ? amountError : undefined}>
          <Input
            id={amountId}
            inputMode="decimal"
            autoFocus
            autoComplete="off"
            value={text}
            invalid={(touched || refusal !== null) && !valid}
            onFocus={selectAll}
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <Field id={unitId} label={t('unit')}>
          <Select id={unitId} value={unit} onChange={(event) => changeUnit(event.target.value)}>
            {inOunces ? <option value={OUNCES}>{tUnits('ouncesOption')}</option> : null}
            <option value={GRAMS}>{t('unitGrams')}</option>
            {measures.map((option, index) => (
              <option key={index} value={String(index)}>
                {option.label
                  ? t('unitServing', { label: servingLabel(option.label), weight: foodWeight(option.grams) })
                  : t('unitServings', { weight: foodWeight(option.grams) })}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <MealSelect value={meal} onChange={onMealChange} />
      <NutritionPreview totals={draft} testId="entry-preview" />
      <NutrientLine nutrients={draft ? entryNutrients(draft) : null} testId="entry-nutrients" />
      {notice ? <p className="text-fg-muted text-sm">{notice}</p> : null}
      <FormError>{error}</FormError>
      <FormActions pending={pending} label={submitLabel} icon={submitIcon} secondary={secondary} />
    </form>
  );
}

export type QuickAddValues = {
  name: string;
  kcal: string;
  protein: string;
  fat: string;
  carbs: string;
  /** What the quick add knows of its nutrients, for the whole of it (editing one keeps them). */
  nutrients?: Nutrients;
};

type QuickAddFormProps = FormCommon & {
  initial: QuickAddValues;
  /** The entry the typed values would make (the name already trimmed, or the neutral default). */
  entryFor: (
    values: {
      name: string;
      kcal: number;
      protein: number;
      fat: number;
      carbs: number;
      nutrients: Nutrients;
    },
    now: string,
  ) => Entry;
};

/** kcal with optional macros and a description, without a food. */
export function QuickAddEntryForm({
  initial,
  entryFor,
  meal,
  onMealChange,
  onSubmit,
  pending,
  error,
  onBack,
  submitLabel,
  submitIcon,
  secondary,
}: QuickAddFormProps) {
  const t = useTranslations('diary');
  const baseId = useId();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const refusalMessage = useRefusalMessage();
  const typedNumberMessage = useTypedNumberMessage();
  const { units, energyName, energy } = useUnitFormat();
  // Optional nutrients for the whole quick add, sodium typed as salt where labels print salt.
  const salt = units.system !== 'us';
  const [originalNutrients] = useState(() => nutrientDrafts(initial.nutrients, salt));
  const [nutrientText, setNutrientText] = useState<NutrientDrafts>(originalNutrients);

  // Typed in the user's energy unit; kJ become kcal, as stored.
  const kcal = kcalFrom(parseDecimal(values.kcal), units.energy);
  const macro = (text: string) => (text.trim() === '' ? 0 : parseDecimal(text));
  const figures = {
    name: values.name.trim(),
    kcal,
    protein: macro(values.protein),
    fat: macro(values.fat),
    carbs: macro(values.carbs),
    nutrients: nutrientsOfDrafts(nutrientText, 1, {
      nutrients: initial.nutrients,
      drafts: originalNutrients,
    }),
  };
  // The same check as storage's; only the figures matter, so any id and time will do here.
  const storageRefusal = entryRefusal(entryFor(figures, DRAFT_TIME));
  // A quick add's amount is its kcal, so a figure past the amount's limit (100,000) is past the
  // kcal limit too: the kcal field explains it, with the lower limit that really applies.
  const refusal =
    storageRefusal?.field === 'amount'
      ? new InvalidDataError('kcal', storageRefusal.messageKey)
      : storageRefusal;
  const field = refusal?.field;
  // What is wrong with the kcal as typed (nothing, "12a", -5, 0), said as such: the storage's
  // refusal of a missing figure would name its upper limit, which has nothing to do with it.
  const kcalProblem = typedNumberProblem(values.kcal, {
    limit: LIMITS.entryKcal,
    toChecked: (typed) => kcalFrom(typed, units.energy),
    aboveMin: true,
  });
  const kcalValid = kcalProblem === null && field !== 'kcal';
  const macrosValid = field !== 'protein' && field !== 'fat' && field !== 'carbs';
  const nutrientsValid = field !== 'nutrients';
  const kcalError = kcalProblem
    ? typedNumberMessage(kcalProblem, {
        min: energy(LIMITS.entryKcal.min),
        max: energy(LIMITS.entryKcal.max),
        aboveMin: true,
        tooBig: refusalMessage(new InvalidDataError('kcal', 'kcalRange')),
      })
    : field === 'kcal'
      ? refusalMessage(refusal)
      : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!kcalValid || refusal) return;
    onSubmit(entryFor(figures, new Date(nextLogTime()).toISOString()));
  }

  const set = (key: keyof QuickAddValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {onBack ? <BackButton label={t('back')} onClick={onBack} /> : null}
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
      <Field id={`${baseId}-kcal`} label={energyName} error={touched ? kcalError : undefined}>
        <Input
          id={`${baseId}-kcal`}
          inputMode="decimal"
          autoFocus
          autoComplete="off"
          invalid={touched && !kcalValid}
          value={values.kcal}
          onFocus={selectAll}
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
                autoComplete="off"
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
      <NutrientFields
        drafts={nutrientText}
        onChange={setNutrientText}
        salt={salt}
        errors={{}}
        basis="whole"
      />
      {touched && !nutrientsValid ? (
        <p className="text-error-strong text-sm">{refusalMessage(refusal)}</p>
      ) : null}
      <MealSelect value={meal} onChange={onMealChange} />
      <FormError>{error}</FormError>
      <FormActions pending={pending} label={submitLabel} icon={submitIcon} secondary={secondary} />
    </form>
  );
}

function FormActions({
  pending,
  label,
  icon,
  secondary,
}: {
  pending: boolean;
  label: string;
  icon: IconKey;
  secondary?: ReactNode;
}) {
  const submit = (
    <Button type="submit" size="lg" disabled={pending} className={secondary ? 'flex-1' : undefined}>
      <Icon name={icon} className="text-lg" />
      {label}
    </Button>
  );
  return secondary ? (
    <div className="flex flex-wrap gap-2">
      {secondary}
      {submit}
    </div>
  ) : (
    submit
  );
}
