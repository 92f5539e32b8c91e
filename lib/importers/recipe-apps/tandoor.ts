import { hasJsonKeys } from '../json';
import type { ImportFile } from '../types';
import {
  appRecipe,
  ingredientText,
  minutesAdded,
  minutesOfText,
  type AppRecipe,
  type RecipeReader,
} from './app-recipe';
import {
  isObject,
  nameOf,
  numberOf,
  objectsOf,
  parseRecipeObject,
  textOf,
  type JsonObject,
} from './recipe-json';

/**
 * Tandoor's export: a ZIP holding a ZIP per recipe, each with a `recipe.json` (and its picture).
 * A recipe is steps, each with its instruction and its ingredients in parts (amount, unit, food,
 * note); a newer Tandoor also keeps the line as it was first written.
 */
export const tandoorReader: RecipeReader = {
  app: 'tandoor',
  kindOf: (file) =>
    hasJsonKeys(file.text, '{', ['steps', 'working_time', 'waiting_time']) ? 'recipe' : null,
  readRecipes: (files) => files.flatMap((file) => recipeOf(file) ?? []),
};

function recipeOf(file: ImportFile): AppRecipe | null {
  const json = parseRecipeObject(file);
  const steps = objectsOf(json.steps);
  return appRecipe(file.name, {
    name: json.name,
    ingredients: steps.flatMap((step) => objectsOf(step.ingredients).map(ingredientLine)),
    steps: steps.map((step) => textOf(step.instruction)).filter((text) => text.trim() !== ''),
    servings: numberOf(json.servings) ?? json.servings_text,
    minutes: minutesAdded(minutesOfText(json.working_time), minutesOfText(json.waiting_time)),
    nutrition: nutritionOf(json.nutrition),
    address: json.source_url,
  });
}

/**
 * One ingredient as a line: as first written where Tandoor kept it, else from its parts. A header
 * is a heading line; an ingredient Tandoor marks as having no amount says so ("to taste").
 */
function ingredientLine(ingredient: JsonObject): string {
  const food = nameOf(ingredient.food);
  const note = textOf(ingredient.note).trim() || null;
  if (ingredient.is_header === true) return `${note ?? food ?? ''}:`;
  const original = textOf(ingredient.original_text).trim();
  if (original) return original;
  if (ingredient.no_amount === true)
    return `${ingredientText({ amount: null, unit: null, food, note })}, to taste`;
  return ingredientText({ amount: numberOf(ingredient.amount), unit: nameOf(ingredient.unit), food, note });
}

/** Tandoor's nutrition, per serving, in schema.org's names. */
function nutritionOf(value: unknown): Record<string, unknown> | null {
  if (!isObject(value)) return null;
  return {
    calories: textOf(value.calories),
    proteinContent: textOf(value.proteins),
    fatContent: textOf(value.fats),
    carbohydrateContent: textOf(value.carbohydrates),
  };
}
