import { hasJsonKeys } from '../json';
import type { ImportFile } from '../types';
import { appRecipe, minutesAdded, minutesOfText, type AppRecipe, type RecipeReader } from './app-recipe';
import { parseRecipeObject, textOf } from './recipe-json';

/**
 * Paprika's export (`.paprikarecipes`): a ZIP of `.paprikarecipe` files, each one recipe as gzip'd
 * JSON (unpacked by lib/importers/unpack.ts). Ingredients and directions are plain texts of lines.
 */
export const paprikaReader: RecipeReader = {
  app: 'paprika',
  kindOf: (file) => (hasJsonKeys(file.text, '{', ['uid', 'ingredients', 'directions']) ? 'recipe' : null),
  readRecipes: (files) => files.flatMap((file) => recipeOf(file) ?? []),
};

function recipeOf(file: ImportFile): AppRecipe | null {
  const json = parseRecipeObject(file);
  const total = minutesOfText(json.total_time);
  return appRecipe(file.name, {
    name: json.name,
    ingredients: textOf(json.ingredients).split(/\r\n?|\n/),
    steps: textOf(json.directions),
    servings: json.servings,
    image: json.image_url,
    minutes: total ?? minutesAdded(minutesOfText(json.prep_time), minutesOfText(json.cook_time)),
    address: json.source_url,
  });
}
