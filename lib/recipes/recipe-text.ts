import { LIMITS } from '@/lib/limits';

/** A recipe pasted as text: what it is called, what it makes, its ingredient lines and its steps. */
export type PastedRecipe = {
  title: string | null;
  servings: number | null;
  ingredients: string[];
  steps: string[];
};

/** Lines read at most: a recipe of 2,000 ingredients is not one (LIMITS.recipeIngredients). */
const MAX_LINES = 2_000;

const INGREDIENTS_HEADING = /^(ingredients?|ингредиенты|состав|продукты|вам понадобится)\s*:?$/iu;
const STEPS_HEADING =
  /^(instructions?|directions?|method|steps?|preparation|how to make( it)?|приготовление|способ приготовления|шаги|как приготовить)\s*:?$/iu;
const SERVINGS =
  /^(?:(?:serves|servings|yield|yields|makes|порци[йия]|количество порций)\s*:?\s*(\d+)|(\d+)\s*(?:servings|portions|порци[йия]|персон)\b|на\s+(\d+)\s+(?:порци[йию]|персон))/iu;
/** A numbered or long line reads as a step ("1. Preheat the oven…"), not an ingredient. */
const STEP_LIKE = /^(?:step\s*\d+|шаг\s*\d+|\d+[.)]\s+\p{Lu})/u;

/**
 * Reads a recipe pasted as text, in English or Russian. With headings ("Ingredients",
 * "Приготовление") their sections are taken as they say; without, every line is an ingredient
 * but a title (the first line, when more follow and it names no amount), the servings ("Serves 4",
 * "на 4 порции") and steps (numbered or long sentences). Pure; never throws.
 */
export function readRecipeText(text: string): PastedRecipe {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .slice(0, MAX_LINES);
  const recipe: PastedRecipe = { title: null, servings: null, ingredients: [], steps: [] };
  const headed = lines.some((line) => INGREDIENTS_HEADING.test(line));
  let section: 'before' | 'ingredients' | 'steps' = headed ? 'before' : 'ingredients';

  lines.forEach((line, index) => {
    const servings = SERVINGS.exec(line);
    if (servings && recipe.servings === null) {
      recipe.servings = Number(servings[1] ?? servings[2] ?? servings[3]);
      return;
    }
    if (INGREDIENTS_HEADING.test(line)) return void (section = 'ingredients');
    if (STEPS_HEADING.test(line)) return void (section = 'steps');
    if (section === 'before' || (index === 0 && !headed && lines.length > 1 && !/\d/.test(line))) {
      recipe.title ??= line.slice(0, LIMITS.nameLength.max);
      return;
    }
    if (section === 'steps' || STEP_LIKE.test(line) || line.length > 160) recipe.steps.push(line);
    else recipe.ingredients.push(line);
  });
  if (recipe.servings !== null && !(recipe.servings >= 1)) recipe.servings = null;
  return recipe;
}
