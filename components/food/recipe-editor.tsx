'use client';

import { useUnitFormat } from '@/lib/hooks/use-units';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFoodIndex, type FoundFood } from '@/lib/hooks/use-food-index';
import { RecipePaste, type LeftOutLine, type PasteReading } from '@/components/food/recipe-paste';
import { Button } from '@/components/ui/button';
import { Field, Input, inputClass, parseDecimal } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { Icon } from '@/components/ui/icon';
import { SearchInput } from '@/components/ui/search-input';
import { cn } from '@/lib/ui/cn';
import { StorageFullError } from '@/lib/data';
import { recipeNutrition } from '@/lib/diary/recipe';
import { scaleNutrients, withKnown } from '@/lib/diary/nutrients';
import { NutrientLine } from '@/components/diary/nutrient-line';
import { useCatalogNutrients } from '@/lib/hooks/use-catalog-nutrients';
import { inRange, LIMITS, limitMessageValues } from '@/lib/limits';
import type { FoodRef } from '@/lib/schemas/entry';
import {
  foodInputSchema,
  type Food,
  type FoodInput,
  type RecipeIngredient,
  type RecipeSource,
} from '@/lib/schemas/food';

/** An ingredient row while editing: its grams as typed. */
type Row = Omit<RecipeIngredient, 'grams'> & { key: string; gramsText: string };

/** Ingredient search results shown under the field. */
const INGREDIENT_RESULTS = 6;

type RecipeEditorProps = {
  food?: Food;
  submitLabel: string;
  /** `replacing`: the library's recipe of the same page, which the user chose to update instead. */
  onSubmit: (input: FoodInput, replacing?: Food) => Promise<unknown>;
  onCancel: () => void;
  /** A recipe read elsewhere (a recipe app's export), taken in for review as a paste is. */
  reading?: PasteReading;
};

/**
 * Whether a recipe of the library came from the same place as one being imported: the same page,
 * or, without one, the same recipe app and name.
 */
function sameSource(saved: Food, name: string | null, source: RecipeSource): boolean {
  const before = saved.recipe?.source;
  if (!before) return false;
  if (source.address) return before.address === source.address;
  return !!source.app && before.app === source.app && !before.address && saved.name === name;
}

function rowsOf(food: Food | undefined): Row[] {
  return (food?.recipe?.ingredients ?? []).map((ingredient, index) => ({
    ...ingredient,
    key: `${index}-${String(ingredient.food)}`,
    gramsText: String(ingredient.grams),
  }));
}

/**
 * A recipe: ingredients from the user's foods and the catalog, each weighed in grams, and what
 * the dish makes (servings, and its cooked weight if weighed). Saved as a food of the library,
 * with its figures per 100 g and a serving worked out by lib/diary/recipe, so it is logged,
 * exported and synced like any food, and an entry of it keeps its figures like any entry.
 */
export function RecipeEditor({ food, submitLabel, onSubmit, onCancel, reading }: RecipeEditorProps) {
  const t = useTranslations('food');
  const tErrors = useTranslations('food.errors');
  const tApps = useTranslations('settings.importers.apps');
  const format = useFormatter();
  const formatLimit = (value: number) => format.number(value);
  const figure = (value: number) => format.number(value, { maximumFractionDigits: 1 });
  const { energy } = useUnitFormat();
  const baseId = useId();
  const { index, foods, catalogLoaded, foodsLoaded, wholeIndexed } = useFoodIndex();
  const [name, setName] = useState(food?.name ?? '');
  const [servingsText, setServingsText] = useState(String(food?.recipe?.servings ?? 1));
  const [cookedText, setCookedText] = useState(
    food?.recipe?.cookedGrams ? String(food.recipe.cookedGrams) : '',
  );
  const [rows, setRows] = useState<Row[]>(() => rowsOf(food));
  // A saved meal is eaten as it was: one serving, not weighed after cooking.
  const kind = food?.recipe?.kind ?? 'recipe';
  const [query, setQuery] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const focusOnMount = useRef<string | null>(null);
  // What a pasted recipe's lines became, for review: the line each row was read from (marked when
  // the reading was unsure), and the lines that add nothing.
  const [pastedFrom, setPastedFrom] = useState<Record<string, { line: string; unsure: boolean }>>({});
  const [leftOut, setLeftOut] = useState<LeftOutLine[]>([]);
  const [stated, setStated] = useState<PasteReading['stated']>(null);
  // How it is made and where it came from, as an imported recipe brought them: kept on save.
  const [steps, setSteps] = useState<string[]>(food?.recipe?.steps ?? []);
  const [source, setSource] = useState<RecipeSource | null>(food?.recipe?.source ?? null);
  // A page read again: the recipe saved from it before, offered for updating instead of a second
  // copy (`chosen` once the user took the offer).
  const [replacing, setReplacing] = useState<{ food: Food; chosen: boolean } | null>(null);
  const nextKey = useRef(rows.length);

  const results = useMemo(
    () => (query.trim() ? index.search(query, INGREDIENT_RESULTS) : []),
    [index, query],
  );
  const servings = parseDecimal(servingsText);
  const cookedGrams = cookedText.trim() === '' ? null : parseDecimal(cookedText);
  // A catalog ingredient's nutrients come from their own file; the recipe saves once they are here.
  const extra = useCatalogNutrients(rows.filter((row) => !row.nutrients).map((row) => row.food));
  const ingredients: RecipeIngredient[] = rows.map((row) => ({
    food: row.food,
    name: row.name,
    grams: parseDecimal(row.gramsText),
    kcal: row.kcal,
    protein: row.protein,
    fat: row.fat,
    carbs: row.carbs,
    ...withKnown(row.nutrients ?? extra.nutrientsOf(row.food)),
  }));
  const countable = ingredients.filter((ingredient) =>
    inRange(ingredient.grams, LIMITS.recipeIngredientGrams),
  );
  const yieldValid =
    inRange(servings, LIMITS.recipeServings) &&
    (cookedGrams === null || inRange(cookedGrams, LIMITS.recipeCookedGrams));
  const made =
    countable.length > 0 && yieldValid ? recipeNutrition(countable, { servings, cookedGrams }) : null;

  function rowOf(found: FoundFood, grams: number): Row {
    const ref: FoodRef = found.food.ref;
    return {
      key: `new-${nextKey.current++}`,
      food: ref,
      name: found.food.name.slice(0, LIMITS.nameLength.max),
      kcal: found.food.kcal,
      protein: found.food.protein,
      fat: found.food.fat,
      carbs: found.food.carbs,
      ...withKnown(found.food.nutrients),
      gramsText: String(grams),
    };
  }

  function addIngredient(found: FoundFood) {
    const row = rowOf(found, found.food.serving?.grams ?? 100);
    const key = row.key;
    setRows((current) => [...current, row]);
    setQuery('');
    // The weight is the next thing to type: the new row's grams, selected as it mounts, in the
    // same commit, so no key typed right after the pick goes elsewhere.
    focusOnMount.current = key;
  }

  function takePaste(reading: PasteReading) {
    if (reading.title && !name.trim()) setName(reading.title);
    if (reading.servings !== null && kind === 'recipe') setServingsText(String(reading.servings));
    const room = LIMITS.recipeIngredients.max - rows.length;
    const taken = reading.ingredients.slice(0, Math.max(0, room));
    const added = taken.map((pasted) => ({ row: rowOf(pasted.found, pasted.grams), pasted }));
    setRows((current) => [...current, ...added.map(({ row }) => row)]);
    setPastedFrom((current) => ({
      ...current,
      ...Object.fromEntries(
        added.map(({ row, pasted }) => [row.key, { line: pasted.line, unsure: pasted.sure !== 'sure' }]),
      ),
    }));
    const over = reading.ingredients
      .slice(taken.length)
      .map((pasted): LeftOutLine => ({ text: pasted.line, search: null, reason: 'tooMany' }));
    setLeftOut([...reading.leftOut, ...over]);
    setStated(reading.stated);
    if (reading.steps.length > 0) setSteps(reading.steps);
    if (reading.source) setSource(reading.source);
    const from = reading.source;
    const before = from
      ? foods.find((own) => own.id !== food?.id && sameSource(own, reading.title, from))
      : undefined;
    setReplacing(before ? { food: before, chosen: false } : null);
  }

  // A recipe handed in is taken once, as the editor opens.
  const readingTaken = useRef(false);
  useEffect(() => {
    if (!reading || readingTaken.current) return;
    readingTaken.current = true;
    takePaste(reading);
  });

  function toInput(): FoodInput | null {
    const next: Record<string, string> = {};
    if (rows.length === 0)
      next.ingredients = tErrors(
        'ingredientsCount',
        limitMessageValues('food', 'ingredientsCount', formatLimit),
      );
    for (const [i, ingredient] of ingredients.entries()) {
      if (!inRange(ingredient.grams, LIMITS.recipeIngredientGrams))
        next[`row-${rows[i]!.key}`] = tErrors(
          'ingredientGrams',
          limitMessageValues('food', 'ingredientGrams', formatLimit),
        );
    }
    if (!inRange(servings, LIMITS.recipeServings))
      next.servings = tErrors('servingsRange', limitMessageValues('food', 'servingsRange', formatLimit));
    if (cookedGrams !== null && !inRange(cookedGrams, LIMITS.recipeCookedGrams))
      next.cooked = tErrors('cookedGrams', limitMessageValues('food', 'cookedGrams', formatLimit));
    if (Object.keys(next).length > 0 || !made) {
      setErrors(next);
      return null;
    }
    const parsed = foodInputSchema.safeParse({
      name,
      brand: null,
      ...made.per100,
      ...withKnown(made.nutrients),
      serving: { label: food?.serving?.label ?? t('recipeServingLabel'), grams: made.serving.grams },
      favorite: food?.favorite ?? false,
      recipe: {
        kind,
        ingredients,
        servings,
        cookedGrams,
        ...(steps.length > 0 ? { steps } : {}),
        ...(source ? { source } : {}),
      },
    });
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      if (field === 'name')
        next.name ??= tErrors('nameLength', limitMessageValues('food', 'nameLength', formatLimit));
      // A serving lighter or heavier than a food's serving may be: fewer or more servings.
      else if (field === 'serving')
        next.servings ??=
          made.serving.grams < LIMITS.servingGrams.min
            ? tErrors('recipeServingLight', {
                grams: figure(made.serving.grams),
                min: formatLimit(LIMITS.servingGrams.min),
              })
            : tErrors('recipeServingWeight', {
                grams: figure(made.serving.grams),
                max: formatLimit(LIMITS.servingGrams.max),
              });
      // Figures past a food's limits: the dish is denser than food can be, its cooked weight too low.
      else next.cooked ??= tErrors('recipeDense', { kcal: figure(made.per100.kcal) });
    }
    setErrors(next);
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = toInput();
    if (!input) return;
    setFormError(null);
    setPending(true);
    try {
      await onSubmit(input, replacing?.food ?? undefined);
    } catch (failure) {
      setFormError(failure instanceof StorageFullError ? tErrors('storageFull') : tErrors('saveFailed'));
    } finally {
      setPending(false);
    }
  }

  const nameId = `${baseId}-name`;
  const servingsId = `${baseId}-servings`;
  const cookedId = `${baseId}-cooked`;
  const searchId = `${baseId}-search`;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" data-testid="recipe-form">
      <Field id={nameId} label={t('name')} error={errors.name}>
        <Input
          id={nameId}
          autoFocus={!food}
          autoComplete="off"
          invalid={!!errors.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <div className={cn('grid grid-cols-2 gap-3', kind === 'meal' && 'hidden')}>
        <Field id={servingsId} label={t('recipeServings')} error={errors.servings}>
          <Input
            id={servingsId}
            inputMode="decimal"
            autoComplete="off"
            invalid={!!errors.servings}
            value={servingsText}
            onChange={(event) => setServingsText(event.target.value)}
          />
        </Field>
        <Field id={cookedId} label={t('recipeCooked')} error={errors.cooked} hint={t('recipeCookedHint')}>
          <Input
            id={cookedId}
            inputMode="decimal"
            autoComplete="off"
            invalid={!!errors.cooked}
            value={cookedText}
            onChange={(event) => setCookedText(event.target.value)}
          />
        </Field>
      </div>

      {replacing ? (
        <div className="bg-muted grid gap-2 rounded-2xl px-4 py-3 text-sm" data-testid="recipe-same-page">
          <p>
            {replacing.chosen
              ? t('recipeSamePageUpdating', { name: replacing.food.name })
              : source?.app && !source.address
                ? t('recipeSameApp', { name: replacing.food.name, app: tApps(source.app) })
                : t('recipeSamePage', { name: replacing.food.name })}
          </p>
          {replacing.chosen ? null : (
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={() => setReplacing({ ...replacing, chosen: true })}>
                {t('recipeSamePageUpdate')}
              </Button>
              <Button type="button" variant="secondary" onClick={() => setReplacing(null)}>
                {t('recipeSamePageKeepBoth')}
              </Button>
            </div>
          )}
        </div>
      ) : null}
      {kind === 'recipe' ? (
        <RecipePaste
          index={index}
          foodsReady={catalogLoaded && foodsLoaded}
          catalogLoading={!wholeIndexed}
          onRead={takePaste}
        />
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('recipeIngredients')}</legend>
        {rows.length > 0 ? (
          <ul className="grid gap-1.5" data-testid="recipe-ingredients">
            {rows.map((row, i) => {
              const grams = ingredients[i]!.grams;
              const error = errors[`row-${row.key}`];
              const gramsId = `${baseId}-grams-${row.key}`;
              return (
                <li key={row.key} className="grid gap-1">
                  <div className="flex items-center gap-2">
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium">{row.name}</span>
                      {pastedFrom[row.key]?.unsure ? (
                        <span
                          className="flex items-start gap-1 text-xs text-amber-700 dark:text-amber-300"
                          data-testid="recipe-pasted-from"
                        >
                          <Icon name="warning" className="mt-px shrink-0" />
                          <span className="line-clamp-2 break-words">
                            {t('recipePastedUnsure', { line: pastedFrom[row.key]!.line })}
                          </span>
                        </span>
                      ) : pastedFrom[row.key] ? (
                        <span
                          className="text-fg-muted block truncate text-xs"
                          data-testid="recipe-pasted-from"
                        >
                          {t('recipePastedFrom', { line: pastedFrom[row.key]!.line })}
                        </span>
                      ) : null}
                      <span className="text-fg-muted block text-xs tabular-nums">
                        {Number.isFinite(grams)
                          ? t('kcalValue', { value: figure((row.kcal * grams) / 100) })
                          : '–'}
                      </span>
                    </span>
                    <label htmlFor={gramsId} className="sr-only">
                      {t('ingredientGramsOf', { name: row.name })}
                    </label>
                    <div className="w-24 shrink-0">
                      <input
                        id={gramsId}
                        ref={(element) => {
                          if (element && focusOnMount.current === row.key) {
                            focusOnMount.current = null;
                            element.focus();
                            element.select();
                          }
                        }}
                        inputMode="decimal"
                        autoComplete="off"
                        aria-invalid={!!error}
                        value={row.gramsText}
                        onChange={(event) =>
                          setRows((current) =>
                            current.map((item) =>
                              item.key === row.key ? { ...item, gramsText: event.target.value } : item,
                            ),
                          )
                        }
                        className={cn(inputClass, 'text-right tabular-nums')}
                      />
                    </div>
                    <span className="text-fg-muted w-3 text-sm">{t('gramsUnit')}</span>
                    <button
                      type="button"
                      onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
                      aria-label={t('removeIngredient', { name: row.name })}
                      className="text-fg-muted hover:bg-muted hover:text-error grid size-10 shrink-0 cursor-pointer place-items-center rounded-xl text-lg"
                    >
                      <Icon name="trash" />
                    </button>
                  </div>
                  {error ? <p className="text-error-strong text-sm">{error}</p> : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        {leftOut.length > 0 ? (
          <section className="grid gap-1 text-sm" data-testid="recipe-left-out">
            <h3 className="text-fg-muted text-xs font-semibold uppercase">{t('recipeLeftOut')}</h3>
            <ul className="grid gap-1">
              {leftOut.map((line, i) => (
                <li key={`${i}-${line.text}`} className="flex items-center gap-2">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{line.text}</span>
                    <span className="text-fg-muted block text-xs">
                      {t(`recipeLeftOutWhy.${line.reason}`)}
                    </span>
                  </span>
                  {line.search !== null ? (
                    <Button
                      type="button"
                      variant="secondary"
                      onClick={() => {
                        setQuery(line.search!);
                        document.getElementById(searchId)?.focus();
                      }}
                    >
                      {t('recipeLeftOutSearch')}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <SearchInput
          id={searchId}
          label={t('addIngredient')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the first result instead of submitting the recipe half-made.
            if (event.key === 'Enter') {
              event.preventDefault();
              if (results[0]) addIngredient(results[0]);
            }
          }}
          placeholder={t('addIngredient')}
          aria-invalid={!!errors.ingredients}
        />
        {results.length > 0 ? (
          <ul className="grid" aria-label={t('addIngredient')}>
            {results.map((found) => (
              <li key={found.key}>
                <button
                  type="button"
                  onClick={() => addIngredient(found)}
                  className="hover:bg-muted flex w-full cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-left"
                >
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{found.food.name}</span>
                  <span className="text-fg-muted text-xs tabular-nums">
                    {t('kcalPer100', { energy: energy(found.food.kcal, 1) })}
                  </span>
                  <Icon name="plus" className="text-primary text-lg" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {errors.ingredients ? <p className="text-error-strong text-sm">{errors.ingredients}</p> : null}
      </fieldset>

      {steps.length > 0 || source?.address ? (
        <details className="text-sm" data-testid="recipe-steps">
          <summary className="cursor-pointer font-semibold">
            {steps.length > 0 ? t('recipeSteps', { count: steps.length }) : t('recipeSourceTitle')}
          </summary>
          {steps.length > 0 ? (
            <ol className="mt-2 grid list-decimal gap-1.5 pl-5">
              {steps.map((step, i) => (
                <li key={`${i}-${step.slice(0, 20)}`}>{step}</li>
              ))}
            </ol>
          ) : null}
          {source?.address ? (
            <p className="text-fg-muted mt-2 break-all">
              {t('recipeSource')}{' '}
              <a
                href={source.address}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="underline"
              >
                {source.address}
              </a>
            </p>
          ) : null}
        </details>
      ) : null}

      <section
        aria-live="polite"
        className="bg-muted grid gap-1 rounded-2xl px-4 py-3 text-sm tabular-nums"
        data-testid="recipe-summary"
      >
        {made ? (
          <>
            <p className="font-semibold">
              {t('recipePerServing', { grams: figure(made.serving.grams) })}:{' '}
              {t('recipeFigures', {
                energy: energy(made.serving.figures.kcal, 1),
                protein: figure(made.serving.figures.protein),
                fat: figure(made.serving.figures.fat),
                carbs: figure(made.serving.figures.carbs),
              })}
            </p>
            <NutrientLine
              nutrients={scaleNutrients(made.nutrients, made.serving.grams / 100)}
              testId="recipe-serving-nutrients"
            />
            {stated?.kcal != null ? (
              <p data-testid="recipe-page-states">
                {t(source?.app ? 'recipeAppStates' : 'recipePageStates', {
                  app: source?.app ? tApps(source.app) : '',
                  energy: energy(stated.kcal, 1),
                  difference: format.number((made.serving.figures.kcal - stated.kcal) / stated.kcal, {
                    style: 'percent',
                    signDisplay: 'exceptZero',
                    maximumFractionDigits: 0,
                  }),
                })}
              </p>
            ) : null}
            <p className="text-fg-muted">
              {t('recipePer100')}:{' '}
              {t('recipeFigures', {
                energy: energy(made.per100.kcal, 1),
                protein: figure(made.per100.protein),
                fat: figure(made.per100.fat),
                carbs: figure(made.per100.carbs),
              })}
            </p>
          </>
        ) : (
          <p className="text-fg-muted">{t('recipeEmpty')}</p>
        )}
      </section>

      <FormError>{formError}</FormError>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={pending || extra.loading}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
