import { recipesOfJson } from '@/lib/recipes/schema-org';
import { hasJsonKeys } from '../json';
import type { ImportFile } from '../types';
import { webAddress, type AppRecipe, type RecipeReader } from './app-recipe';
import { parseRecipeJson } from './recipe-json';

/**
 * Nextcloud Cookbook's folder: a folder per recipe, each with a `recipe.json` in schema.org's terms
 * (picked as files, or as the ZIP Nextcloud downloads a folder as). Any schema.org Recipe JSON file
 * reads the same way.
 */
export const nextcloudCookbookReader: RecipeReader = {
  app: 'nextcloudCookbook',
  kindOf: (file) =>
    hasJsonKeys(file.text, '{', ['@type', 'recipeIngredient']) &&
    /"@type"\s*:\s*"(?:[^"]*[/:])?Recipe"/.test(file.text)
      ? 'recipe'
      : null,
  readRecipes: (files) => files.flatMap(recipesOf),
};

function recipesOf(file: ImportFile): AppRecipe[] {
  const json = parseRecipeJson(file);
  const address = Array.isArray(json) ? null : (webAddress(json.url) ?? webAddress(json.mainEntityOfPage));
  return recipesOfJson(json).map((recipe) => ({ ...recipe, address, file: file.name }));
}
