import { z } from '@/lib/schemas/zod';
import { LIMITS, RECIPE_PAGES } from '@/lib/limits';
import { recipeNutrition } from '@/lib/diary/recipe';
import { NUTRIENTS, nutrientKeys, type Nutrients } from '@/lib/diary/nutrients';
import { limitedNumber, limitedText, timestampSchema } from './common';
import { nutrientsPer100gSchema } from './nutrients';
import { foodRefSchema } from './entry';

/**
 * A food of the user's library. Nutrition is per 100 g; the optional serving names a portion
 * ("1 slice = 30 g"). Messages are keys of `food.errors` in messages/*.json.
 */
export const servingSchema = z.object({
  label: limitedText(LIMITS.servingLabelLength, 'servingLabel'),
  grams: limitedNumber(LIMITS.servingGrams, 'servingGrams'),
});
export type Serving = z.infer<typeof servingSchema>;

/**
 * One ingredient of a recipe: the food it came from (a library food or the catalog's), its name
 * and figures per 100 g as they were when it was added, and the grams the recipe uses. Copied,
 * like an entry's, so a food changed or deleted later never rewrites the recipe.
 */
export const recipeIngredientSchema = z.object({
  food: z.nullable(foodRefSchema),
  name: limitedText(LIMITS.nameLength, 'nameLength'),
  grams: limitedNumber(LIMITS.recipeIngredientGrams, 'ingredientGrams'),
  kcal: limitedNumber(LIMITS.foodKcal, 'kcalRange'),
  protein: limitedNumber(LIMITS.foodMacro, 'macroRange'),
  fat: limitedNumber(LIMITS.foodMacro, 'macroRange'),
  carbs: limitedNumber(LIMITS.foodMacro, 'macroRange'),
  /** Per 100 g, copied with the rest; absent when its food knew none. */
  nutrients: z.optional(nutrientsPer100gSchema),
  /**
   * A saved meal's item eaten in servings ("2 × slice"): the serving, so the meal logs it again
   * in servings. Absent (older records, recipes) or null: the grams alone.
   */
  serving: z.optional(z.nullable(servingSchema)),
});
export type RecipeIngredient = z.infer<typeof recipeIngredientSchema>;

/**
 * Where an imported recipe came from: the page it was read from (its address after redirects) or
 * the recipe app's export, and its picture's address.
 */
const webAddress = z.string().check(
  z.maxLength(RECIPE_PAGES.addressLength.max, 'sourceAddress'),
  // Shown as a link: a `javascript:` or `data:` address must never get that far.
  z.refine((address) => /^https?:\/\//i.test(address), 'sourceAddress'),
);
/** The recipe apps whose exports the Import in Settings reads (lib/importers/recipe-apps). */
export const RECIPE_APPS = ['mealie', 'tandoor', 'paprika', 'nextcloudCookbook'] as const;
export type RecipeApp = (typeof RECIPE_APPS)[number];

export const recipeSourceSchema = z.object({
  address: z.optional(webAddress),
  /** The recipe app whose export it came from, and the file of the export it was read from. */
  app: z.optional(z.enum(RECIPE_APPS)),
  file: z.optional(z.string().check(z.minLength(1), z.maxLength(LIMITS.nameLength.max))),
  image: z.optional(z.nullable(webAddress)),
  totalMinutes: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(100_000)))),
});
export type RecipeSource = z.infer<typeof recipeSourceSchema>;

/**
 * What a recipe food is made of, and what it makes: servings, and the cooked weight if weighed.
 * A saved meal is the same list, of what was eaten together: `kind` 'meal' logs it as its
 * items, one entry each, where a recipe logs as one dish.
 */
export const recipeSchema = z.object({
  kind: z._default(z.enum(['recipe', 'meal']), 'recipe'),
  ingredients: z
    .array(recipeIngredientSchema)
    .check(
      z.minLength(LIMITS.recipeIngredients.min, 'ingredientsCount'),
      z.maxLength(LIMITS.recipeIngredients.max, 'ingredientsCount'),
    ),
  servings: limitedNumber(LIMITS.recipeServings, 'servingsRange'),
  cookedGrams: z._default(z.nullable(limitedNumber(LIMITS.recipeCookedGrams, 'cookedGrams')), null),
  /** How it is made, as an imported recipe brings it (decision 0054); absent when none was given. */
  steps: z.optional(
    z
      .array(limitedText(LIMITS.recipeStepLength, 'stepLength'))
      .check(z.maxLength(LIMITS.recipeSteps.max, 'stepsCount')),
  ),
  /** Where an imported recipe came from: the page's address; absent for one made here. */
  source: z.optional(recipeSourceSchema),
});
export type Recipe = z.infer<typeof recipeSchema>;

export const foodFields = z.object({
  name: limitedText(LIMITS.nameLength, 'nameLength'),
  brand: z._default(z.nullable(limitedText(LIMITS.brandLength, 'brandLength')), null),
  kcal: limitedNumber(LIMITS.foodKcal, 'kcalRange'),
  protein: limitedNumber(LIMITS.foodMacro, 'macroRange'),
  fat: limitedNumber(LIMITS.foodMacro, 'macroRange'),
  carbs: limitedNumber(LIMITS.foodMacro, 'macroRange'),
  serving: z._default(z.nullable(servingSchema), null),
  /** Per 100 g, beyond the macros (lib/diary/nutrients.ts); absent or empty: none known. */
  nutrients: z.optional(nutrientsPer100gSchema),
  /** More named amounts beside the serving ("1 cup" = 240 g), each loggable like it. */
  measures: z._default(
    z.array(servingSchema).check(z.maxLength(LIMITS.foodMeasures.max, 'measuresCount')),
    [],
  ),
  favorite: z._default(z.boolean(), false),
  /** Set for a food made from a recipe: its figures and serving are the recipe's, worked out. */
  recipe: z._default(z.nullable(recipeSchema), null),
});

// 100 g of food cannot hold more than 100 g of protein, fat and carbs together.
function macrosFit(food: { protein: number; fat: number; carbs: number }, context: z.RefinementCtx) {
  if (food.protein + food.fat + food.carbs > 100.05) {
    context.addIssue({ code: 'custom', path: ['carbs'], message: 'macroSum' });
  }
}

/** Each measure names another amount: a name used twice (or the serving's) would log either. */
function measuresDistinct(food: { serving: Serving | null; measures: Serving[] }, context: z.RefinementCtx) {
  const seen = new Set(food.serving ? [food.serving.label.trim().toLowerCase()] : []);
  food.measures.forEach((measure, index) => {
    const key = measure.label.trim().toLowerCase();
    if (seen.has(key))
      context.addIssue({ code: 'custom', path: ['measures', index, 'label'], message: 'measureRepeated' });
    seen.add(key);
  });
}

/**
 * A recipe food's figures per 100 g and its serving are the recipe's, worked out by
 * lib/diary/recipe: checked on every write, so a client cannot store a recipe that says one
 * thing and figures that say another.
 */
function recipeAgrees(
  food: {
    kcal: number;
    protein: number;
    fat: number;
    carbs: number;
    serving: Serving | null;
    recipe: Recipe | null;
    nutrients?: Nutrients;
  },
  context: z.RefinementCtx,
) {
  if (!food.recipe) return;
  const made = recipeNutrition(food.recipe.ingredients, food.recipe);
  const close = (a: number, b: number) => Math.abs(a - b) <= 0.01 + 1e-9;
  for (const key of ['kcal', 'protein', 'fat', 'carbs'] as const) {
    if (!close(food[key], made.per100[key]))
      context.addIssue({ code: 'custom', path: [key], message: 'recipeFigures' });
  }
  // Rounded to each nutrient's decimals by both sides: equal, or one step apart.
  for (const key of nutrientKeys) {
    const stated = food.nutrients?.[key];
    const worked = made.nutrients[key];
    const step = 10 ** -NUTRIENTS[key].decimals + 1e-9;
    if ((stated === undefined) !== (worked === undefined) || Math.abs((stated ?? 0) - (worked ?? 0)) > step)
      context.addIssue({ code: 'custom', path: ['nutrients', key], message: 'recipeFigures' });
  }
  if (!food.serving || !close(food.serving.grams, made.serving.grams))
    context.addIssue({ code: 'custom', path: ['serving', 'grams'], message: 'recipeFigures' });
}

/** What a form or an API client sends to create or replace a food. */
export const foodInputSchema = foodFields.check(
  z.superRefine(macrosFit),
  z.superRefine(measuresDistinct),
  z.superRefine(recipeAgrees),
);
export type FoodInput = z.input<typeof foodInputSchema>;

/** A stored food: numeric id (the seed's rule: last id + 1) and timestamps. */
export const foodSchema = z
  .extend(foodFields, {
    id: z.int().check(z.positive(), z.lte(LIMITS.foodId.max)),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .check(z.superRefine(macrosFit), z.superRefine(measuresDistinct), z.superRefine(recipeAgrees));
export type Food = z.infer<typeof foodSchema>;

/** kcal that protein, carbs (4 kcal/g) and fat (9 kcal/g) account for. */
export function kcalFromMacros(macros: { protein: number; fat: number; carbs: number }): number {
  return 4 * macros.protein + 4 * macros.carbs + 9 * macros.fat;
}

/**
 * True when the stated kcal is more than 20 % away from what the macros give: worth a warning
 * (a typo, or alcohol or fibre the macros do not show), never a block.
 */
export function kcalDisagreesWithMacros(food: {
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
}): boolean {
  const expected = kcalFromMacros(food);
  if (food.kcal === 0 && expected === 0) return false;
  return Math.abs(food.kcal - expected) > 0.2 * Math.max(food.kcal, 1);
}
