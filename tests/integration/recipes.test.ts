import { describe, expect, it } from 'vitest';
import type { DiaryExport, ImportPlan } from '@/lib/schemas/export';
import type { Food } from '@/lib/schemas/food';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { buckwheatIngredients, recipeFood } from '../support/fixtures';

const recipe = recipeFood(buckwheatIngredients, 4, 600);

describe.each(engines)('recipes on $name', (engine) => {
  useDatabase(engine);

  it('stores a recipe food whole, refuses figures that disagree with it, and moves it with an export', async () => {
    const { client } = await signUp();
    const created = await client.post<Food>('/api/foods', recipe);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...recipe, serving: { grams: 150 } });
    expect((await client.get<Food[]>('/api/foods')).body[0]?.recipe).toEqual(recipe.recipe);

    // The server works the recipe out again: figures that say otherwise are refused, nothing stored.
    const tampered = await client.post('/api/foods', { ...recipe, name: 'Light buckwheat', kcal: 90 });
    expect(tampered).toMatchObject({
      status: 400,
      body: { error: 'invalid', issues: [{ message: 'recipeFigures' }] },
    });
    const changedRecipe = await client.patch(`/api/foods/${created.body.id}`, {
      recipe: { ...recipe.recipe, servings: 2 },
    });
    expect(changedRecipe.status).toBe(400);
    expect((await client.get<Food[]>('/api/foods')).body).toHaveLength(1);

    const exported = (await client.get<DiaryExport>('/api/export')).body;
    expect(exported.foods[0]?.recipe).toEqual(recipe.recipe);
    const other = (await signUp()).client;
    const plan = await other.post<ImportPlan>('/api/import', exported);
    expect(plan.body.foods.added).toBe(1);
    // Butter's id 7 names no food of the file (nor of the account it came from), so in this
    // diary it names none either: ingredients are re-pointed like entries.
    expect((await other.get<Food[]>('/api/foods')).body[0]).toMatchObject({
      ...recipe,
      recipe: {
        ...recipe.recipe,
        ingredients: [buckwheatIngredients[0], { ...buckwheatIngredients[1], food: null }],
      },
    });
  });
});
