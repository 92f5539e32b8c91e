'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import type { Sureness } from '@/lib/diary/phrase-match';
import type { FoundFood, useFoodIndex } from '@/lib/hooks/use-food-index';
import type { Locale } from '@/lib/i18n/config';
import { LIMITS, megabytes, RECIPE_PAGES } from '@/lib/limits';
import type { RecipeSource } from '@/lib/schemas/food';
import { readIngredients } from '@/lib/recipes/read-ingredients';
import { readRecipeText, type PastedRecipe } from '@/lib/recipes/recipe-text';
import { apiRequest, ApiError } from '@/lib/http/api-client';
import {
  pageRefusals,
  recipePageAnswerSchema,
  type PageRecipeAnswer,
  type PageRefusalReason,
  type RecipePageAnswer,
} from '@/lib/schemas/recipe-page';
import { cn } from '@/lib/ui/cn';

type FoodIndex = ReturnType<typeof useFoodIndex>['index'];

/** An ingredient the paste found: the food, its grams, and the line it was read from. */
export type PastedIngredient = { found: FoundFood; grams: number; sure: Sureness; line: string };
/**
 * A line that adds nothing: added to taste, no amount given, a heading, no food its words name,
 * or one past the most ingredients a recipe holds.
 */
export type LeftOutLine = {
  text: string;
  /** The words to search the foods for, for a line no food was found for. */
  search: string | null;
  reason: 'toTaste' | 'noAmount' | 'heading' | 'noFood' | 'tooMany';
};

export type PasteReading = {
  title: string | null;
  servings: number | null;
  ingredients: PastedIngredient[];
  leftOut: LeftOutLine[];
  /** What the page says a serving holds, where it says so: shown beside what the ingredients make. */
  stated: PageRecipeAnswer['nutrition'];
  /** How it is made, kept with the recipe. */
  steps: string[];
  /** The page it was read from; null for a paste. */
  source: RecipeSource | null;
};

/** Reads a pasted recipe's lines into foods of `index`, as the add dialog reads a phrase. */
export function readPastedRecipe(text: string, index: FoodIndex, locale: Locale): PasteReading {
  return readRecipeLines(readRecipeText(text.slice(0, LIMITS.recipeTextLength.max)), index, locale);
}

/** A recipe's ingredient lines (pasted, or a page's) matched to foods of `index`. */
export function readRecipeLines(pasted: PastedRecipe, index: FoodIndex, locale: Locale): PasteReading {
  const reading: PasteReading = {
    title: pasted.title,
    servings: pasted.servings,
    ingredients: [],
    leftOut: [],
    stated: null,
    steps: pasted.steps
      .map((step) => step.slice(0, LIMITS.recipeStepLength.max))
      .slice(0, LIMITS.recipeSteps.max),
    source: null,
  };
  const lines = readIngredients(
    pasted.ingredients,
    (words, limit) => index.ranked(words, limit),
    (found: FoundFood) => found.food,
    locale,
  );
  for (const { line, matches } of lines) {
    if (!line.counted) {
      // A food named without an amount can still be searched for and weighed by hand.
      if (line.reason !== 'empty')
        reading.leftOut.push({
          text: line.text,
          search: line.reason === 'noAmount' ? line.text : null,
          reason: line.reason,
        });
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

/** The address, when what was pasted is one web page's address and nothing else. */
function pageAddress(text: string): string | null {
  const trimmed = text.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) ? trimmed : null;
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
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [choices, setChoices] = useState<RecipePageAnswer | null>(null);

  async function read() {
    if (!text.trim() || !foodsReady || pending) return;
    setProblem(null);
    setChoices(null);
    const address = pageAddress(text);
    if (address === null) return done(readPastedRecipe(text, index, locale));
    if (!navigator.onLine) return setProblem(t('recipePageProblem.offline'));
    setPending(true);
    try {
      const answer = recipePageAnswerSchema.parse(
        await apiRequest('POST', '/recipes/read', { url: address }),
      );
      const [first, ...others] = answer.recipes;
      if (!first) return setProblem(t('recipePageProblem.noRecipe'));
      // A page of several recipes (a menu, a round-up): the user says which one.
      if (others.length > 0) return setChoices(answer);
      take(answer, first);
    } catch (failure) {
      setProblem(pageProblem(failure));
    } finally {
      setPending(false);
    }
  }

  /** One of a page's recipes, read into foods of the index. */
  function take(answer: RecipePageAnswer, recipe: PageRecipeAnswer) {
    const lines = {
      title: recipe.name || null,
      servings: recipe.servings,
      ingredients: recipe.ingredients,
      steps: recipe.steps,
    };
    const source = { address: answer.url, image: recipe.image, totalMinutes: recipe.totalMinutes };
    done({ ...readRecipeLines(lines, index, locale), stated: recipe.nutrition, source });
  }

  function done(reading: PasteReading) {
    onRead(reading);
    setText('');
    setChoices(null);
    setOpen(false);
  }

  /** What the user is told when the server did not read the page. */
  function pageProblem(failure: unknown): string {
    if (!(failure instanceof ApiError)) return t('recipePageProblem.offline');
    if (failure.status === 429) return t('recipePageProblem.tooMany');
    const reason = failure.body.reason;
    return reason && (pageRefusals as readonly string[]).includes(reason)
      ? t(`recipePageProblem.${reason as PageRefusalReason}`, {
          redirects: RECIPE_PAGES.maxRedirects,
          megabytes: megabytes(RECIPE_PAGES.maxBytes),
          seconds: RECIPE_PAGES.timeoutMs / 1000,
        })
      : t('recipePageProblem.unreachable');
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
        <label htmlFor={id} className="text-sm font-medium">
          {t('recipePasteLabel')}
        </label>
        <p id={`${id}-hint`} className="text-fg-muted text-sm">
          {t('recipePasteHint')}
        </p>
        <textarea
          id={id}
          aria-describedby={`${id}-hint`}
          rows={8}
          maxLength={LIMITS.recipeTextLength.max}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('recipePastePlaceholder')}
          className={cn(inputClass, 'h-auto min-h-40 py-2 leading-relaxed')}
        />
        {catalogLoading ? <p className="text-fg-muted text-xs">{t('recipePasteLoading')}</p> : null}
        {choices ? (
          <div className="grid gap-2" data-testid="recipe-page-choices">
            <p className="text-sm font-medium" role="status">
              {t('recipePageSeveral', { count: choices.recipes.length })}
            </p>
            <ul className="grid gap-1.5">
              {choices.recipes.map((recipe, i) => (
                <li key={i}>
                  <button
                    type="button"
                    onClick={() => take(choices, recipe)}
                    className="border-border hover:bg-muted focus-visible:ring-primary w-full rounded-xl border px-3 py-2 text-left text-sm focus-visible:ring-2 focus-visible:outline-none"
                  >
                    <span className="block font-medium">{recipe.name || choices.url}</span>
                    <span className="text-fg-muted block text-xs">
                      {t('recipePageSeveralLines', { count: recipe.ingredients.length })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {problem ? (
          <p role="alert" className="text-error-strong text-sm" data-testid="recipe-paste-problem">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button
            type="button"
            variant="secondary"
            onClick={() => void read()}
            disabled={!text.trim() || !foodsReady || pending}
          >
            {pending ? t('recipePageReading') : t('recipePasteRead')}
          </Button>
        </div>
      </div>
    </details>
  );
}
