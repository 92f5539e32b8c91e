import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalogFoods } from '@/lib/catalog/catalog-data';
import { catalogCategories } from '@/lib/catalog/categories';
import { USDA_GROUPS } from '@/lib/catalog/usda-groups';
import { LIMITS } from '@/lib/limits';
import { CATALOG_REF } from '@/lib/schemas/entry';
import { usdaGroupText, usdaTableFoods } from '../support/usda-table';

// The whole USDA SR24 table (public/catalog/usda, written by scripts/catalog/extract-usda-table.mjs)
// as the catalog holds it beside the curated foods.

describe('the USDA table', () => {
  it('holds the rest of SR24: over 8,000 foods, none a curated food already cites', () => {
    expect(usdaTableFoods.length).toBeGreaterThan(8_000);
    expect(usdaTableFoods.length + catalogFoods.length).toBeGreaterThan(8_800);
    const curatedNdb = new Set(catalogFoods.map((food) => food.ndb).filter(Boolean));
    const curatedRows = new Set(catalogFoods.map((food) => food.usda).filter(Boolean));
    for (const food of usdaTableFoods) {
      expect(curatedNdb.has(food.ndb), food.id).toBe(false);
      expect(curatedRows.has(food.usda), food.id).toBe(false);
    }
    const ids = [...catalogFoods, ...usdaTableFoods].map((food) => food.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every food what an entry and a food of the library accept', () => {
    for (const food of usdaTableFoods) {
      expect(`c:${food.id}`).toMatch(CATALOG_REF);
      expect(catalogCategories).toContain(food.category);
      expect(food.en.length).toBeLessThanOrEqual(LIMITS.nameLength.max);
      expect(food.en.length).toBeGreaterThanOrEqual(LIMITS.nameLength.min);
      expect(food.kcal).toBeGreaterThanOrEqual(LIMITS.foodKcal.min);
      expect(food.kcal).toBeLessThanOrEqual(LIMITS.foodKcal.max);
      for (const grams of [food.protein, food.fat, food.carbs]) {
        expect(grams).toBeGreaterThanOrEqual(LIMITS.foodMacro.min);
        expect(grams).toBeLessThanOrEqual(LIMITS.foodMacro.max);
      }
    }
  });

  it('names each group file by the hash of what it holds, so a browser never keeps a stale copy', () => {
    for (const [group, hash, foods] of USDA_GROUPS) {
      const text = usdaGroupText(group);
      expect(createHash('sha256').update(text).digest('hex').slice(0, 12), group).toBe(hash);
      expect((JSON.parse(text) as unknown[]).length, group).toBe(foods);
    }
  });

  it('keeps figures as USDA gives them: a banana powder row, word for word', () => {
    const powder = usdaTableFoods.find((food) => food.ndb === '09041')!;
    expect(powder).toMatchObject({
      id: 'usda-09041',
      en: 'Bananas, dehydrated, or banana powder',
      ru: 'Bananas, dehydrated, or banana powder',
      category: 'produce',
      kcal: 346,
      protein: 3.9,
      fat: 1.8,
      carbs: 88.3,
      source: 'usda',
      table: true,
    });
  });
});
