import { describe, expect, it } from 'vitest';
import { loadCatalog } from '@/lib/catalog/load';
import { catalogMeasures } from '@/lib/diary/measures';

/*
 * The curated foods' measures as the amount step lists them (lib/diary/measures.ts
 * catalogMeasures): the serving, then USDA's household measures and ours
 * (scripts/catalog/curated-measures.tsv), one row a size. They once read "1 cup (244 g)" beside
 * "cup (244 g)", and "1 pat (10 g)" beside "pat (5 g)".
 */

/** Weights an entry keeps to 0.1 g: two measures closer than half of that are one size. */
const sameWeight = (a: number, b: number) => Math.abs(a - b) < 0.05;

/** A label's noun and closing detail in brackets, without a leading "1". */
function nameOf(label: string): { noun: string; detail: string } {
  const text = label.trim().toLowerCase().replace(/^1\s+/, '');
  const detail = /\s*\(([^()]*)\)\s*$/.exec(text);
  return { noun: detail ? text.slice(0, detail.index) : text, detail: detail?.[1]?.trim() ?? '' };
}

describe('catalog measures: the curated foods', () => {
  it('gives every curated food at least one measure: its serving', async () => {
    for (const food of await loadCatalog()) {
      expect(catalogMeasures(food, 'en').length, food.id).toBeGreaterThan(0);
      expect(catalogMeasures(food, 'ru').length, food.id).toBeGreaterThan(0);
    }
  });

  it('lists each size once: no two measures of a food weigh the same', async () => {
    const repeated: string[] = [];
    for (const food of await loadCatalog()) {
      for (const locale of ['en', 'ru'] as const) {
        const measures = catalogMeasures(food, locale);
        measures.forEach((measure, index) => {
          const earlier = measures.slice(0, index).find((other) => sameWeight(other.grams, measure.grams));
          if (earlier)
            repeated.push(`${food.id}: "${earlier.label}" and "${measure.label}", ${measure.grams} g`);
        });
      }
    }
    expect(repeated).toEqual([]);
  });

  it('names no other measure as its serving is named, in either language', async () => {
    // "1 glass" milk of 250 g beside USDA's "cup" of 244 g read alike in Russian: "стакан".
    const clashes: string[] = [];
    for (const food of await loadCatalog()) {
      for (const locale of ['en', 'ru'] as const) {
        const [serving, ...others] = catalogMeasures(food, locale);
        if (!serving || !food.serving) continue;
        const ours = nameOf(serving.label);
        for (const other of others) {
          const theirs = nameOf(other.label);
          if (ours.noun === theirs.noun && (!ours.detail || ours.detail === theirs.detail))
            clashes.push(
              `${food.id}: "${serving.label}" ${serving.grams} g and "${other.label}" ${other.grams} g`,
            );
        }
      }
    }
    expect(clashes).toEqual([]);
  });

  it('weighs porridge by the cup as well as the bowl', async () => {
    const foods = await loadCatalog();
    for (const id of ['oatmeal-water', 'oatmeal-milk', 'semolina-porridge-milk', 'millet-porridge-milk']) {
      const food = foods.find((candidate) => candidate.id === id)!;
      const labels = catalogMeasures(food, 'en').map((measure) => measure.label);
      expect(labels, id).toContain('1 bowl');
      expect(labels, id).toContain('cup');
      expect(
        catalogMeasures(food, 'ru').map((measure) => measure.label),
        id,
      ).toContain('стакан');
    }
  });
});
