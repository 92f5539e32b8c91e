import { describe, expect, it } from 'vitest';
import type { MealSlot } from '@/lib/diary/meals';
import type { Day } from '@/lib/schemas/day';
import type { DiaryExport, ImportPlan } from '@/lib/schemas/export';
import type { Settings } from '@/lib/schemas/settings';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';

const meals: MealSlot[] = [
  { id: 'breakfast', name: 'Завтрак', hidden: false },
  { id: 'meal5', name: 'Второй завтрак', hidden: false },
  { id: 'lunch', name: null, hidden: false },
  { id: 'meal6', name: 'Полдник', hidden: false },
  { id: 'dinner', name: null, hidden: false },
  { id: 'snacks', name: null, hidden: true },
];

describe.each(engines)('meals of one’s own on $name', (engine) => {
  useDatabase(engine);

  it('keeps the meals as set, refuses a bad set whole, and logs into a meal of one’s own', async () => {
    const { client } = await signUp();
    expect((await client.get<Settings>('/api/settings')).body.meals).toBeNull();
    const saved = await client.patch<Settings>('/api/settings', { meals });
    expect(saved.status).toBe(200);
    expect(saved.body.meals).toEqual(meals);

    for (const bad of [
      [
        ...meals,
        { id: 'meal7', name: 'x', hidden: false },
        { id: 'meal8', name: 'y', hidden: false },
        meals[1],
      ],
      meals.map((meal) => ({ ...meal, hidden: true })),
      meals.filter((meal) => meal.id !== 'snacks'),
      [{ ...meals[0]!, name: '🍳'.repeat(500) }, ...meals.slice(1)],
      [{ ...meals[0]!, name: '' }, ...meals.slice(1)],
      'breakfast',
    ]) {
      const refused = await client.patch('/api/settings', { meals: bad });
      expect(refused.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect((await client.get<Settings>('/api/settings')).body.meals).toEqual(meals);

    const snack = entry({ meal: 'meal6', name: 'Кефир', loggedAt: '2026-11-22T13:00:00.000Z' });
    const put = await client.put<Day>(`/api/days/2026-11-22/entries/${snack.id}`, snack);
    expect(put.status).toBe(200);
    expect(put.body.entries).toEqual([snack]);
    const unknown = entry({ meal: 'meal9' as 'meal8' });
    expect((await client.put(`/api/days/2026-11-22/entries/${unknown.id}`, unknown)).status).toBe(400);

    // Back to the four as they come.
    expect((await client.patch<Settings>('/api/settings', { meals: null })).body.meals).toBeNull();
  });

  it('carries the meals and their entries through an export into another account', async () => {
    const { client } = await signUp();
    await client.patch('/api/settings', { meals });
    const snack = entry({ meal: 'meal6', name: 'Кефир', loggedAt: '2026-11-22T13:00:00.000Z' });
    await client.put(`/api/days/2026-11-22/entries/${snack.id}`, snack);
    const exported = (await client.get<DiaryExport>('/api/export')).body;
    expect(exported.settings.meals).toEqual(meals);

    const other = (await signUp()).client;
    const imported = await other.post<ImportPlan>('/api/import', exported);
    expect(imported.status).toBe(200);
    expect(imported.body.settings.applied).toBe(true);
    expect((await other.get<Settings>('/api/settings')).body.meals).toEqual(meals);
    const [day] = (await other.get<Day[]>('/api/days?from=2026-11-22&to=2026-11-22')).body;
    expect(day!.entries).toEqual([snack]);
  });
});
