import { hasJsonKeys } from '../json';
import type { ImportFile } from '../types';
import {
  appRecipe,
  ingredientText,
  minutesAdded,
  minutesOfText,
  webAddress,
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

/*
 * Mealie's exports: a recipe's own JSON (its "export recipes" ZIP holds one per recipe, snake_case
 * in the 2021 builds, camelCase since) and a whole backup's `database.json` (its tables as lists of
 * rows). Both are read; an ingredient is its line as first written where Mealie kept it.
 */
export const mealieReader: RecipeReader = {
  app: 'mealie',
  kindOf: (file) => {
    if (hasJsonKeys(file.text, '{', ['alembic_version', 'recipes', 'recipes_ingredients']))
      return 'recipeBackup';
    const recipe =
      hasJsonKeys(file.text, '{', ['slug', 'recipe_ingredient']) ||
      hasJsonKeys(file.text, '{', ['slug', 'recipeIngredient']);
    return recipe ? 'recipe' : null;
  },
  readRecipes: (files) =>
    files.flatMap((file) => {
      const json = parseRecipeObject(file);
      return 'recipes_ingredients' in json ? backupRecipes(file, json) : (recipeOf(file.name, json) ?? []);
    }),
};

/** A field under its camelCase name or its snake_case one (the 2021 builds). */
const field = (json: JsonObject, camel: string, snake: string) => json[camel] ?? json[snake];

function recipeOf(file: string, json: JsonObject): AppRecipe | null {
  const ingredients = objectsOf(field(json, 'recipeIngredient', 'recipe_ingredient'));
  const settings = isObject(json.settings) ? json.settings : {};
  const amountsOff = field(settings, 'disableAmount', 'disable_amount') === true;
  return appRecipe(file, {
    name: json.name,
    ingredients: ingredients.flatMap((ingredient) => ingredientLines(ingredient, amountsOff)),
    steps: objectsOf(field(json, 'recipeInstructions', 'recipe_instructions')).map((step) =>
      textOf(step.text),
    ),
    servings: positive(json.recipeServings) ?? field(json, 'recipeYield', 'recipe_yield'),
    image: webAddress(json.image),
    minutes: timeOf(json),
    nutrition: nutritionOf(json.nutrition),
    address: field(json, 'orgURL', 'org_url'),
  });
}

/** A backup's recipes, each put together from the rows of its tables that point to it. */
function backupRecipes(file: ImportFile, json: JsonObject): AppRecipe[] {
  const names = (table: unknown) => new Map(objectsOf(table).map((row) => [row.id, nameOf(row)]));
  const units = names(json.ingredient_units);
  const foods = names(json.ingredient_foods);
  const byRecipe = (table: unknown) => {
    const rows = new Map<unknown, JsonObject[]>();
    for (const row of objectsOf(table)) rows.set(row.recipe_id, [...(rows.get(row.recipe_id) ?? []), row]);
    for (const list of rows.values())
      list.sort((a, b) => (numberOf(a.position) ?? 0) - (numberOf(b.position) ?? 0));
    return rows;
  };
  const ingredients = byRecipe(json.recipes_ingredients);
  const instructions = byRecipe(json.recipe_instructions);
  const nutrition = byRecipe(json.recipe_nutrition);
  const settings = byRecipe(json.recipe_settings);
  return objectsOf(json.recipes).flatMap((row) => {
    const amountsOff = settings.get(row.id)?.[0]?.disable_amount === true;
    const lines = (ingredients.get(row.id) ?? []).flatMap((ingredient) =>
      ingredientLines(
        {
          ...ingredient,
          unit: units.get(ingredient.unit_id) ?? null,
          food: foods.get(ingredient.food_id) ?? null,
        },
        amountsOff,
      ),
    );
    return (
      appRecipe(file.name, {
        name: row.name,
        ingredients: lines,
        steps: (instructions.get(row.id) ?? []).map((step) => textOf(step.text)),
        servings: positive(row.recipe_servings) ?? row.recipe_yield,
        image: null,
        minutes: timeOf(row),
        nutrition: nutritionOf(nutrition.get(row.id)?.[0]),
        address: row.org_url,
      }) ?? []
    );
  });
}

/**
 * An ingredient's line: as first written where kept, else the note alone where amounts are off
 * (the whole line is in the note then), else from its parts. A titled ingredient starts a section.
 */
function ingredientLines(ingredient: JsonObject, amountsOff: boolean): string[] {
  const title = textOf(ingredient.title).trim();
  const note = textOf(ingredient.note).trim() || null;
  const original = textOf(field(ingredient, 'originalText', 'original_text')).trim();
  const ownAmountOff = field(ingredient, 'disableAmount', 'disable_amount') === true;
  const line =
    original ||
    (amountsOff || ownAmountOff
      ? (note ?? '')
      : textOf(ingredient.display).trim() ||
        ingredientText({
          amount: numberOf(ingredient.quantity),
          unit: nameOf(ingredient.unit),
          food: nameOf(ingredient.food),
          note,
        }));
  return [...(title ? [`${title}:`] : []), ...(line ? [line] : [])];
}

function timeOf(json: JsonObject): number | null {
  const total = minutesOfText(field(json, 'totalTime', 'total_time'));
  if (total !== null) return total;
  return minutesAdded(
    minutesOfText(field(json, 'prepTime', 'prep_time')),
    minutesOfText(field(json, 'performTime', 'perform_time') ?? field(json, 'cookTime', 'cook_time')),
  );
}

function positive(value: unknown): number | null {
  const number = numberOf(value);
  return number !== null && number > 0 ? number : null;
}

/** Mealie's nutrition, per serving, in schema.org's names (which its camelCase builds use too). */
function nutritionOf(value: unknown): Record<string, unknown> | null {
  if (!isObject(value)) return null;
  return {
    calories: textOf(value.calories),
    proteinContent: textOf(field(value, 'proteinContent', 'protein_content')),
    fatContent: textOf(field(value, 'fatContent', 'fat_content')),
    carbohydrateContent: textOf(field(value, 'carbohydrateContent', 'carbohydrate_content')),
  };
}
