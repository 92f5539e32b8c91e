import { LIMITS } from '@/lib/limits';
import type { Entry } from '@/lib/schemas/entry';
import type { Food, FoodInput, RecipeIngredient, Serving } from '@/lib/schemas/food';
import type { FoodPick } from './nutrition';
import { recipeNutrition } from './recipe';
import { withKnown } from './nutrients';
import { round2 } from './round';

/** Entries a saved meal can hold: weighed ones. A quick add has kcal but no grams to scale. */
export function isWeighed(entry: Entry): entry is Entry & { grams: number } {
  return entry.grams !== null && entry.grams >= 0.1;
}

/**
 * A meal as eaten, saved to log again: a food of the library whose recipe (kind 'meal') lists
 * the weighed entries, each with its figures per 100 g worked out from the entry's own, so
 * logging the same grams again gives the same figures. `servingLabel` names the whole meal.
 */
export function savedMealFromEntries(
  name: string,
  entries: readonly Entry[],
  servingLabel: string,
  /** The measure an entry was counted in, when it was (lib/diary/measures entryMeasure). */
  servingOf: (entry: Entry) => Serving | null = () => null,
): FoodInput {
  const ingredients: RecipeIngredient[] = entries.filter(isWeighed).map((entry) => {
    const serving = servingOf(entry);
    const per100 = (value: number, limit: number) => Math.min(limit, round2((value * 100) / entry.grams));
    const macros = {
      protein: per100(entry.protein, LIMITS.foodMacro.max),
      fat: per100(entry.fat, LIMITS.foodMacro.max),
      carbs: per100(entry.carbs, LIMITS.foodMacro.max),
    };
    // An entry's figures are rounded: for a few grams, that may pass a food's limits per 100 g.
    const sum = macros.protein + macros.fat + macros.carbs;
    const fit = sum > LIMITS.foodMacro.max ? LIMITS.foodMacro.max / sum : 1;
    return {
      food: entry.food,
      name: entry.name,
      grams: entry.grams,
      kcal: per100(entry.kcal, LIMITS.foodKcal.max),
      protein: Math.floor(macros.protein * fit * 100) / 100,
      fat: Math.floor(macros.fat * fit * 100) / 100,
      carbs: Math.floor(macros.carbs * fit * 100) / 100,
      // An entry that weighs keeps its nutrients per 100 g already.
      ...withKnown(entry.nutrients),
      ...(serving ? { serving } : {}),
    };
  });
  const made = recipeNutrition(ingredients, { servings: 1, cookedGrams: null });
  return {
    name,
    brand: null,
    ...made.per100,
    ...withKnown(made.nutrients),
    serving: { label: servingLabel, grams: made.serving.grams },
    favorite: false,
    recipe: { kind: 'meal', ingredients, servings: 1, cookedGrams: null },
  };
}

/**
 * A saved meal's items, each loggable on its own as it was eaten: in servings when it was
 * ("2 × slice", its food's serving kept with it), else in grams.
 */
export function savedMealItems(food: Food): FoodPick[] {
  return (food.recipe?.ingredients ?? []).map((item) => {
    const serving = item.serving ?? null;
    return {
      food: {
        ref: item.food,
        name: item.name,
        kcal: item.kcal,
        protein: item.protein,
        fat: item.fat,
        carbs: item.carbs,
        ...withKnown(item.nutrients),
        serving,
        measures: serving ? [serving] : [],
      },
      amount: serving ? round2(item.grams / serving.grams) : item.grams,
      measure: serving,
    };
  });
}
