import type { Figures } from './label';
import { round2 } from './round';
import { mixNutrients, type Nutrients } from './nutrients';

/** An ingredient as a recipe keeps it: its food's figures per 100 g, copied when it was added, and the grams used. */
export type RecipeIngredientFigures = Figures & { grams: number; nutrients?: Nutrients };
export type RecipeYield = { servings: number; cookedGrams: number | null };

export type RecipeNutrition = {
  /** The raw ingredients' weight, and the dish's: cooked if weighed, else the raw weight. */
  rawGrams: number;
  dishGrams: number;
  /** The whole dish, per 100 g of it, and per serving. */
  total: Figures;
  per100: Figures;
  /** Per 100 g of the dish: a nutrient only when every ingredient knows it (mixNutrients). */
  nutrients: Nutrients;
  serving: { grams: number; figures: Figures };
};

const KEYS = ['kcal', 'protein', 'fat', 'carbs'] as const;

/**
 * What a recipe makes: the ingredients' figures summed for their grams, spread over the dish's
 * weight (cooking loses water: a weighed dish is denser than its raw ingredients) and over its
 * servings. Figures per 100 g and the serving's grams to two decimals, as a food stores them,
 * so a recipe saved as a food and the same recipe worked out again always agree.
 */
export function recipeNutrition(
  ingredients: readonly RecipeIngredientFigures[],
  recipeYield: RecipeYield,
): RecipeNutrition {
  const total: Figures = { kcal: 0, protein: 0, fat: 0, carbs: 0 };
  let rawGrams = 0;
  for (const ingredient of ingredients) {
    rawGrams += ingredient.grams;
    for (const key of KEYS) total[key] += (ingredient[key] * ingredient.grams) / 100;
  }
  const dishGrams = recipeYield.cookedGrams ?? rawGrams;
  const per100 = { ...total };
  const perServing = { ...total };
  for (const key of KEYS) {
    per100[key] = dishGrams > 0 ? round2((total[key] * 100) / dishGrams) : 0;
    perServing[key] = round2(total[key] / recipeYield.servings);
    total[key] = round2(total[key]);
  }
  return {
    rawGrams: round2(rawGrams),
    dishGrams: round2(dishGrams),
    total,
    per100,
    nutrients: mixNutrients(ingredients, dishGrams),
    serving: { grams: round2(dishGrams / recipeYield.servings), figures: perServing },
  };
}
