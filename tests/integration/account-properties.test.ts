import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entrySchema, type Entry } from '@/lib/schemas/entry';
import type { Day } from '@/lib/schemas/day';
import type { Food } from '@/lib/schemas/food';
import { travellingSettings } from '@/lib/diary/settings-merge';
import { dateArb, entryArb, foodArb, settingsArb } from '../support/arbitraries';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

// The account half of the property-based tests (the guest half is tests/unit/guest-properties):
// whatever the API accepts is stored, read back and exported exactly as the schema reads it, and
// an export imported into a fresh account exports again to the same days, entries and foods.
const runs = { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) };

/** Days with each entry's food given by name, since two accounts number their foods apart. */
function byFoodName(days: Day[], foods: Food[]) {
  const names = new Map(foods.map((food) => [food.id, `${food.name}|${food.brand ?? ''}`]));
  return days.map((day) => ({
    ...day,
    updatedAt: undefined,
    entries: day.entries.map((entry: Entry) => ({
      ...entry,
      food: typeof entry.food === 'number' ? names.get(entry.food) : entry.food,
    })),
  }));
}

describe.each(engines)('accounts, property-based, on $name', (engine) => {
  useDatabase(engine);

  it('stores what it accepts and reads it back as the schema reads it', { timeout: 120_000 }, async () => {
    const { client } = await signUp();
    await fc.assert(
      fc.asyncProperty(dateArb, entryArb, async (date, entry) => {
        const put = await client.put(`/api/days/${date}/entries/${entry.id}`, entry);
        expect(put.status, JSON.stringify(put.body)).toBe(200);
        const expected = entrySchema.parse(entry);
        const day = await client.get(`/api/days/${date}`);
        expect(day.body.entries).toContainEqual(expected);
      }),
      runs,
    );
  });

  it(
    'exports, imports into a fresh account and exports again to the same days, foods and settings',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.uniqueArray(foodArb, {
            maxLength: 3,
            selector: (food) => `${food.name.trim()}|${food.brand?.trim() ?? ''}`.toLowerCase(),
          }),
          fc.array(fc.tuple(dateArb, entryArb, fc.nat()), { minLength: 1, maxLength: 6 }),
          settingsArb,
          async (foods, logged, settings) => {
            const { client: source } = await signUp();
            expect((await source.patch('/api/settings', settings)).status).toBe(200);
            const ids: number[] = [];
            for (const food of foods) {
              const created = await source.post('/api/foods', food);
              expect(created.status, JSON.stringify(created.body)).toBe(201);
              ids.push(created.body.id);
            }
            for (const [date, entry, pick] of logged) {
              const food =
                typeof entry.food === 'number' ? (ids[pick % (ids.length || 1)] ?? null) : entry.food;
              const put = await source.put(`/api/days/${date}/entries/${entry.id}`, { ...entry, food });
              expect(put.status, JSON.stringify(put.body)).toBe(200);
            }
            const first = (await source.get('/api/export')).body;
            const { client: target } = await signUp();
            const imported = await target.post('/api/import', first);
            expect(imported.status, JSON.stringify(imported.body)).toBe(200);
            const second = (await target.get('/api/export')).body;
            expect(byFoodName(second.days, second.foods)).toEqual(byFoodName(first.days, first.foods));
            const strip = (food: Food) => ({
              ...food,
              id: undefined,
              createdAt: undefined,
              updatedAt: undefined,
            });
            expect(second.foods.map(strip)).toEqual(first.foods.map(strip));
            expect(travellingSettings(second.settings)).toEqual(travellingSettings(first.settings));
          },
        ),
        runs,
      );
    },
  );
});
