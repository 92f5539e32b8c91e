'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { Meal } from '@/lib/diary/meals';
import { useMeals } from '@/lib/hooks/use-meals';

/** The meal an entry goes to, as a labelled select: the meals one logs into, and the one it is in. */
export function MealSelect({ value, onChange }: { value: Meal; onChange: (meal: Meal) => void }) {
  const t = useTranslations('diary');
  const id = useId();
  const { loggable, nameOf } = useMeals();
  const choices = loggable.includes(value) ? loggable : [...loggable, value];
  return (
    <Field id={id} label={t('meal')}>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as Meal)}>
        {choices.map((meal) => (
          <option key={meal} value={meal}>
            {nameOf(meal)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
