'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field, Input, parseDecimal } from '@/components/ui/field';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import {
  NUTRIENTS,
  nutrientKeys,
  roundNutrient,
  saltGOfSodiumMg,
  sodiumMgOfSaltG,
  type NutrientKey,
  type Nutrients,
} from '@/lib/diary/nutrients';

/** A nutrient field: a nutrient, or salt in grams standing for sodium where labels print salt. */
export type NutrientField = NutrientKey | 'salt';
export type NutrientDrafts = Partial<Record<NutrientField, string>>;

/** The fields shown: sodium typed as salt where the labels print salt (not in the US). */
export const nutrientFields = (salt: boolean): NutrientField[] =>
  nutrientKeys.map((key) => (salt && key === 'sodium' ? 'salt' : key));

const trimmed = (value: number, decimals = 4) => String(Number(value.toFixed(decimals)));

/** A food's figures per 100 g as the fields show them. */
export function nutrientDrafts(nutrients: Nutrients | undefined, salt: boolean): NutrientDrafts {
  const drafts: NutrientDrafts = {};
  for (const field of nutrientFields(salt)) {
    const value = field === 'salt' ? nutrients?.sodium : nutrients?.[field];
    if (value === undefined) continue;
    // Salt to the hundredth, as labels print it: 786.6 mg of sodium reads as 2 g, not 1.9995 g.
    drafts[field] = field === 'salt' ? trimmed(saltGOfSodiumMg(value), 2) : trimmed(value);
  }
  return drafts;
}

/**
 * The figures the fields give, per 100 g: typed per serving they are scaled by `factor` (100 /
 * the serving's grams). A field left as it was shown keeps the food's own figure, so opening a
 * food and saving it unchanged changes nothing (salt shown to a few decimals is not sodium).
 * NaN where a field does not read as a number, for the schema to refuse with its message.
 */
export function nutrientsOfDrafts(
  drafts: NutrientDrafts,
  factor: number,
  original: { nutrients: Nutrients | undefined; drafts: NutrientDrafts },
): Nutrients {
  const nutrients: Nutrients = {};
  for (const [field, text] of Object.entries(drafts) as Array<[NutrientField, string]>) {
    if (text.trim() === '') continue;
    const key: NutrientKey = field === 'salt' ? 'sodium' : field;
    if (factor === 1 && text === original.drafts[field] && original.nutrients?.[key] !== undefined) {
      nutrients[key] = original.nutrients[key];
      continue;
    }
    const typed = parseDecimal(text);
    const value = field === 'salt' ? sodiumMgOfSaltG(typed) : typed;
    nutrients[key] = Number.isFinite(value) ? roundNutrient(key, value * factor) : Number.NaN;
  }
  return nutrients;
}

/**
 * The optional nutrients of a food, under a disclosure (most foods are typed with energy and
 * macros alone), typed per 100 g or per serving as the form's figures are.
 */
export function NutrientFields({
  drafts,
  onChange,
  salt,
  errors,
  basis,
}: {
  drafts: NutrientDrafts;
  onChange: (drafts: NutrientDrafts) => void;
  salt: boolean;
  errors: Partial<Record<NutrientField, string>>;
  /** What the figures are typed for, as the form's other figures: a quick add's are its whole. */
  basis: 'per100' | 'perServing' | 'whole';
}) {
  const t = useTranslations('nutrients');
  const tFood = useTranslations('food');
  const baseId = useId();
  const filled = Object.values(drafts).some((text) => text && text.trim() !== '');
  const [open, setOpen] = useState(filled || Object.keys(errors).length > 0);
  const shown = open || Object.keys(errors).length > 0;

  return (
    <fieldset className="grid gap-3" data-testid="nutrient-fields">
      <legend className="sr-only">{tFood('moreNutrients', { basis })}</legend>
      <button
        type="button"
        aria-expanded={shown}
        onClick={() => setOpen((value) => !value)}
        className="text-primary-strong inline-flex min-h-11 items-center gap-1 justify-self-start text-sm font-medium"
      >
        <Icon name="chevronDown" className={cn('text-base transition-transform', shown && 'rotate-180')} />
        {tFood('moreNutrients', { basis })}
      </button>
      {shown ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {nutrientFields(salt).map((field) => {
            const unit = field === 'salt' ? 'g' : NUTRIENTS[field].unit;
            const id = `${baseId}-${field}`;
            return (
              <Field
                key={field}
                id={id}
                label={tFood('nutrientLabel', { name: t(`names.${field}`), unit: t(`unitNames.${unit}`) })}
                error={errors[field]}
              >
                <Input
                  id={id}
                  name={`nutrient-${field}`}
                  inputMode="decimal"
                  autoComplete="off"
                  invalid={!!errors[field]}
                  value={drafts[field] ?? ''}
                  onChange={(event) => onChange({ ...drafts, [field]: event.target.value })}
                />
              </Field>
            );
          })}
        </div>
      ) : null}
    </fieldset>
  );
}
