'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { meals, type Meal } from '@/lib/diary/meals';

/** The meal an entry goes to, as a labelled select. */
export function MealSelect({ value, onChange }: { value: Meal; onChange: (meal: Meal) => void }) {
  const t = useTranslations('diary');
  const id = useId();
  return (
    <Field id={id} label={t('meal')}>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as Meal)}>
        {meals.map((meal) => (
          <option key={meal} value={meal}>
            {t(`meals.${meal}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
