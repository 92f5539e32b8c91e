'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { FoodEditorDialog } from '@/components/food/food-editor-dialog';
import { readRecipeLines, type PasteReading } from '@/components/food/recipe-paste';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { ProgressBar } from '@/components/ui/progress-bar';
import { slicePauser } from '@/lib/browser/slices';
import { useFoodIndex } from '@/lib/hooks/use-food-index';
import type { Locale } from '@/lib/i18n/config';
import type { ReadRecipes } from '@/lib/importers/read-export';
import type { AppRecipe } from '@/lib/importers/recipe-apps/app-recipe';
import { LIMITS } from '@/lib/limits';
import type { RecipeApp } from '@/lib/schemas/food';

type FoodIndex = ReturnType<typeof useFoodIndex>['index'];

/** A recipe app's recipe matched to foods of `index`, as the recipe editor takes a paste. */
export function readAppRecipe(
  recipe: AppRecipe,
  app: RecipeApp,
  index: FoodIndex,
  locale: Locale,
): PasteReading {
  const lines = {
    title: recipe.name || null,
    servings: recipe.servings,
    ingredients: recipe.ingredients,
    steps: recipe.steps,
  };
  const image =
    recipe.image && /^https?:\/\//i.test(recipe.image) && recipe.image.length <= 2048 ? recipe.image : null;
  return {
    ...readRecipeLines(lines, index, locale),
    stated: recipe.nutrition,
    source: {
      ...(recipe.address ? { address: recipe.address } : {}),
      app,
      file: recipe.file.slice(0, LIMITS.nameLength.max),
      image,
      totalMinutes: recipe.totalMinutes,
    },
  };
}

/**
 * The recipes of a recipe app's export (Mealie, Tandoor, Paprika, Nextcloud Cookbook), each with
 * its ingredient lines matched to foods on this device, in slices so the page stays responsive.
 * Each is reviewed in the recipe editor, as a pasted recipe is, and saved from there.
 */
export function RecipeImport({ read }: { read: ReadRecipes }) {
  const t = useTranslations('settings.importers.recipes');
  const locale = useLocale() as Locale;
  const tFood = useTranslations('food');
  const { index, foodsLoaded, catalogLoaded, wholeIndexed } = useFoodIndex();
  const ready = foodsLoaded && catalogLoaded;
  const [readings, setReadings] = useState<{ list: PasteReading[]; whole: boolean } | null>(null);
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [saved, setSaved] = useState<ReadonlySet<number>>(new Set());

  // Matched again when the index changes (the whole catalog arrives after the curated foods, a
  // recipe saved joins the user's foods): the first matching shows as it goes, a later one
  // replaces the list once done, so nothing on screen flickers back to "matching".
  const matchedOnce = useRef(false);
  useEffect(() => {
    if (!ready) return;
    let stopped = false;
    void (async () => {
      const pause = slicePauser();
      const list: PasteReading[] = [];
      for (const recipe of read.recipes) {
        list.push(readAppRecipe(recipe, read.report.app, index, locale));
        await pause();
        if (stopped) return;
        if (!matchedOnce.current && list.length % 10 === 0)
          setReadings({ list: [...list], whole: wholeIndexed });
      }
      matchedOnce.current = true;
      setReadings({ list, whole: wholeIndexed });
    })();
    return () => {
      stopped = true;
    };
  }, [ready, index, wholeIndexed, locale, read]);

  const total = read.recipes.length;
  const list = readings?.list ?? [];
  const matching = !ready || list.length < total;
  return (
    <div className="grid gap-3 text-sm" data-testid="recipe-import">
      <p className="font-semibold" data-testid="recipe-import-count">
        {t('recipesFound', { count: total })}
      </p>
      {total > 0 ? <p className="text-fg-muted">{t('lead')}</p> : null}
      {read.report.more > 0 ? (
        <p className="text-amber-700 dark:text-amber-300">
          {t('more', { max: LIMITS.recipesPerImport.max, count: read.report.more })}
        </p>
      ) : null}
      {!ready ? <ProgressBar label={t('waitingForFoods')} /> : null}
      {ready && matching ? (
        <ProgressBar label={t('matching', { done: list.length, total })} value={list.length / total} />
      ) : null}
      {ready && !wholeIndexed ? <p className="text-fg-muted text-xs">{tFood('recipePasteLoading')}</p> : null}
      {total > 0 && !matching ? (
        <p className="text-fg-muted" role="status">
          {t('savedCount', { count: saved.size, total })}
        </p>
      ) : null}
      <ul
        className="divide-border border-border grid divide-y rounded-2xl border"
        data-testid="recipe-import-list"
        // For tests: whether every recipe is matched, and against the whole catalog.
        data-matched={matching ? 'no' : readings?.whole ? 'whole' : 'curated'}
      >
        {read.recipes.map((recipe, i) => (
          <RecipeRow
            key={i}
            recipe={recipe}
            reading={list[i]}
            saved={saved.has(i)}
            onReview={() => setReviewing(i)}
          />
        ))}
      </ul>
      {reviewing !== null && list[reviewing] ? (
        <FoodEditorDialog
          editing={{ kind: 'newRecipe', reading: list[reviewing] }}
          onSaved={() => setSaved((current) => new Set(current).add(reviewing))}
          onClose={() => setReviewing(null)}
        />
      ) : null}
    </div>
  );
}

function RecipeRow({
  recipe,
  reading,
  saved,
  onReview,
}: {
  recipe: AppRecipe;
  reading: PasteReading | undefined;
  saved: boolean;
  onReview: () => void;
}) {
  const t = useTranslations('settings.importers.recipes');
  const toCheck = reading?.ingredients.filter((ingredient) => ingredient.sure !== 'sure').length ?? 0;
  const found = reading?.ingredients.length ?? 0;
  const name = recipe.name || recipe.file;
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="recipe-import-row">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate font-medium">{name}</p>
        <p className="text-fg-muted text-xs">
          {recipe.ingredients.length === 0 ? t('noLines') : t('lines', { count: recipe.ingredients.length })}
          {reading && recipe.ingredients.length > 0 ? ` · ${t('foodsFound', { count: found })}` : null}
          {recipe.servings !== null ? ` · ${t('servings', { count: recipe.servings })}` : null}
        </p>
        {reading && (toCheck > 0 || reading.leftOut.length > 0) ? (
          <p className="text-xs">
            {toCheck > 0 ? (
              <span className="text-amber-700 dark:text-amber-300">{t('toCheck', { count: toCheck })}</span>
            ) : null}
            {toCheck > 0 && reading.leftOut.length > 0 ? ' · ' : null}
            {reading.leftOut.length > 0 ? (
              <span className="text-fg-muted">{t('leftOut', { count: reading.leftOut.length })}</span>
            ) : null}
          </p>
        ) : null}
      </div>
      {saved ? (
        <span
          className="text-primary-strong flex items-center gap-1 font-medium"
          data-testid="recipe-import-saved"
        >
          <Icon name="check" className="text-base" />
          {t('saved')}
        </span>
      ) : (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={!reading || recipe.ingredients.length === 0}
          aria-label={t('reviewNamed', { name })}
          onClick={onReview}
        >
          {t('review')}
        </Button>
      )}
    </li>
  );
}
