'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { StorageFullError, useCreateFood, useFoods } from '@/lib/data';
import { catalogFoodOf } from '@/lib/catalog/load';
import { catalogSlugOf } from '@/lib/diary/entry-name';
import type { Locale } from '@/lib/i18n/config';
import type { Meal } from '@/lib/diary/meals';
import { useMeals } from '@/lib/hooks/use-meals';
import { sumTotals } from '@/lib/diary/nutrition';
import { isWeighed, savedMealFromEntries } from '@/lib/diary/saved-meal';
import { entryMeasure, measuresOfEntryFood } from '@/lib/diary/measures';
import { LIMITS } from '@/lib/limits';
import type { Entry } from '@/lib/schemas/entry';
import type { Serving } from '@/lib/schemas/food';
import { toast } from '@/lib/ui/toast-store';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useCalm } from '@/lib/hooks/use-calm';
import { useUnitFormat } from '@/lib/hooks/use-units';

type SaveMealDialogProps = { meal: Meal; entries: readonly Entry[]; onClose: () => void };

/**
 * Saves a meal as eaten under a name, to log again in one go from the add dialog. Quick adds
 * have no weight to scale, so they stay out, and the dialog says so.
 */
export function SaveMealDialog({ meal, entries, onClose }: SaveMealDialogProps) {
  const t = useTranslations('diary');
  const tErrors = useTranslations('food.errors');
  const formatNumber = useFormatNumber();
  const { energy } = useUnitFormat();
  const calm = useCalm();
  const createFood = useCreateFood();
  const locale = useLocale() as Locale;
  const foods = useFoods().data;

  /**
   * The measure each entry was counted in, from its food (the user's, or the catalog's, loaded
   * only for the entries counted in one): so the meal logs "2 × slice" again as such.
   */
  async function measuresOfFoods(list: readonly Entry[]): Promise<(entry: Entry) => Serving | null> {
    const slugs = new Set(list.filter((entry) => entry.unit === 'serving').map(catalogSlugOf));
    slugs.delete(null);
    const catalog = new Map(
      await Promise.all([...slugs].map(async (slug) => [slug, await catalogFoodOf(slug!)] as const)),
    );
    return (entry) => {
      const slug = catalogSlugOf(entry);
      const own = foods?.find((food) => food.id === entry.food);
      const measures = measuresOfEntryFood(
        { own, catalog: slug === null ? undefined : catalog.get(slug) },
        locale,
      );
      return entryMeasure(entry, measures);
    };
  }
  const nameId = useId();
  const mealName = useMeals().nameOf(meal);
  const [name, setName] = useState(mealName);
  const [error, setError] = useState<string | null>(null);
  const weighed = entries.filter(isWeighed);
  const skipped = entries.length - weighed.length;
  const totals = sumTotals(weighed);
  // A saved meal is one serving of itself, and a serving weighs at most LIMITS.servingGrams.
  const grams = weighed.reduce((sum, entry) => sum + entry.grams, 0);
  const tooHeavy = grams > LIMITS.servingGrams.max;
  const trimmed = name.trim();
  const nameValid = trimmed.length >= LIMITS.nameLength.min && trimmed.length <= LIMITS.nameLength.max;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!nameValid || weighed.length === 0 || tooHeavy) return;
    setError(null);
    try {
      const servingOf = await measuresOfFoods(weighed);
      await createFood.mutateAsync(savedMealFromEntries(trimmed, weighed, t('savedMealServing'), servingOf));
      toast({ title: t('mealSaved'), description: trimmed, variant: 'success' });
      onClose();
    } catch (failure) {
      setError(failure instanceof StorageFullError ? tErrors('storageFull') : tErrors('saveFailed'));
    }
  }

  return (
    <Dialog
      closeOnBack
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('saveMealTitle', { meal: mealName })}
    >
      <form onSubmit={submit} noValidate className="grid gap-4" data-testid="save-meal">
        <Field
          id={nameId}
          label={t('mealName')}
          error={
            nameValid
              ? undefined
              : tErrors('nameLength', { min: LIMITS.nameLength.min, max: LIMITS.nameLength.max })
          }
        >
          <Input
            id={nameId}
            autoFocus
            autoComplete="off"
            invalid={!nameValid}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </Field>
        <p className="bg-muted rounded-xl px-4 py-3 text-sm tabular-nums">
          {calm
            ? t('foodCount', { count: weighed.length })
            : t('mealSummary', { count: weighed.length, energy: energy(totals.kcal) })}
          {skipped > 0 ? (
            <span className="text-fg-muted block">{t('quickAddsLeftOut', { count: skipped })}</span>
          ) : null}
        </p>
        {tooHeavy ? (
          <FormError>
            {t('mealTooHeavy', { grams: formatNumber(grams), max: formatNumber(LIMITS.servingGrams.max) })}
          </FormError>
        ) : null}
        <FormError>{error}</FormError>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            disabled={createFood.isPending || !nameValid || weighed.length === 0 || tooHeavy}
          >
            {t('saveMeal')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
