import { describe, expect, it } from 'vitest';
import { LIMITS } from '@/lib/limits';
import type { Entry } from '@/lib/schemas/entry';
import type { DiaryExport, ImportPlan } from '@/lib/schemas/export';
import type { Food } from '@/lib/schemas/food';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

const oatMilk = {
  name: 'Oat milk',
  brand: 'Farm',
  kcal: 46,
  protein: 1,
  fat: 1.5,
  carbs: 6.7,
  serving: { label: '1 glass', grams: 250 },
  measures: [
    { label: '1 cup', grams: 240 },
    { label: '1 tbsp', grams: 15 },
  ],
};

describe.each(engines)('a food’s measures on $name', (engine) => {
  useDatabase(engine);

  it('stores several named measures, changes them, and moves them with an export', async () => {
    const { client } = await signUp();
    const created = await client.post<Food>('/api/foods', oatMilk);
    expect(created.status).toBe(201);
    expect(created.body.measures).toEqual(oatMilk.measures);
    // A food sent without measures (an older client) has none; one with them keeps them.
    const plain = await client.post<Food>('/api/foods', { ...oatMilk, name: 'Plain', measures: undefined });
    expect(plain.body.measures).toEqual([]);

    const changed = await client.patch<Food>(`/api/foods/${created.body.id}`, {
      measures: [{ label: '1 mug', grams: 300 }],
    });
    expect(changed.status).toBe(200);
    expect((await client.get<Food[]>('/api/foods')).body[0]?.measures).toEqual([
      { label: '1 mug', grams: 300 },
    ]);

    const exported = (await client.get<DiaryExport>('/api/export')).body;
    expect(exported.foods[0]?.measures).toEqual([{ label: '1 mug', grams: 300 }]);
    const other = (await signUp()).client;
    expect((await other.post<ImportPlan>('/api/import', exported)).body.foods.added).toBe(2);
    expect((await other.get<Food[]>('/api/foods')).body[0]?.measures).toEqual([
      { label: '1 mug', grams: 300 },
    ]);
  });

  it('refuses bad measures whole: a name twice, too many, out of range, not a list', async () => {
    const { client } = await signUp();
    const refusals = [
      { measures: [{ label: '1 glass', grams: 200 }] },
      {
        measures: [
          { label: '1 cup', grams: 240 },
          { label: '1 CUP ', grams: 250 },
        ],
      },
      {
        measures: Array.from({ length: LIMITS.foodMeasures.max + 1 }, (_, n) => ({
          label: `${n} g`,
          grams: n + 1,
        })),
      },
      { measures: [{ label: 'x'.repeat(LIMITS.servingLabelLength.max + 1), grams: 10 }] },
      { measures: [{ label: '1 cup', grams: LIMITS.servingGrams.max + 1 }] },
      { measures: [{ label: '1 cup', grams: 0 }] },
      { measures: [{ label: '1 cup' }] },
      { measures: 'a cup' },
      { measures: [null] },
    ];
    for (const bad of refusals) {
      const answer = await client.post('/api/foods', { ...oatMilk, ...bad });
      expect(answer.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await client.get<Food[]>('/api/foods')).body).toEqual([]);
  });

  it('keeps an entry counted in a measure as its count and grams', async () => {
    const { client } = await signUp();
    const food = (await client.post<Food>('/api/foods', oatMilk)).body;
    const entry: Entry = {
      id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      meal: 'breakfast',
      food: food.id,
      name: 'Oat milk (Farm)',
      amount: 3,
      unit: 'serving',
      grams: 45,
      kcal: 21,
      protein: 0.5,
      fat: 0.7,
      carbs: 3,
      loggedAt: '2026-11-27T08:00:00.000Z',
      updatedAt: '2026-11-27T08:00:00.000Z',
    };
    expect((await client.put(`/api/days/2026-11-27/entries/${entry.id}`, entry)).status).toBe(200);
    const day = (await client.get<{ entries: Entry[] }>('/api/days/2026-11-27')).body;
    expect(day.entries[0]).toMatchObject({ amount: 3, unit: 'serving', grams: 45 });
  });
});
