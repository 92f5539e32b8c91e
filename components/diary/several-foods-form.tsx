'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { inputClass, parseDecimal } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import { entryRefusal, useCopyEntries, useDeleteEntries } from '@/lib/data';
import type { Meal } from '@/lib/diary/meals';
import { entryFromFood, sumTotals, type FoodPick } from '@/lib/diary/nutrition';
import type { Entry } from '@/lib/schemas/entry';
import { toast } from '@/lib/ui/toast-store';
import { MealSelect } from './meal-select';
import { NutritionPreview } from './nutrition-preview';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useServingLabel } from '@/lib/hooks/use-serving-label';
import { measureNoun } from '@/lib/diary/measures';
import { useCatalogNutrients } from '@/lib/hooks/use-catalog-nutrients';

/** One food to log among several, with its amount as first offered. */
export type SeveralItem = { key: string } & FoodPick;

type Row = SeveralItem & { amountText: string };

/** The drafts' id until saving: the copy gives each entry its own. */
const DRAFT_ID = '00000000-0000-4000-8000-000000000001';

type SeveralFoodsFormProps = {
  items: readonly SeveralItem[];
  /** Shown above the list: the saved meal's name, say. */
  heading?: string;
  date: string;
  meal: Meal;
  onMealChange: (meal: Meal) => void;
  onBack: () => void;
  onDone: () => void;
};

/**
 * Logs several foods at once (a saved meal, or foods picked together in the search), each with
 * an amount that can be changed or the food left out. All go in or none: the day's room is
 * checked first, and one amount past a limit keeps the form, naming the food.
 */
export function SeveralFoodsForm({
  items,
  heading,
  date,
  meal,
  onMealChange,
  onBack,
  onDone,
}: SeveralFoodsFormProps) {
  const t = useTranslations('diary');
  const tErrors = useTranslations('food.errors');
  const { energy, foodWeight } = useUnitFormat();
  const calm = useCalm();
  // What a row says of its food: its energy, or in calm mode its weight.
  const figureOf = (draft: Entry) =>
    !calm ? energy(draft.kcal) : draft.grams === null ? '' : foodWeight(draft.grams);
  const servingLabel = useServingLabel();
  const refusalMessage = useRefusalMessage();
  const copyEntries = useCopyEntries();
  const deleteEntries = useDeleteEntries();
  const baseId = useId();
  const [rows, setRows] = useState<Row[]>(() =>
    items.map((item) => ({ ...item, amountText: String(item.amount) })),
  );
  const [error, setError] = useState<string | null>(null);
  const [draftTime] = useState(() => new Date().toISOString());
  // The catalog foods' nutrients, fetched as the form opens; it logs once they are here.
  const extra = useCatalogNutrients(rows.filter((row) => !row.food.nutrients).map((row) => row.food.ref));

  const drafts = rows.map((row) => {
    const amount = parseDecimal(row.amountText);
    const food = { ...row.food, nutrients: row.food.nutrients ?? extra.nutrientsOf(row.food.ref) };
    return Number.isFinite(amount) && amount > 0
      ? entryFromFood(food, amount, row.measure, { id: DRAFT_ID, meal, now: draftTime })
      : null;
  });
  const ready = drafts.filter((draft): draft is Entry => draft !== null);
  const totals = sumTotals(ready);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const index = drafts.findIndex((draft) => draft === null || entryRefusal(draft) !== null);
    if (index >= 0) {
      const draft = drafts[index];
      const refusal = draft ? entryRefusal(draft) : null;
      setError(`${rows[index]!.food.name}: ${refusal ? refusalMessage(refusal) : tErrors('amountRange')}`);
      return;
    }
    if (ready.length === 0) return;
    copyEntries.mutate(
      { date, entries: ready },
      {
        onSuccess: (added) => {
          toast({
            title: t('added', { count: added.length }),
            variant: 'success',
            action: {
              label: t('undo'),
              onClick: () => deleteEntries.mutate({ date, entryIds: added.map((entry) => entry.id) }),
            },
          });
          onDone();
        },
        onError: (failure) => setError(refusalMessage(failure)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="several-foods">
      <BackButton label={t('back')} onClick={onBack} />
      {heading ? <p className="font-semibold">{heading}</p> : null}
      <ul className="grid gap-2">
        {rows.map((row, i) => {
          const inputId = `${baseId}-${row.key}`;
          const draft = drafts[i] ?? null;
          return (
            <li key={row.key} className="flex items-center gap-2">
              <label htmlFor={inputId} className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{row.food.name}</span>
                <span className="text-fg-muted block text-xs tabular-nums">
                  {draft ? figureOf(draft) : '–'}
                </span>
              </label>
              <div className="w-20 shrink-0">
                <input
                  id={inputId}
                  inputMode="decimal"
                  autoComplete="off"
                  aria-invalid={draft === null || entryRefusal(draft) !== null}
                  value={row.amountText}
                  onChange={(event) =>
                    setRows((current) =>
                      current.map((item) =>
                        item.key === row.key ? { ...item, amountText: event.target.value } : item,
                      ),
                    )
                  }
                  className={cn(inputClass, 'text-right tabular-nums')}
                />
              </div>
              <span className="text-fg-muted w-20 truncate text-sm sm:w-32">
                {row.measure ? measureNoun(servingLabel(row.measure.label)) : t('unitGrams')}
              </span>
              <button
                type="button"
                onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
                aria-label={t('leaveOut', { name: row.food.name })}
                className="text-fg-muted hover:bg-muted hover:text-error grid size-10 shrink-0 cursor-pointer place-items-center rounded-xl text-lg"
              >
                <Icon name="close" />
              </button>
            </li>
          );
        })}
      </ul>
      <MealSelect value={meal} onChange={onMealChange} />
      <NutritionPreview totals={totals} testId="several-preview" />
      {extra.failed ? <p className="text-fg-muted text-sm">{t('nutrientsUnavailable')}</p> : null}
      <FormError>{error}</FormError>
      <Button type="submit" disabled={copyEntries.isPending || extra.loading || rows.length === 0}>
        {t('logSeveral', { count: rows.length })}
      </Button>
    </form>
  );
}
