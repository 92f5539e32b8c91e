'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { limitMessageValues } from '@/lib/limits';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, parseDecimal } from '@/components/ui/field';
import { StorageFullError } from '@/lib/data';
import { FormError } from '@/components/ui/form-error';
import {
  foodInputSchema,
  kcalDisagreesWithMacros,
  kcalFromMacros,
  type Food,
  type FoodInput,
} from '@/lib/schemas/food';

type FieldName = 'name' | 'brand' | 'kcal' | 'protein' | 'fat' | 'carbs' | 'servingLabel' | 'servingGrams';
type Values = Record<FieldName, string> & { favorite: boolean };

function initialValues(food: Partial<Food> | undefined): Values {
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    name: food?.name ?? '',
    brand: food?.brand ?? '',
    kcal: text(food?.kcal),
    protein: text(food?.protein),
    fat: text(food?.fat),
    carbs: text(food?.carbs),
    servingLabel: food?.serving?.label ?? '',
    servingGrams: text(food?.serving?.grams),
    favorite: food?.favorite ?? false,
  };
}

type FoodFormProps = {
  food?: Partial<Food>;
  submitLabel: string;
  onSubmit: (input: FoodInput) => Promise<unknown>;
  onCancel?: () => void;
};

/**
 * Create or edit a food: name 1-120 characters, kcal 0-900 and each macro 0-100 g per 100 g
 * (together at most 100 g), an optional serving of 0.1-5000 g. kcal far from the macros is a
 * warning, not a block. Validated with the same schema the repository and the API use.
 */
export function FoodForm({ food, submitLabel, onSubmit, onCancel }: FoodFormProps) {
  const t = useTranslations('food');
  const tErrors = useTranslations('food.errors');
  const format = useFormatter();
  const formatLimit = (value: number) => format.number(value);
  const baseId = useId();
  const [values, setValues] = useState<Values>(() => initialValues(food));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const numbers = {
    kcal: parseDecimal(values.kcal),
    protein: parseDecimal(values.protein),
    fat: parseDecimal(values.fat),
    carbs: parseDecimal(values.carbs),
  };
  const showWarning = Object.values(numbers).every(Number.isFinite) && kcalDisagreesWithMacros(numbers);

  function toInput(): unknown {
    const hasServing = values.servingLabel.trim() !== '' || values.servingGrams.trim() !== '';
    return {
      name: values.name,
      brand: values.brand.trim() === '' ? null : values.brand,
      ...numbers,
      serving: hasServing ? { label: values.servingLabel, grams: parseDecimal(values.servingGrams) } : null,
      favorite: values.favorite,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = foodInputSchema.safeParse(toInput());
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const [first, second] = issue.path as [string, string | undefined];
        const field = (
          first === 'serving' ? (second === 'grams' ? 'servingGrams' : 'servingLabel') : first
        ) as FieldName;
        next[field] ??= tErrors(
          issue.message as 'nameLength',
          limitMessageValues('food', issue.message, formatLimit),
        );
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (failure) {
      setFormError(failure instanceof StorageFullError ? tErrors('storageFull') : tErrors('saveFailed'));
    } finally {
      setPending(false);
    }
  }

  const field = (
    name: FieldName,
    label: string,
    props: { inputMode?: 'decimal'; hint?: string; autoFocus?: boolean } = {},
  ) => (
    <Field id={`${baseId}-${name}`} label={label} error={errors[name]} hint={props.hint}>
      <Input
        id={`${baseId}-${name}`}
        name={name}
        inputMode={props.inputMode}
        autoFocus={props.autoFocus}
        autoComplete="off"
        invalid={!!errors[name]}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="food-form">
      {field('name', t('name'), { autoFocus: !food?.name })}
      {field('brand', t('brand'))}
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{t('per100')}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {field('kcal', t('kcal'), { inputMode: 'decimal' })}
          {field('protein', t('protein'), { inputMode: 'decimal' })}
          {field('fat', t('fat'), { inputMode: 'decimal' })}
          {field('carbs', t('carbs'), { inputMode: 'decimal' })}
        </div>
        {showWarning ? (
          <p
            role="status"
            className="rounded-xl border border-amber-400/50 bg-amber-400/10 px-3.5 py-2.5 text-sm"
          >
            {t('kcalWarning', { expected: format.number(Math.round(kcalFromMacros(numbers))) })}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{t('serving')}</legend>
        <div className="grid grid-cols-2 gap-3">
          {field('servingLabel', t('servingLabel'), { hint: t('servingLabelHint') })}
          {field('servingGrams', t('servingGrams'), { inputMode: 'decimal' })}
        </div>
      </fieldset>
      <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          checked={values.favorite}
          onChange={(event) => setValues((current) => ({ ...current, favorite: event.target.checked }))}
          className="accent-primary size-5"
        />
        {t('favorite')}
      </label>
      <FormError>{formError}</FormError>
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
