'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { LIMITS } from '@/lib/limits';

/** A measure as typed: its name and its grams, as text until the form is sent. */
export type MeasureDraft = { key: number; label: string; grams: string };

type MeasureFieldsProps = {
  measures: readonly MeasureDraft[];
  onChange: (measures: MeasureDraft[]) => void;
  /** Messages by `${index}.label` and `${index}.grams`, and '' for the list as a whole. */
  errors: Partial<Record<string, string>>;
};

/**
 * A food's measures beside its serving ("1 cup" = 240 g, "1 tbsp" = 15 g), each logged like
 * the serving: a name and grams a row, added and removed, up to LIMITS.foodMeasures.
 */
export function MeasureFields({ measures, onChange, errors }: MeasureFieldsProps) {
  const t = useTranslations('food');
  const baseId = useId();
  const set = (key: number, change: Partial<MeasureDraft>) =>
    onChange(measures.map((measure) => (measure.key === key ? { ...measure, ...change } : measure)));
  const add = () =>
    onChange([
      ...measures,
      { key: Math.max(0, ...measures.map((each) => each.key)) + 1, label: '', grams: '' },
    ]);

  return (
    <fieldset className="grid gap-3" data-testid="food-measures">
      <legend className="mb-2 text-sm font-semibold">{t('measures')}</legend>
      <p className="text-fg-muted -mt-1 text-xs">{t('measuresHint')}</p>
      {measures.map((measure, index) => (
        <div key={measure.key} className="grid grid-cols-[1fr_6rem_auto] items-start gap-2">
          <Field
            id={`${baseId}-${measure.key}-label`}
            label={t('measureLabel')}
            error={errors[`${index}.label`]}
          >
            <Input
              id={`${baseId}-${measure.key}-label`}
              autoComplete="off"
              maxLength={LIMITS.servingLabelLength.max}
              invalid={!!errors[`${index}.label`]}
              value={measure.label}
              onChange={(event) => set(measure.key, { label: event.target.value })}
            />
          </Field>
          <Field
            id={`${baseId}-${measure.key}-grams`}
            label={t('measureGrams')}
            error={errors[`${index}.grams`]}
          >
            <Input
              id={`${baseId}-${measure.key}-grams`}
              inputMode="decimal"
              autoComplete="off"
              invalid={!!errors[`${index}.grams`]}
              value={measure.grams}
              onChange={(event) => set(measure.key, { grams: event.target.value })}
            />
          </Field>
          <button
            type="button"
            onClick={() => onChange(measures.filter((each) => each.key !== measure.key))}
            aria-label={t('removeMeasure', { label: measure.label || index + 1 })}
            className="text-fg-muted hover:bg-muted hover:text-error mt-7 grid size-10 cursor-pointer place-items-center rounded-xl text-lg"
          >
            <Icon name="close" />
          </button>
        </div>
      ))}
      {errors[''] ? <p className="text-error-strong text-sm">{errors['']}</p> : null}
      {measures.length < LIMITS.foodMeasures.max ? (
        <Button type="button" variant="secondary" onClick={add} className="justify-self-start">
          <Icon name="plus" className="text-lg" />
          {t('addMeasure')}
        </Button>
      ) : null}
    </fieldset>
  );
}
