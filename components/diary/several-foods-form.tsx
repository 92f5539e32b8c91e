'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { BackButton } from '@/components/ui/back-button';
import { Button } from '@/components/ui/button';
import { inputClass, parseDecimal } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Icon } from '@/components/ui/icon';
import { cn } from '@/lib/ui/cn';
import { entryRefusal } from '@/lib/data';
import { useAddEntriesWithUndo } from './use-add-entries';
import type { Meal } from '@/lib/diary/meals';
import { convertAmount, entryFromFood, sumTotals, type FoodPick } from '@/lib/diary/nutrition';
import type { Entry } from '@/lib/schemas/entry';
import { MealSelect } from './meal-select';
import { NutritionPreview } from './nutrition-preview';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useRefusalMessage } from '@/lib/hooks/use-refusal-message';
import { useServingLabel } from '@/lib/hooks/use-serving-label';
import { foodMeasures, sameMeasure } from '@/lib/diary/measures';
import type { Serving } from '@/lib/schemas/food';
import { Select } from '@/components/ui/select';
import { useCatalogNutrients } from '@/lib/hooks/use-catalog-nutrients';

/** One food to log among several, with its amount as first offered. */
export type SeveralItem = { key: string } & FoodPick & {
    /**
     * The foods the words of a described meal may mean, each counted as the words said, the one
     * chosen among them: the row lets the user take another (issue 49).
     */
    choices?: readonly FoodPick[];
    /** What the user should check about the row ("handful is not one of this food's measures"). */
    note?: string | null;
    /** The words the row was read from ("two eggs"), shown beside its figures. */
    said?: string;
  };

type Row = SeveralItem & { amountText: string };

/** The select's value for grams; a measure's is its index. */
const GRAMS = 'g';

/** A row's food's measures (its serving first), and the row's own if the food no longer has it. */
function measuresOf(row: Row): Serving[] {
  const measures = foodMeasures({ serving: row.food.serving, measures: [...row.food.measures] });
  return row.measure && !measures.some((option) => sameMeasure(option, row.measure!))
    ? [row.measure, ...measures]
    : measures;
}

/** The drafts' id until saving: the copy gives each entry its own. */
const DRAFT_ID = '00000000-0000-4000-8000-000000000001';

type SeveralFoodsFormProps = {
  /**
   * The foods, as first offered. When they change (a described meal typed further), rows of keys
   * already shown keep what the user changed in them, and rows the user left out stay out.
   */
  items: readonly SeveralItem[];
  /** Shown above the list: the saved meal's name, say. */
  heading?: string;
  date: string;
  meal: Meal;
  onMealChange: (meal: Meal) => void;
  /** Back to the search; none where the step above shows its own way back. */
  onBack?: () => void;
  onDone: () => void;
};

const rowOf = (item: SeveralItem): Row => ({ ...item, amountText: String(item.amount) });

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
  const addEntries = useAddEntriesWithUndo();
  const baseId = useId();
  const [rows, setRows] = useState<Row[]>(() => items.map(rowOf));
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(() => new Set());
  // New items (the description typed further): merged into the rows during render, as React
  // advises for state that follows a prop, so no frame shows the old list.
  const [shownItems, setShownItems] = useState(items);
  if (items !== shownItems) {
    setShownItems(items);
    setRows((current) => {
      const byKey = new Map(current.map((row) => [row.key, row]));
      return items.filter((item) => !leftOut.has(item.key)).map((item) => byKey.get(item.key) ?? rowOf(item));
    });
  }
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

  function update(key: string, change: Partial<Row>) {
    setRows((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }

  /** Counts a row in another measure, the same weight: 1 slice of 30 g becomes 30 g, not 1 g. */
  function changeMeasure(row: Row, options: readonly Serving[], value: string) {
    const measure = value === GRAMS ? null : (options[Number(value)] ?? null);
    const amount = parseDecimal(row.amountText);
    const amountText =
      Number.isFinite(amount) && amount > 0
        ? String(convertAmount(amount, row.measure?.grams ?? null, measure?.grams ?? null))
        : row.amountText;
    update(row.key, { measure, amountText });
  }

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
    addEntries.add(date, ready, {
      title: (count) => t('added', { count }),
      onDone,
      onError: (failure) => setError(refusalMessage(failure)),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="several-foods">
      {onBack ? <BackButton label={t('back')} onClick={onBack} /> : null}
      {heading ? <p className="font-semibold">{heading}</p> : null}
      <ul className="grid gap-4">
        {rows.map((row, i) => {
          const inputId = `${baseId}-${row.key}`;
          const draft = drafts[i] ?? null;
          const options = measuresOf(row);
          const chosen = row.measure ? options.findIndex((option) => sameMeasure(option, row.measure!)) : -1;
          const choosing = (row.choices?.length ?? 0) > 1;
          return (
            // The name has a line of its own and wraps (a long one was cut to a few letters on a
            // phone); the amount and its measure, which can be changed, go below it (issue 48).
            <li key={row.key} className="grid gap-2" data-testid="several-row">
              <div className="flex items-start gap-2">
                <div className="grid min-w-0 flex-1 gap-1">
                  {choosing ? (
                    <Select
                      aria-label={t('describe.foodOf', { text: row.said ?? row.food.name })}
                      value={String(
                        Math.max(
                          0,
                          row.choices!.findIndex((choice) => choice.food.ref === row.food.ref),
                        ),
                      )}
                      onChange={(event) => {
                        const choice = row.choices![Number(event.target.value)];
                        if (choice)
                          update(row.key, { ...choice, amountText: String(choice.amount), note: null });
                      }}
                    >
                      {row.choices!.map((choice, index) => (
                        <option key={index} value={String(index)}>
                          {choice.food.name}
                        </option>
                      ))}
                    </Select>
                  ) : null}
                  <label htmlFor={inputId} className="min-w-0 wrap-anywhere">
                    {/* With a choice of food, the select shows the name; the amount keeps it as its label. */}
                    <span className={choosing ? 'sr-only' : 'block text-sm font-medium'}>
                      {row.food.name}
                    </span>
                    <span className="text-fg-muted block text-xs tabular-nums">
                      {row.said ? `${t('describe.said', { text: row.said })} · ` : ''}
                      {draft ? figureOf(draft) : '–'}
                    </span>
                    {row.note ? (
                      <span className="mt-0.5 flex items-start gap-1 text-xs text-amber-700 dark:text-amber-300">
                        <Icon name="warning" className="mt-px shrink-0" />
                        {row.note}
                      </span>
                    ) : null}
                  </label>
                </div>
                <button
                  type="button"
                  onClick={() => {
                    setLeftOut((current) => new Set(current).add(row.key));
                    setRows((current) => current.filter((item) => item.key !== row.key));
                  }}
                  aria-label={t('leaveOut', { name: row.food.name })}
                  className="text-fg-muted hover:bg-muted hover:text-error grid size-10 shrink-0 cursor-pointer place-items-center rounded-xl text-lg"
                >
                  <Icon name="close" />
                </button>
              </div>
              <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2">
                <input
                  id={inputId}
                  inputMode="decimal"
                  autoComplete="off"
                  aria-invalid={draft === null || entryRefusal(draft) !== null}
                  value={row.amountText}
                  onChange={(event) => update(row.key, { amountText: event.target.value })}
                  className={cn(inputClass, 'text-right tabular-nums')}
                />
                <Select
                  aria-label={t('unitOf', { name: row.food.name })}
                  value={chosen >= 0 ? String(chosen) : GRAMS}
                  onChange={(event) => changeMeasure(row, options, event.target.value)}
                >
                  <option value={GRAMS}>{t('unitGrams')}</option>
                  {options.map((option, index) => (
                    <option key={index} value={String(index)}>
                      {option.label
                        ? t('unitServing', {
                            label: servingLabel(option.label),
                            weight: foodWeight(option.grams),
                          })
                        : t('unitServings', { weight: foodWeight(option.grams) })}
                    </option>
                  ))}
                </Select>
              </div>
            </li>
          );
        })}
      </ul>
      <MealSelect value={meal} onChange={onMealChange} />
      <NutritionPreview totals={totals} testId="several-preview" />
      {extra.failed ? <p className="text-fg-muted text-sm">{t('nutrientsUnavailable')}</p> : null}
      <FormError>{error}</FormError>
      <Button type="submit" disabled={addEntries.pending || extra.loading || rows.length === 0}>
        {t('logSeveral', { count: rows.length })}
      </Button>
    </form>
  );
}
