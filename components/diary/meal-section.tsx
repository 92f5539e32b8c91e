'use client';

import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { Tooltip } from '@/components/ui/tooltip';
import { sumTotals } from '@/lib/diary/nutrition';
import { isWeighed } from '@/lib/diary/saved-meal';
import type { Meal } from '@/lib/schemas/common';
import type { Entry } from '@/lib/schemas/entry';
import { EntryRow } from './entry-row';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useMeals } from '@/lib/hooks/use-meals';

// The form and the food schema load when a meal is first saved, not with the diary.
const SaveMealDialog = dynamic(() => import('./save-meal-dialog').then((module) => module.SaveMealDialog), {
  ssr: false,
});

type MealSectionProps = {
  meal: Meal;
  date: string;
  entries: Entry[];
  onAdd: (meal: Meal) => void;
  onCopy: (meal: Meal) => void;
};

/** One meal: its entries and total, with add, copy-from-another-day and save-as-a-meal. */
export function MealSection({ meal, date, entries, onAdd, onCopy }: MealSectionProps) {
  const t = useTranslations('diary');
  const { energy } = useUnitFormat();
  const calm = useCalm();
  const total = sumTotals(entries);
  const name = useMeals().nameOf(meal);
  const [saving, setSaving] = useState(false);

  return (
    <section
      aria-labelledby={`meal-${meal}`}
      data-testid={`meal-${meal}`}
      className="border-border bg-surface rounded-3xl border p-3 shadow-sm"
    >
      <header className="flex items-center gap-2 px-2 pt-1 pb-2">
        <div className="min-w-0 flex-1">
          <h2 id={`meal-${meal}`} className="font-semibold">
            {name}
          </h2>
          <p className="text-fg-muted text-xs">
            {entries.length > 0 && !calm ? energy(total.kcal) : t('entries', { count: entries.length })}
          </p>
        </div>
        {entries.some(isWeighed) ? (
          <Tooltip content={t('saveMealTitle', { meal: name })}>
            <button
              type="button"
              onClick={() => setSaving(true)}
              aria-label={t('saveMealTitle', { meal: name })}
              className="text-fg-muted hover:bg-muted hover:text-fg grid size-10 cursor-pointer place-items-center rounded-xl text-lg"
            >
              <Icon name="bookmark" />
            </button>
          </Tooltip>
        ) : null}
        <Tooltip content={t('copyMeal', { meal: name })}>
          <button
            type="button"
            onClick={() => onCopy(meal)}
            aria-label={t('copyMeal', { meal: name })}
            className="text-fg-muted hover:bg-muted hover:text-fg grid size-10 cursor-pointer place-items-center rounded-xl text-lg"
          >
            <Icon name="copy" />
          </button>
        </Tooltip>
        <button
          type="button"
          onClick={() => onAdd(meal)}
          aria-label={t('addTo', { meal: name })}
          data-add-meal={meal}
          className="bg-primary-soft text-fg hover:bg-primary hover:text-on-primary flex h-10 cursor-pointer items-center gap-1.5 rounded-xl px-3 text-sm font-semibold transition"
        >
          <Icon name="plus" className="text-lg" />
          {t('add')}
        </button>
      </header>
      {entries.length > 0 ? (
        <ul className="grid gap-0.5">
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} date={date} />
          ))}
        </ul>
      ) : null}
      {saving ? <SaveMealDialog meal={meal} entries={entries} onClose={() => setSaving(false)} /> : null}
    </section>
  );
}
