import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalogFoods } from '@/lib/catalog/catalog-data';
import { loadCatalog } from '@/lib/catalog/load';
import { catalogMeasures } from '@/lib/diary/measures';
import { catalogCategories } from '@/lib/catalog/categories';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { USDA_GROUPS } from '@/lib/catalog/usda-groups';
import { SearchIndex } from '@/lib/diary/search';
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

  it('gives the curated and the table foods USDA’s household measures, each loggable, in both languages', async () => {
    const curated = await loadCatalog();
    const measured = [...curated, ...usdaTableFoods].filter((food) => food.measures?.length);
    // Most SR24 rows have measures: 645 of the curated foods' rows and most of the table's.
    expect(curated.filter((food) => food.measures?.length).length).toBeGreaterThan(600);
    expect(measured.length).toBeGreaterThan(7_500);
    for (const food of measured) {
      for (const measure of food.measures!) {
        for (const label of [measure.en, measure.ru]) {
          expect(label.trim().length, food.id).toBeGreaterThanOrEqual(LIMITS.servingLabelLength.min);
          expect(label.length, food.id).toBeLessThanOrEqual(LIMITS.servingLabelLength.max);
        }
        expect(measure.ru, `${food.id} ${measure.en}`).toMatch(/[а-яё]/i);
        expect(measure.grams).toBeGreaterThanOrEqual(LIMITS.servingGrams.min);
        expect(measure.grams).toBeLessThanOrEqual(LIMITS.servingGrams.max);
      }
    }
    const banana = curated.find((food) => food.id === 'banana')!;
    // Its "medium (7" to 7-7/8" long)" weighs what its serving, "1 medium banana", does: one row.
    expect(catalogMeasures(banana, 'en')).toContainEqual({ label: 'large (8" to 8-7/8" long)', grams: 136 });
    expect(catalogMeasures(banana, 'ru')).toContainEqual({ label: 'крупный (20–23 см длиной)', grams: 136 });
    const brick = usdaTableFoods.find((food) => food.ndb === '01005')!;
    expect(brick.measures).toContainEqual({ en: 'cup, diced', ru: 'стакан кубиками', grams: 132 });
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

  it('names at least 1,500 foods in Russian with the curated ones, each name once', () => {
    const named = usdaTableFoods.filter((food) => food.ru !== food.en);
    expect(catalogFoods.length + named.length).toBeGreaterThanOrEqual(1_500);
    const names = [...catalogFoods, ...named].map((food) => food.ru.toLocaleLowerCase('ru'));
    expect(new Set(names).size).toBe(names.length);
    for (const food of named) {
      expect(food.ru, food.id).toMatch(/^[^a-z]+$/i);
      expect(food.ru.length, food.id).toBeLessThanOrEqual(LIMITS.nameLength.max);
    }
  });

  it('finds a food by its Russian name in Russian, and by USDA’s in either language', () => {
    const search = (locale: 'en' | 'ru', query: string) =>
      new SearchIndex(
        [...catalogFoods, ...usdaTableFoods].map((food) => catalogSearchDoc(food, locale, food.id)),
      ).search(query, 5);
    // 09205: "Oranges, raw, with peel", named "Апельсин с кожурой".
    expect(search('ru', 'апельсин с кожурой')[0]).toBe('usda-09205');
    expect(search('ru', 'oranges raw with peel')).toContain('usda-09205');
    expect(search('en', 'oranges raw with peel')[0]).toBe('usda-09205');
    // A row without a Russian name is still found by its English one in Russian.
    expect(search('ru', 'banana powder')).toContain('usda-09041');
  });
});
