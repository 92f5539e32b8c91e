'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { limitMessageValues } from '@/lib/limits';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, parseDecimal } from '@/components/ui/field';
import { cn } from '@/lib/ui/cn';
import { per100FromServing, perServingFrom100, type Figures } from '@/lib/diary/label';
import { StorageFullError } from '@/lib/data';
import { FormError } from '@/components/ui/form-error';
import { MeasureFields, type MeasureDraft } from './measure-fields';
import {
  NutrientFields,
  nutrientDrafts,
  nutrientsOfDrafts,
  type NutrientDrafts,
  type NutrientField,
} from './nutrient-fields';
import { nutrientLimit, NUTRIENTS, saltGOfSodiumMg, type NutrientKey } from '@/lib/diary/nutrients';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { kcalFrom, kcalToKj, roundTo, type EnergyUnit } from '@/lib/units/units';
import {
  foodInputSchema,
  kcalDisagreesWithMacros,
  kcalFromMacros,
  type Food,
  type FoodInput,
} from '@/lib/schemas/food';

type FieldName = 'name' | 'brand' | 'kcal' | 'protein' | 'fat' | 'carbs' | 'servingLabel' | 'servingGrams';
type Values = Record<FieldName, string> & { favorite: boolean };
/** What the typed figures are for: 100 g, or one serving as a package's label prints them. */
type Basis = 'per100' | 'perServing';

const FIGURE_FIELDS = ['kcal', 'protein', 'fat', 'carbs'] as const;
/** Where a per-100 g refusal shows when the figures were typed per serving. */
/** A measure's refusal, in the words of a measure rather than of the serving. */
const MEASURE_MESSAGE: Record<string, string> = {
  servingLabel: 'measureLabel',
  servingGrams: 'measureGrams',
};

const PER_SERVING_MESSAGE: Record<string, 'perServingKcal' | 'perServingMacro' | 'perServingMacroSum'> = {
  kcalRange: 'perServingKcal',
  macroRange: 'perServingMacro',
  macroSum: 'perServingMacroSum',
};

function initialMeasures(food: Partial<Food> | undefined): MeasureDraft[] {
  return (food?.measures ?? []).map((measure, index) => ({
    key: index + 1,
    label: measure.label,
    grams: String(measure.grams),
  }));
}

function initialValues(food: Partial<Food> | undefined, energy: EnergyUnit): Values {
  const text = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    name: food?.name ?? '',
    brand: food?.brand ?? '',
    // In kJ to a tenth, so a food saved unchanged keeps its kcal to the hundredth.
    kcal:
      energy === 'kj' && typeof food?.kcal === 'number'
        ? String(roundTo(kcalToKj(food.kcal), 1))
        : text(food?.kcal),
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
 *
 * The figures may be typed per serving, as a package's label prints them ("1 bar = 45 g:
 * 210 kcal"): the serving is then required, and the food is stored per 100 g, shown live.
 */
export function FoodForm({ food, submitLabel, onSubmit, onCancel }: FoodFormProps) {
  const t = useTranslations('food');
  const tErrors = useTranslations('food.errors');
  const tNutrients = useTranslations('nutrients');
  const format = useFormatter();
  const formatLimit = (value: number) => format.number(value);
  const baseId = useId();
  const { units, energyName, energy: formatEnergy } = useUnitFormat();
  const [values, setValues] = useState<Values>(() => initialValues(food, units.energy));
  const [measures, setMeasures] = useState(() => initialMeasures(food));
  const [measureErrors, setMeasureErrors] = useState<Partial<Record<string, string>>>({});
  const [basis, setBasis] = useState<Basis>('per100');
  // Sodium is typed as salt where labels print salt (everywhere but the US).
  const salt = units.system !== 'us';
  const [originalNutrients] = useState(() => nutrientDrafts(food?.nutrients, salt));
  const [nutrientText, setNutrientText] = useState<NutrientDrafts>(originalNutrients);
  const [nutrientErrors, setNutrientErrors] = useState<Partial<Record<NutrientField, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // Only kcal is required: a macro left empty counts as 0 g, as in a quick add, for the food whose
  // label gives kcal alone.
  const macro = (text: string) => (text.trim() === '' ? 0 : parseDecimal(text));
  const typed: Figures = {
    // Typed in the user's energy unit, stored in kcal.
    kcal: kcalFrom(parseDecimal(values.kcal), units.energy),
    protein: macro(values.protein),
    fat: macro(values.fat),
    carbs: macro(values.carbs),
  };
  const macrosGiven = [values.protein, values.fat, values.carbs].some((text) => text.trim() !== '');
  const servingGrams = parseDecimal(values.servingGrams);
  const servingWeighs = Number.isFinite(servingGrams) && servingGrams > 0;
  // Stored per 100 g: figures typed per serving are worked out from the serving's weight.
  const numbers = basis === 'perServing' && servingWeighs ? per100FromServing(typed, servingGrams) : typed;
  const figuresTyped = Object.values(typed).every(Number.isFinite);
  // Macros not given at all cannot disagree with the kcal.
  const showWarning = figuresTyped && macrosGiven && kcalDisagreesWithMacros(typed);

  function toInput(): unknown {
    const hasServing =
      basis === 'perServing' || values.servingLabel.trim() !== '' || values.servingGrams.trim() !== '';
    return {
      name: values.name,
      brand: values.brand.trim() === '' ? null : values.brand,
      ...numbers,
      serving: hasServing ? { label: values.servingLabel, grams: servingGrams } : null,
      // A row left empty is no measure; a row half filled is refused with its message.
      measures: measures
        .filter((measure) => measure.label.trim() !== '' || measure.grams.trim() !== '')
        .map((measure) => ({ label: measure.label.trim(), grams: parseDecimal(measure.grams) })),
      nutrients: nutrientsOfDrafts(
        nutrientText,
        basis === 'perServing' && servingWeighs ? 100 / servingGrams : 1,
        { nutrients: food?.nutrients, drafts: originalNutrients },
      ),
      favorite: values.favorite,
    };
  }

  /** Switches what the figures are typed for, converting those typed so far when the serving weighs something. */
  function changeBasis(next: Basis) {
    if (next === basis) return;
    setBasis(next);
    setErrors({});
    if (!servingWeighs) return;
    const convert = next === 'perServing' ? perServingFrom100 : per100FromServing;
    const factor = next === 'perServing' ? servingGrams / 100 : 100 / servingGrams;
    setNutrientText((current) => {
      const converted: NutrientDrafts = {};
      for (const [field, text] of Object.entries(current) as Array<[NutrientField, string]>) {
        const value = parseDecimal(text);
        converted[field] = Number.isFinite(value) ? String(Number((value * factor).toFixed(4))) : text;
      }
      return converted;
    });
    setValues((current) => {
      const converted = { ...current };
      for (const key of FIGURE_FIELDS) {
        const value = parseDecimal(current[key]);
        if (Number.isFinite(value))
          converted[key] = String(convert({ ...typed, [key]: value }, servingGrams)[key]);
      }
      return converted;
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = foodInputSchema.safeParse(toInput());
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      const nextMeasures: Partial<Record<string, string>> = {};
      const nextNutrients: Partial<Record<NutrientField, string>> = {};
      const limitValues = (key: string) => limitMessageValues('food', key, formatLimit);
      for (const issue of parsed.error.issues) {
        const [first, second, third] = issue.path as [string, string | number | undefined, string?];
        if (first === 'nutrients') {
          const key = second as NutrientKey;
          const field: NutrientField = salt && key === 'sodium' ? 'salt' : key;
          const unit = field === 'salt' ? 'g' : NUTRIENTS[key].unit;
          const max = nutrientLimit(key, 'per100g').max;
          nextNutrients[field] ??= tErrors('nutrientRange', {
            max: format.number(field === 'salt' ? saltGOfSodiumMg(max) : max, { maximumFractionDigits: 0 }),
            unit: tNutrients(`unitNames.${unit}`),
          });
          continue;
        }
        if (first === 'measures') {
          const key = MEASURE_MESSAGE[issue.message] ?? issue.message;
          nextMeasures[second === undefined ? '' : `${second}.${third}`] ??= tErrors(
            key as 'nameLength',
            limitValues(key),
          );
          continue;
        }
        const field = (
          first === 'serving' ? (second === 'grams' ? 'servingGrams' : 'servingLabel') : first
        ) as FieldName;
        // Without the serving's weight, figures per serving cannot be judged yet: its own message first.
        if (basis === 'perServing' && !servingWeighs && (FIGURE_FIELDS as readonly string[]).includes(field))
          continue;
        const perServing = basis === 'perServing' ? PER_SERVING_MESSAGE[issue.message] : undefined;
        // Energy's limits and figures are named in the user's unit (kcal or kJ); grams as grams.
        const energy = field === 'kcal';
        const limitFormat = energy ? (value: number) => formatEnergy(value) : formatLimit;
        const value = numbers[field as keyof Figures] ?? 0;
        next[field] ??= perServing
          ? tErrors(perServing, {
              ...limitMessageValues('food', issue.message, limitFormat),
              value: energy ? formatEnergy(value) : format.number(value, { maximumFractionDigits: 0 }),
            })
          : tErrors(issue.message as 'nameLength', limitMessageValues('food', issue.message, limitFormat));
      }
      setErrors(next);
      setMeasureErrors(nextMeasures);
      setNutrientErrors(nextNutrients);
      return;
    }
    setErrors({});
    setMeasureErrors({});
    setNutrientErrors({});
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

  const servingFields = (legend: string) => (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="grid grid-cols-2 gap-3">
        {field('servingLabel', t('servingLabel'), { hint: t('servingLabelHint') })}
        {field('servingGrams', t('servingGrams'), { inputMode: 'decimal' })}
      </div>
    </fieldset>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="food-form">
      {field('name', t('name'), { autoFocus: !food?.name })}
      {field('brand', t('brand'))}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('figuresFor')}</legend>
        <div className="bg-muted grid grid-cols-2 gap-1 rounded-xl p-1" data-testid="figures-basis">
          {(['per100', 'perServing'] as const).map((option) => (
            <label
              key={option}
              className={cn(
                'has-focus-visible:outline-primary flex h-10 cursor-pointer items-center justify-center rounded-lg px-2 text-center text-sm font-medium has-focus-visible:outline-2',
                basis === option ? 'bg-surface text-fg shadow-sm' : 'text-fg-muted',
              )}
            >
              <input
                type="radio"
                name={`${baseId}-basis`}
                value={option}
                checked={basis === option}
                onChange={() => changeBasis(option)}
                className="sr-only"
              />
              {t(option === 'per100' ? 'basisPer100' : 'basisPerServing')}
            </label>
          ))}
        </div>
      </fieldset>
      {basis === 'perServing' ? servingFields(t('servingRequired')) : null}
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">
          {basis === 'perServing' ? t('perServing') : t('per100')}
        </legend>
        <p className="text-fg-muted -mt-1 text-xs">{t('macrosOptional')}</p>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {field('kcal', energyName, { inputMode: 'decimal' })}
          {field('protein', t('protein'), { inputMode: 'decimal' })}
          {field('fat', t('fat'), { inputMode: 'decimal' })}
          {field('carbs', t('carbs'), { inputMode: 'decimal' })}
        </div>
        {basis === 'perServing' && figuresTyped && servingWeighs ? (
          <p className="text-fg-muted text-sm tabular-nums" data-testid="per100-preview">
            {t('per100Preview', {
              energy: formatEnergy(numbers.kcal, 1),
              protein: format.number(numbers.protein, { maximumFractionDigits: 1 }),
              fat: format.number(numbers.fat, { maximumFractionDigits: 1 }),
              carbs: format.number(numbers.carbs, { maximumFractionDigits: 1 }),
            })}
          </p>
        ) : null}
        {showWarning ? (
          <p
            role="status"
            className="rounded-xl border border-amber-400/50 bg-amber-400/10 px-3.5 py-2.5 text-sm"
          >
            {t('kcalWarning', { expected: formatEnergy(kcalFromMacros(typed)) })}
          </p>
        ) : null}
      </fieldset>
      <NutrientFields
        drafts={nutrientText}
        onChange={setNutrientText}
        salt={salt}
        errors={nutrientErrors}
        basis={basis}
      />
      {basis === 'per100' ? servingFields(t('serving')) : null}
      <MeasureFields measures={measures} onChange={setMeasures} errors={measureErrors} />
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
