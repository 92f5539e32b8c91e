import { randomUUID } from 'node:crypto';
import type { Entry } from '@/lib/schemas/entry';
import { recipeNutrition } from '@/lib/diary/recipe';
import type { FoodInput, RecipeIngredient } from '@/lib/schemas/food';

export function entry(overrides: Partial<Entry> = {}): Entry {
  return {
    id: randomUUID(),
    meal: 'breakfast',
    food: null,
    name: 'Oatmeal',
    amount: 150,
    unit: 'g',
    grams: 150,
    kcal: 555,
    protein: 19.5,
    fat: 9.8,
    carbs: 90.3,
    loggedAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

export const oats: FoodInput = {
  name: 'Oats',
  brand: null,
  kcal: 370,
  protein: 13,
  fat: 6.5,
  carbs: 60.2,
  serving: { label: 'cup', grams: 80 },
  favorite: false,
};

/** Two ingredients of a recipe: 200 g of dry buckwheat and 20 g of butter. */
export const buckwheatIngredients: RecipeIngredient[] = [
  {
    food: 'c:buckwheat-dry',
    name: 'Buckwheat, dry',
    grams: 200,
    kcal: 343,
    protein: 13.3,
    fat: 3.4,
    carbs: 71.5,
  },
  { food: 7, name: 'Butter', grams: 20, kcal: 717, protein: 0.9, fat: 81.1, carbs: 0.1 },
];

/** A recipe food as the recipe editor saves it: figures and serving worked out from the recipe. */
export function recipeFood(ingredients: RecipeIngredient[], servings: number, cookedGrams: number | null) {
  const made = recipeNutrition(ingredients, { servings, cookedGrams });
  return {
    name: 'Buckwheat with butter',
    ...made.per100,
    serving: { label: '1 serving', grams: made.serving.grams },
    recipe: { kind: 'recipe' as const, ingredients, servings, cookedGrams },
  };
}
