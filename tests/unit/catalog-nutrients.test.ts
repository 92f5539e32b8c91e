import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogFoods, type CatalogFood } from '@/lib/catalog/catalog-data';
import { NUTRIENT_GROUPS } from '@/lib/catalog/nutrient-groups';
import {
  nutrientKeys,
  nutrientsOfList,
  nutrientsPastPer100g,
  roundNutrient,
  type NutrientKey,
  type Nutrients,
} from '@/lib/diary/nutrients';

/*
 * The curated foods' nutrients (public/catalog/nutrients/curated.json, written by
 * scripts/catalog/extract-usda-table.mjs): a food citing a USDA row has the row's, a dish of ours
 * the weighted sum of its ingredients'. Once every dish of ours and both spirits carried none.
 */

const CURATED_FILE = path.resolve(__dirname, '../../public/catalog/nutrients/curated.json');
const DATA_PATH = path.resolve(__dirname, '../../lib/catalog/catalog-data.ts');
const text = fs.readFileSync(CURATED_FILE, 'utf8');
const rows = JSON.parse(text) as Record<string, unknown>;
const nutrientsOf = (id: string): Nutrients | undefined => nutrientsOfList(rows[id]);

/**
 * Release 24 has no added sugars at all, so no curated food knows them. Every other nutrient a
 * food does not know is one USDA did not give for its row (or for an ingredient of a dish).
 */
const SR24_NUTRIENTS = nutrientKeys.filter((key) => key !== 'addedSugars');

/**
 * Foods that do not know their sodium, with why. Keep this list short: a food added to the
 * catalog should cite a row that gives it.
 */
const WITHOUT_SODIUM: Record<string, string> = {
  'almond-milk-vanilla': 'a row of the earlier excerpt Release 24 lacks: fibre and sugars only',
  'almond-milk-chocolate': 'a row of the earlier excerpt Release 24 lacks: fibre and sugars only',
  'whey-protein': 'a row of the earlier excerpt Release 24 lacks: fibre and sugars only',
  'soy-protein': 'a row of the earlier excerpt Release 24 lacks: fibre and sugars only',
  physalis: 'its Release 24 row (09145) gives no sodium',
};

/** A dish's recipe as the comment above it writes it (lib/catalog/README.md). */
function recipes(): Map<string, { parts: Array<{ share: number; id: string }>; yieldShare: number }> {
  const lines = fs.readFileSync(DATA_PATH, 'utf8').split('\n');
  const found = new Map<string, { parts: Array<{ share: number; id: string }>; yieldShare: number }>();
  lines.forEach((line, index) => {
    const id = /^\s*\{ id: '([^']+)'.*source: 'recipe'/.exec(line)?.[1];
    const comment = lines[index - 1]?.trim() ?? '';
    if (!id || !comment.startsWith('// recipe:')) return;
    const [ingredients = '', ...rest] = comment.slice('// recipe:'.length).split(';');
    const parts = [...ingredients.matchAll(/(\d+(?:\.\d+)?)% ([a-z0-9-]+)/g)].map((match) => ({
      share: Number(match[1]),
      id: match[2]!,
    }));
    const yieldMatch = /yield (\d+(?:\.\d+)?)%/.exec(rest.join(';'));
    found.set(id, { parts, yieldShare: yieldMatch ? Number(yieldMatch[1]) / 100 : 1 });
  });
  return found;
}

describe('catalog nutrients: the curated foods', () => {
  it('gives every curated food a row of nutrients per 100 g, each within what a food may hold', () => {
    const ids = new Set(catalogFoods.map((food) => food.id));
    expect(Object.keys(rows).sort()).toEqual([...ids].sort());
    for (const food of catalogFoods) {
      const nutrients = nutrientsOf(food.id);
      expect(nutrients, food.id).toBeDefined();
      expect(Object.keys(nutrients!).length, `${food.id} knows no nutrient`).toBeGreaterThan(0);
      expect(nutrientsPastPer100g(nutrients!), food.id).toEqual([]);
    }
  });

  it('names the file by the hash of what it holds, so a browser never keeps a stale copy', () => {
    const hash = NUTRIENT_GROUPS.find(([group]) => group === 'curated')?.[1];
    expect(createHash('sha256').update(text).digest('hex').slice(0, 12)).toBe(hash);
  });

  it('gives every dish of ours the nutrients of its ingredients by weight, divided by its yield', () => {
    const byId = new Map<string, CatalogFood>(catalogFoods.map((food) => [food.id, food]));
    const problems: string[] = [];
    const dishes = recipes();
    expect(dishes.size).toBeGreaterThan(80);
    for (const [id, recipe] of dishes) {
      const nutrients = nutrientsOf(id) ?? {};
      for (const key of nutrientKeys) {
        let sum = 0;
        let known = true;
        for (const part of recipe.parts) {
          expect(byId.has(part.id), `${id}: ingredient ${part.id}`).toBe(true);
          const value = nutrientsOf(part.id)?.[key];
          if (value === undefined) known = false;
          else sum += (part.share / 100) * value;
        }
        const expected = sum / recipe.yieldShare;
        const actual = nutrients[key];
        if (!known && actual !== undefined)
          problems.push(`${id}: ${key} ${actual}, but an ingredient knows none`);
        // The ingredients' figures are stored rounded, the dish's from USDA's unrounded ones.
        const tolerance = 2 * 10 ** -decimalsOf(key) + 0.005 * expected;
        if (known && (actual === undefined || Math.abs(actual - expected) > tolerance))
          problems.push(`${id}: ${key} ${actual} vs ${roundNutrient(key, expected)} from its recipe`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('fills what a varietal’s row lacks from its kind ("// nutrients: as red-wine")', () => {
    const lines = fs.readFileSync(DATA_PATH, 'utf8').split('\n');
    let standIns = 0;
    lines.forEach((line, index) => {
      const other = /^\s*\/\/ nutrients: as ([a-z0-9-]+)/.exec(line)?.[1];
      if (!other) return;
      standIns++;
      const id = /^\s*\{ id: '([^']+)'/.exec(lines[index + 1] ?? '')?.[1] ?? '';
      for (const key of nutrientKeys) {
        if (nutrientsOf(other)?.[key] !== undefined)
          expect(nutrientsOf(id)?.[key], `${id} ${key}`).toBeDefined();
      }
    });
    expect(standIns).toBeGreaterThan(0);
  });

  it('knows the sodium of every food but a few whose source gives none', () => {
    const without = catalogFoods
      .filter((food) => nutrientsOf(food.id)?.sodium === undefined)
      .map((f) => f.id);
    expect(without.sort()).toEqual(Object.keys(WITHOUT_SODIUM).sort());
  });

  it('knows each nutrient Release 24 gives for most foods, and no added sugars, which it lacks', () => {
    const count = (key: NutrientKey) =>
      catalogFoods.filter((food) => nutrientsOf(food.id)?.[key] !== undefined).length;
    for (const key of SR24_NUTRIENTS) {
      // The fewest are vitamins D and K, which USDA had not analysed for a quarter of the rows.
      expect(count(key) / catalogFoods.length, key).toBeGreaterThan(0.7);
    }
    expect(count('addedSugars')).toBe(0);
  });
});

/** Decimals a nutrient is stored to (lib/diary/nutrients.ts), from how it rounds. */
function decimalsOf(key: NutrientKey): number {
  for (let decimals = 0; decimals < 6; decimals++) {
    if (roundNutrient(key, 1 / 3) === Math.round((1 / 3) * 10 ** decimals) / 10 ** decimals) return decimals;
  }
  return 6;
}
