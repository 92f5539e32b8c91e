import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entryNameOf, loggableFromFood } from '@/lib/diary/loggable';
import { convertAmount, entryFromFood, reweighEntry } from '@/lib/diary/nutrition';
import { LIMITS } from '@/lib/limits';
import { entrySchema } from '@/lib/schemas/entry';
import type { Food } from '@/lib/schemas/food';

const meta = {
  id: '00000000-0000-4000-8000-000000000001',
  meal: 'lunch' as const,
  now: '2026-03-01T10:00:00.000Z',
};
const max = LIMITS.nameLength.max;

function food(name: string, brand: string | null): Food {
  return {
    id: 7,
    name,
    brand,
    kcal: 250,
    protein: 10,
    fat: 5,
    carbs: 40,
    serving: { label: '1 slice', grams: 30 },
    favorite: false,
    createdAt: meta.now,
    updatedAt: meta.now,
  } as Food;
}

describe("an entry's name from a food's name and brand", () => {
  it('is "Name (Brand)" while that fits', () => {
    expect(entryNameOf(food('Rye bread', 'Baker'))).toBe('Rye bread (Baker)');
    expect(entryNameOf(food('Rye bread', null))).toBe('Rye bread');
  });

  it('keeps the whole name and shortens the brand with "…" past the limit', () => {
    const name = 'N'.repeat(100);
    const entryName = entryNameOf(food(name, 'B'.repeat(120)));
    expect(entryName).toHaveLength(max);
    expect(entryName.startsWith(`${name} (B`)).toBe(true);
    expect(entryName.endsWith('…)')).toBe(true);
  });

  it('is the name alone when the name leaves no room for a brand', () => {
    expect(entryNameOf(food('N'.repeat(118), 'Brand'))).toBe('N'.repeat(118));
  });

  it('never cuts a character in half', () => {
    const name = 'N'.repeat(100);
    const entryName = entryNameOf(food(name, '😀'.repeat(60)));
    expect(entryName).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(entryName.length).toBeLessThanOrEqual(max);
  });

  it('makes an entry storage accepts for any food name and brand the food form accepts', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: max }).filter((text) => text.trim().length > 0),
        fc.option(fc.string({ minLength: 1, maxLength: LIMITS.brandLength.max }), { nil: null }),
        (name, brand) => {
          const entry = entryFromFood(loggableFromFood(food(name.trim(), brand)), 1, { grams: 30 }, meta);
          expect(entrySchema.safeParse(entry).success).toBe(true);
        },
      ),
    );
  });
});

describe('editing an entry like adding one', () => {
  const bread = {
    ref: 7,
    name: 'Rye bread',
    kcal: 259,
    protein: 8.5,
    fat: 3.3,
    carbs: 48.3,
    serving: { label: '1 slice', grams: 30 },
  };
  const twoSlices = entryFromFood(bread, 2, bread.serving, meta);

  it("scales from the entry's own figures: 2 → 3 slices is 90 g and 233 kcal", () => {
    const edited = reweighEntry(twoSlices, 3, { grams: 30 }, '2026-03-02T10:00:00.000Z');
    expect(edited).toMatchObject({ id: twoSlices.id, unit: 'serving', amount: 3, grams: 90, kcal: 233 });
    expect(edited.loggedAt).toBe(twoSlices.loggedAt);
    expect(edited.updatedAt).toBe('2026-03-02T10:00:00.000Z');
  });

  it('switches servings to grams for the same weight', () => {
    expect(convertAmount(2, 30, null)).toBe(60);
    expect(convertAmount(75, null, 30)).toBe(2.5);
    // From one measure to another through their weight: 2 slices of 30 g are half a 120 g cup.
    expect(convertAmount(2, 30, 120)).toBe(0.5);
    const inGrams = reweighEntry(twoSlices, 60, null, meta.now);
    expect(inGrams).toMatchObject({ unit: 'g', amount: 60, grams: 60, kcal: twoSlices.kcal });
  });

  it('saved again unchanged, gives back the same figures', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 500 }),
        (tenths, gramsEach) => {
          const servings = tenths / 10;
          const entry = entryFromFood(bread, servings, { grams: gramsEach }, meta);
          const again = reweighEntry(entry, servings, { grams: entry.grams! / servings }, meta.now);
          expect(again).toMatchObject({ grams: entry.grams, kcal: entry.kcal, protein: entry.protein });
        },
      ),
    );
  });
});
