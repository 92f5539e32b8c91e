import { randomUUID } from 'node:crypto';
import type { Entry } from '@/lib/schemas/entry';
import type { FoodInput } from '@/lib/schemas/food';

export function entry(overrides: Partial<Entry> = {}): Entry {
  return {
    id: randomUUID(),
    meal: 'breakfast',
    food: null,
    name: 'Oatmeal',
    amount: 150,
    unit: 'g',
    grams: 150,
    kcal: 555,
    protein: 19.5,
    fat: 9.8,
    carbs: 90.3,
    loggedAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

export const oats: FoodInput = {
  name: 'Oats',
  brand: null,
  kcal: 370,
  protein: 13,
  fat: 6.5,
  carbs: 60.2,
  serving: { label: 'cup', grams: 80 },
  favorite: false,
};
