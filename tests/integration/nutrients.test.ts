import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nutrientKeys, nutrientLimit } from '@/lib/diary/nutrients';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import type { DiaryExport, ImportPlan } from '@/lib/schemas/export';
import type { Food } from '@/lib/schemas/food';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

const crackers = {
  name: 'Crackers',
  kcal: 433,
  protein: 9,
  fat: 12,
  carbs: 70,
  nutrients: { fibre: 3, sodium: 786.6, vitaminC: 0 },
};

const entryOf = (food: Food, grams: number): Entry => ({
  id: randomUUID(),
  meal: 'snacks',
  food: food.id,
  name: food.name,
  amount: grams,
  unit: 'g',
  grams,
  kcal: Math.round((food.kcal * grams) / 100),
  protein: 0,
  fat: 0,
  carbs: 0,
  nutrients: food.nutrients,
  loggedAt: '2026-11-20T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
});

describe.each(engines)('nutrients on $name', (engine) => {
  useDatabase(engine);

  it('keeps a food’s and an entry’s, and a food changed later leaves the day as it was', async () => {
    const { client } = await signUp();
    const food = (await client.post<Food>('/api/foods', crackers)).body;
    expect(food.nutrients).toEqual(crackers.nutrients);
    const entry = entryOf(food, 30);
    const day = (await client.put<Day>(`/api/days/2026-11-20/entries/${entry.id}`, entry)).body;
    expect(day.entries[0]!.nutrients).toEqual(crackers.nutrients);
    // The same entry again is no change (its nutrients compared whatever the key order).
    const reordered = { ...entry, nutrients: { vitaminC: 0, sodium: 786.6, fibre: 3 } };
    const again = await client.put<Day>(`/api/days/2026-11-20/entries/${entry.id}`, {
      ...reordered,
      baseUpdatedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(again.status).toBe(200);

    await client.patch(`/api/foods/${food.id}`, { nutrients: { fibre: 9 } });
    expect((await client.get<Food[]>('/api/foods')).body[0]!.nutrients).toEqual({ fibre: 9 });
    const past = (await client.get<Day>('/api/days/2026-11-20')).body;
    expect(past.entries[0]!.nutrients).toEqual(crackers.nutrients);
  });

  it('refuses an unknown nutrient, a figure past its limit or not a number, and stores nothing', async () => {
    const { client } = await signUp();
    const refusals = [
      { vitamin_c: 4 },
      { fibre: -1 },
      { fibre: 100.01 },
      { sodium: nutrientLimit('sodium', 'per100g').max + 1 },
      { vitaminC: '4' },
      { vitaminC: null },
      [3],
      'lots',
    ];
    for (const nutrients of refusals) {
      const answer = await client.post('/api/foods', { ...crackers, nutrients });
      expect(answer.status, JSON.stringify(nutrients)).toBe(400);
    }
    expect((await client.get<Food[]>('/api/foods')).body).toEqual([]);

    const food = (await client.post<Food>('/api/foods', { ...crackers, nutrients: undefined })).body;
    const entry = entryOf(food, 30);
    for (const nutrients of refusals) {
      const answer = await client.put(`/api/days/2026-11-20/entries/${entry.id}`, { ...entry, nutrients });
      expect(answer.status, JSON.stringify(nutrients)).toBe(400);
    }
    // A quick add's whole may hold more than 100 g could: 150 g of sugars in a cake.
    const quick = { ...entry, food: null, unit: 'kcal', amount: 900, kcal: 900, grams: null };
    expect(
      (await client.put(`/api/days/2026-11-20/entries/${entry.id}`, { ...quick, nutrients: { sugars: 150 } }))
        .status,
    ).toBe(200);
    expect(
      (await client.put(`/api/days/2026-11-20/entries/${entry.id}`, { ...entry, nutrients: { sugars: 150 } }))
        .status,
    ).toBe(400);
    const day = (await client.get<Day>('/api/days/2026-11-20')).body;
    expect(day.entries).toHaveLength(1);
    expect(day.entries[0]!.nutrients).toEqual({ sugars: 150 });
  });

  it('takes every nutrient at its limit, and carries them through an export into another account', async () => {
    const { client } = await signUp();
    const atLimits = Object.fromEntries(nutrientKeys.map((key) => [key, nutrientLimit(key, 'per100g').max]));
    const food = await client.post<Food>('/api/foods', {
      ...crackers,
      kcal: 0,
      protein: 0,
      fat: 0,
      carbs: 0,
      nutrients: atLimits,
    });
    expect(food.status).toBe(201);
    const entry = entryOf(food.body, 10);
    expect((await client.put(`/api/days/2026-11-20/entries/${entry.id}`, entry)).status).toBe(200);

    const exported = (await client.get<DiaryExport>('/api/export')).body;
    expect(exported.version).toBe(2);
    expect(exported.days[0]!.entries[0]!.nutrients).toEqual(atLimits);
    const other = (await signUp()).client;
    const plan = (await other.post<ImportPlan>('/api/import', exported)).body;
    expect(plan.entries.added).toBe(1);
    expect((await other.get<Day>('/api/days/2026-11-20')).body.entries[0]!.nutrients).toEqual(atLimits);
    expect((await other.get<Food[]>('/api/foods')).body[0]!.nutrients).toEqual(atLimits);

    // An export of the first version (no nutrients anywhere) still imports.
    const third = (await signUp()).client;
    const withoutNutrients = <T extends { nutrients?: unknown }>(item: T) => {
      const copy = { ...item };
      delete copy.nutrients;
      return copy;
    };
    const old = {
      ...exported,
      version: 1,
      foods: exported.foods.map(withoutNutrients),
      days: exported.days.map((day) => ({ ...day, entries: day.entries.map(withoutNutrients) })),
    };
    expect((await third.post<ImportPlan>('/api/import', old)).status).toBe(200);
    expect((await third.get<Day>('/api/days/2026-11-20')).body.entries[0]!.nutrients).toBeUndefined();
  });
});
