'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Field, inputClass } from '@/components/ui/field';
import { meals, type Meal } from '@/lib/diary/meals';

/** The meal an entry goes to, as a labelled select. */
export function MealSelect({ value, onChange }: { value: Meal; onChange: (meal: Meal) => void }) {
  const t = useTranslations('diary');
  const id = useId();
  return (
    <Field id={id} label={t('meal')}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Meal)}
        className={inputClass}
      >
        {meals.map((meal) => (
          <option key={meal} value={meal}>
            {t(`meals.${meal}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}
