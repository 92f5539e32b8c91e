import { describe, expect, it } from 'vitest';
import { recipeNutrition } from '@/lib/diary/recipe';
import type { DiaryExport, ImportPlan } from '@/lib/schemas/export';
import type { Food, RecipeIngredient } from '@/lib/schemas/food';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

const ingredients: RecipeIngredient[] = [
  {
    food: 'c:buckwheat-dry',
    name: 'Buckwheat, dry',
    grams: 200,
    kcal: 343,
    protein: 13.3,
    fat: 3.4,
    carbs: 71.5,
  },
  { food: null, name: 'Butter', grams: 20, kcal: 717, protein: 0.9, fat: 81.1, carbs: 0.1 },
];
const made = recipeNutrition(ingredients, { servings: 4, cookedGrams: 600 });
const recipeFood = {
  name: 'Buckwheat with butter',
  ...made.per100,
  serving: { label: '1 serving', grams: made.serving.grams },
  recipe: { ingredients, servings: 4, cookedGrams: 600 },
};

describe.each(engines)('recipes on $name', (engine) => {
  useDatabase(engine);

  it('stores a recipe food whole, refuses figures that disagree with it, and moves it with an export', async () => {
    const { client } = await signUp();
    const created = await client.post<Food>('/api/foods', recipeFood);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...recipeFood, serving: { grams: 150 } });
    expect((await client.get<Food[]>('/api/foods')).body[0]?.recipe).toEqual(recipeFood.recipe);

    // The server works the recipe out again: figures that say otherwise are refused, nothing stored.
    const tampered = await client.post('/api/foods', { ...recipeFood, name: 'Light buckwheat', kcal: 90 });
    expect(tampered).toMatchObject({
      status: 400,
      body: { error: 'invalid', issues: [{ message: 'recipeFigures' }] },
    });
    const changedRecipe = await client.patch(`/api/foods/${created.body.id}`, {
      recipe: { ...recipeFood.recipe, servings: 2 },
    });
    expect(changedRecipe.status).toBe(400);
    expect((await client.get<Food[]>('/api/foods')).body).toHaveLength(1);

    const exported = (await client.get<DiaryExport>('/api/export')).body;
    expect(exported.foods[0]?.recipe).toEqual(recipeFood.recipe);
    const other = (await signUp()).client;
    const plan = await other.post<ImportPlan>('/api/import', exported);
    expect(plan.body.foods.added).toBe(1);
    expect((await other.get<Food[]>('/api/foods')).body[0]).toMatchObject(recipeFood);
  });
});
