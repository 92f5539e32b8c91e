import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recipeNutrition } from '@/lib/diary/recipe';
import { LIMITS } from '@/lib/limits';
import { foodInputSchema, type RecipeIngredient } from '@/lib/schemas/food';
import { buckwheatIngredients, recipeFood } from '../support/fixtures';

const [buckwheat, butter] = buckwheatIngredients as [RecipeIngredient, RecipeIngredient];

describe('recipes', () => {
  it('sums the ingredients and spreads them over the cooked weight and the servings', () => {
    // 200 g of dry buckwheat (686 kcal) and 20 g of butter (143.4 kcal) cook into 600 g, 4 servings.
    const made = recipeNutrition([buckwheat, butter], { servings: 4, cookedGrams: 600 });
    expect(made.rawGrams).toBe(220);
    expect(made.dishGrams).toBe(600);
    expect(made.total.kcal).toBe(829.4);
    expect(made.per100.kcal).toBe(138.23);
    expect(made.serving).toEqual({
      grams: 150,
      figures: { kcal: 207.35, protein: 6.7, fat: 5.76, carbs: 35.76 },
    });
    // Not weighed: the dish weighs what went in.
    expect(recipeNutrition([buckwheat, butter], { servings: 2, cookedGrams: null }).serving.grams).toBe(110);
  });

  it('is stored as a food whose figures the schema checks against the recipe', () => {
    const food = recipeFood([buckwheat, butter], 4, 600);
    expect(foodInputSchema.safeParse(food).success).toBe(true);
    const tampered = foodInputSchema.safeParse({ ...food, kcal: food.kcal - 20 });
    expect(tampered.success).toBe(false);
    expect(tampered.error?.issues[0]).toMatchObject({ path: ['kcal'], message: 'recipeFigures' });
    const wrongServing = foodInputSchema.safeParse({ ...food, serving: { label: '1 serving', grams: 100 } });
    expect(wrongServing.error?.issues[0]?.message).toBe('recipeFigures');
    expect(foodInputSchema.safeParse({ ...food, serving: null }).success).toBe(false);
  });

  it('keeps an imported recipe’s steps and web address, and refuses any other kind of address', () => {
    const food = recipeFood([buckwheat], 1, null);
    const withRecipe = (recipe: object) =>
      foodInputSchema.safeParse({ ...food, recipe: { ...food.recipe, ...recipe } });
    const source = { address: 'https://cooking.example/kasha', image: null, totalMinutes: 30 };
    expect(withRecipe({ steps: ['Rinse.', 'Boil.'], source }).data?.recipe).toMatchObject({
      steps: ['Rinse.', 'Boil.'],
      source,
    });
    for (const address of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'x'.repeat(3_000)]) {
      expect(withRecipe({ source: { address } }).error?.issues[0]?.message).toBe('sourceAddress');
    }
    expect(withRecipe({ source: { image: 'javascript:alert(1)' } }).success).toBe(false);
    const steps = Array.from({ length: LIMITS.recipeSteps.max + 1 }, () => 'Stir.');
    expect(withRecipe({ steps }).error?.issues[0]?.message).toBe('stepsCount');
    expect(
      withRecipe({ steps: ['x'.repeat(LIMITS.recipeStepLength.max + 1)] }).error?.issues[0]?.message,
    ).toBe('stepLength');
  });

  it('refuses an empty recipe, too many ingredients and a yield out of range', () => {
    const food = recipeFood([buckwheat], 1, null);
    const withRecipe = (recipe: object) =>
      foodInputSchema.safeParse({ ...food, recipe: { ...food.recipe, ...recipe } });
    expect(withRecipe({ ingredients: [] }).error?.issues[0]?.message).toBe('ingredientsCount');
    const many = Array.from({ length: LIMITS.recipeIngredients.max + 1 }, () => buckwheat);
    expect(
      withRecipe({ ingredients: many }).error?.issues.some((issue) => issue.message === 'ingredientsCount'),
    ).toBe(true);
    expect(withRecipe({ servings: 0 }).error?.issues[0]?.message).toBe('servingsRange');
    expect(withRecipe({ cookedGrams: 0 }).error?.issues[0]?.message).toBe('cookedGrams');
    expect(withRecipe({ ingredients: [{ ...buckwheat, grams: -1 }] }).error?.issues[0]?.message).toBe(
      'ingredientGrams',
    );
  });

  it('refuses a recipe whose serving would weigh less than a food’s serving may', () => {
    const ingredients = [{ ...buckwheat, grams: 1 }];
    const food = recipeFood(ingredients, 11, null);
    expect(food.serving?.grams).toBeLessThan(LIMITS.servingGrams.min);
    const parsed = foodInputSchema.safeParse(food);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['serving', 'grams']);
  });

  it('accepts what the editor saves for any recipe whose dish fits a food’s limits', () => {
    const ingredient = fc.record({
      food: fc.constant(null),
      name: fc.constant('Ingredient'),
      grams: fc.integer({ min: 1, max: 2000 }),
      kcal: fc.integer({ min: 0, max: 900 }),
      protein: fc.integer({ min: 0, max: 30 }),
      fat: fc.integer({ min: 0, max: 30 }),
      carbs: fc.integer({ min: 0, max: 40 }),
    });
    fc.assert(
      fc.property(
        fc.array(ingredient, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 20 }),
        (ingredients, servings) => {
          const made = recipeNutrition(ingredients, { servings, cookedGrams: null });
          // A serving lighter or heavier than a food's serving may be is refused (the editor asks
          // for fewer or more servings); the test below proves that refusal.
          fc.pre(
            made.serving.grams >= LIMITS.servingGrams.min && made.serving.grams <= LIMITS.servingGrams.max,
          );
          const food = recipeFood(ingredients, servings, null);
          // Raw, the dish is a mix of foods within limits, so it is within them too.
          expect(foodInputSchema.safeParse(food).success).toBe(true);
          // Every serving together is the whole dish, to rounding.
          expect(Math.abs(made.serving.figures.kcal * servings - made.total.kcal)).toBeLessThanOrEqual(
            0.01 * servings,
          );
        },
      ),
    );
  });
});
