'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import type { Sureness } from '@/lib/diary/phrase-match';
import type { FoundFood, useFoodIndex } from '@/lib/hooks/use-food-index';
import type { Locale } from '@/lib/i18n/config';
import { LIMITS } from '@/lib/limits';
import { readIngredients } from '@/lib/recipes/read-ingredients';
import { readRecipeText } from '@/lib/recipes/recipe-text';
import { cn } from '@/lib/ui/cn';

type FoodIndex = ReturnType<typeof useFoodIndex>['index'];

/** An ingredient the paste found: the food, its grams, and the line it was read from. */
export type PastedIngredient = { found: FoundFood; grams: number; sure: Sureness; line: string };
/**
 * A line that adds nothing: no amount ("to taste"), a heading, no food its words name, or one past
 * the most ingredients a recipe holds.
 */
export type LeftOutLine = {
  text: string;
  /** The words to search the foods for, for a line no food was found for. */
  search: string | null;
  reason: 'toTaste' | 'heading' | 'noFood' | 'tooMany';
};

export type PasteReading = {
  title: string | null;
  servings: number | null;
  ingredients: PastedIngredient[];
  leftOut: LeftOutLine[];
};

/** Reads a pasted recipe's lines into foods of `index`, as the add dialog reads a phrase. */
export function readPastedRecipe(text: string, index: FoodIndex, locale: Locale): PasteReading {
  const pasted = readRecipeText(text.slice(0, LIMITS.recipeTextLength.max));
  const reading: PasteReading = {
    title: pasted.title,
    servings: pasted.servings,
    ingredients: [],
    leftOut: [],
  };
  const lines = readIngredients(
    pasted.ingredients,
    (words, limit) => index.ranked(words, limit),
    (found: FoundFood) => found.food,
    locale,
  );
  for (const { line, matches } of lines) {
    if (!line.counted) {
      if (line.reason !== 'empty')
        reading.leftOut.push({ text: line.text, search: null, reason: line.reason });
      continue;
    }
    for (const match of matches) {
      if (match.found && match.grams !== null && match.grams >= LIMITS.recipeIngredientGrams.min)
        reading.ingredients.push({
          found: match.found,
          grams: match.grams,
          sure: match.sure,
          line: line.text,
        });
      else
        reading.leftOut.push({ text: line.text, search: match.item.food || line.phrase, reason: 'noFood' });
    }
  }
  return reading;
}

type RecipePasteProps = {
  index: FoodIndex;
  /** The curated foods are in: before, a paste would find nothing. */
  foodsReady: boolean;
  /** The whole catalog is still on its way: a line may find fewer foods than it will. */
  catalogLoading: boolean;
  onRead: (reading: PasteReading) => void;
};

/**
 * "Paste a recipe": its text read on this device (offline too, in both modes), each ingredient
 * line matched to a food with its grams for the editor to show for review before saving.
 */
export function RecipePaste({ index, foodsReady, catalogLoading, onRead }: RecipePasteProps) {
  const t = useTranslations('food');
  const locale = useLocale() as Locale;
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);

  function read() {
    if (!text.trim() || !foodsReady) return;
    onRead(readPastedRecipe(text, index, locale));
    setText('');
    setOpen(false);
  }

  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="border-border rounded-2xl border px-4 py-3"
      data-testid="recipe-paste"
    >
      <summary className="cursor-pointer text-sm font-semibold">{t('recipePaste')}</summary>
      <div className="mt-3 grid gap-2">
        <label htmlFor={id} className="text-fg-muted text-sm">
          {t('recipePasteHint')}
        </label>
        <textarea
          id={id}
          rows={8}
          maxLength={LIMITS.recipeTextLength.max}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('recipePastePlaceholder')}
          className={cn(inputClass, 'h-auto min-h-40 py-2 leading-relaxed')}
        />
        {catalogLoading ? <p className="text-fg-muted text-xs">{t('recipePasteLoading')}</p> : null}
        <div className="flex justify-end">
          <Button type="button" variant="secondary" onClick={read} disabled={!text.trim() || !foodsReady}>
            {t('recipePasteRead')}
          </Button>
        </div>
      </div>
    </details>
  );
}
