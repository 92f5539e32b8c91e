import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { per100FromServing, perServingFrom100 } from '@/lib/diary/label';
import { entryFromFood } from '@/lib/diary/nutrition';

const meta = {
  id: '00000000-0000-4000-8000-000000000001',
  meal: 'snacks' as const,
  now: '2026-11-25T10:00:00.000Z',
};

describe('figures typed from a label, per serving', () => {
  it('stores "1 bar = 45 g: 210 kcal" per 100 g, and one bar logs as the label says', () => {
    const per100 = per100FromServing({ kcal: 210, protein: 4, fat: 10, carbs: 25 }, 45);
    expect(per100).toEqual({ kcal: 466.67, protein: 8.89, fat: 22.22, carbs: 55.56 });
    const food = { ref: 1, name: 'Bar', ...per100, serving: { label: '1 bar', grams: 45 } };
    const entry = entryFromFood(food, 2, food.serving, meta);
    expect(entry).toMatchObject({
      unit: 'serving',
      amount: 2,
      grams: 90,
      kcal: 420,
      protein: 8,
      fat: 20,
      carbs: 50,
    });
  });

  it("gives back any label's figures for one serving: kcal exactly, macros within 0.1 g", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 0, max: 900 }),
        fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10),
        (grams, kcal, protein) => {
          const label = {
            kcal: Math.min(kcal, (grams * 900) / 100),
            protein: Math.min(protein, grams),
            fat: 0,
            carbs: 0,
          };
          label.kcal = Math.round(label.kcal);
          const per100 = per100FromServing(label, grams);
          const food = { ref: 1, name: 'Food', ...per100, serving: { label: '1 pack', grams } };
          const entry = entryFromFood(food, 1, food.serving, meta);
          expect(entry.kcal).toBe(label.kcal);
          expect(Math.abs(entry.protein - label.protein)).toBeLessThanOrEqual(0.1 + 1e-9);
        },
      ),
    );
  });

  it('converts back to the serving for showing', () => {
    expect(perServingFrom100({ kcal: 466.67, protein: 8.89, fat: 22.22, carbs: 55.56 }, 45)).toEqual({
      kcal: 210,
      protein: 4,
      fat: 10,
      carbs: 25,
    });
  });
});
