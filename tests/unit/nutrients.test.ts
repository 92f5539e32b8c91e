import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  knownNutrients,
  mixNutrients,
  nutrientKeys,
  nutrientLimit,
  roundNutrient,
  saltGOfSodiumMg,
  scaleNutrients,
  sodiumMgOfSaltG,
  sumNutrients,
} from '@/lib/diary/nutrients';
import { entryFromFood, entryNutrients, quickAddEntry, reweighEntry } from '@/lib/diary/nutrition';
import { recipeNutrition } from '@/lib/diary/recipe';
import { decodeDay, encodeDay } from '@/lib/data/guest/day-codec';
import { compactUuid } from '@/lib/data/guest/day-codec';
import {
  loggedFoodText,
  memorySharedRecords,
  nutrientsOfText,
  nutrientsText,
} from '@/lib/data/guest/shared-records';
import { entrySchema } from '@/lib/schemas/entry';
import { mergeFoods } from '@/lib/diary/import-merge';
import { foodInputSchema } from '@/lib/schemas/food';
import type { Day } from '@/lib/schemas/day';
import { dateArb, entryArb, nutrientsArb, propertyRuns } from '../support/arbitraries';

const NOW = '2026-11-27T12:00:00.000Z';
const meta = { id: '0b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f', meal: 'lunch' as const, now: NOW };

describe('salt and sodium', () => {
  it('reads a label’s salt as sodium and back, to the milligram', () => {
    // 1.5 g of salt per serving: 590 mg of sodium (NaCl is 39.34 % sodium).
    expect(Math.round(sodiumMgOfSaltG(1.5))).toBe(590);
    expect(saltGOfSodiumMg(2_300)).toBeCloseTo(5.85, 2);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (salt) => {
        expect(saltGOfSodiumMg(sodiumMgOfSaltG(salt))).toBeCloseTo(salt, 9);
      }),
      propertyRuns,
    );
  });
});

describe('sums with unknowns', () => {
  it('counts what is known and of how many entries, never an unknown as 0', () => {
    fc.assert(
      fc.property(fc.array(fc.option(nutrientsArb, { nil: null }), { maxLength: 20 }), (eaten) => {
        const totals = sumNutrients(eaten);
        for (const key of nutrientKeys) {
          const knowing = eaten.filter((each) => each?.[key] !== undefined);
          expect(totals[key].of).toBe(eaten.length);
          expect(totals[key].known).toBe(knowing.length);
          expect(totals[key].amount).toBeCloseTo(
            knowing.reduce((sum, each) => sum + each![key]!, 0),
            6,
          );
        }
      }),
      propertyRuns,
    );
  });

  it('knows a mix’s nutrient only when every part that weighs something knows it', () => {
    const known = { fibre: 2, vitaminC: 10 };
    const partial = { fibre: 4 };
    expect(
      mixNutrients([{ grams: 100, nutrients: known }, { grams: 300, nutrients: partial }, { grams: 0 }], 400),
    ).toEqual({ fibre: 3.5 });
    // A dish cooked down to half its weight is twice as dense.
    expect(mixNutrients([{ grams: 200, nutrients: known }], 100)).toEqual({ fibre: 4, vitaminC: 20 });
  });

  it('gives a recipe’s fibre per serving from its ingredients', () => {
    // 200 g oats (10.6 g fibre per 100 g) and 300 g milk (0 g) make 4 servings.
    const made = recipeNutrition(
      [
        { kcal: 389, protein: 16.9, fat: 6.9, carbs: 66.3, grams: 200, nutrients: { fibre: 10.6 } },
        { kcal: 61, protein: 3.2, fat: 3.3, carbs: 4.8, grams: 300, nutrients: { fibre: 0 } },
      ],
      { servings: 4, cookedGrams: null },
    );
    expect(made.nutrients.fibre).toBe(4.24);
    expect((made.nutrients.fibre! * made.serving.grams) / 100).toBeCloseTo(5.3, 6);
  });
});

describe('entries keep their nutrients', () => {
  const oats = {
    ref: 7,
    name: 'Oats',
    kcal: 389,
    protein: 16.9,
    fat: 6.9,
    carbs: 66.3,
    nutrients: { fibre: 10.6, iron: 4.72 },
  };

  it('per 100 g, so the grams eaten give the amounts and a new amount keeps them', () => {
    const entry = entryFromFood(oats, 50, null, meta);
    expect(entry.nutrients).toEqual({ fibre: 10.6, iron: 4.72 });
    expect(entryNutrients(entry)).toEqual({ fibre: 5.3, iron: 2.36 });
    const more = reweighEntry(entry, 80, null, NOW);
    expect(more.nutrients).toEqual(entry.nutrients);
    expect(entryNutrients(more)!.fibre).toBeCloseTo(8.48, 9);
    expect(entrySchema.safeParse(entry).success).toBe(true);
  });

  it('a quick add carries its own, for the whole of it', () => {
    const entry = quickAddEntry('Lunch out', { kcal: 900, protein: 30, fat: 40, carbs: 90 }, meta, {
      sodium: 2_300,
    });
    expect(entryNutrients(entry)).toEqual({ sodium: 2_300 });
    // 2,300 mg is past what 100 g may hold of some nutrients but a quick add weighs nothing.
    expect(entrySchema.safeParse({ ...entry, nutrients: { sugars: 150 } }).success).toBe(true);
    expect(
      entrySchema.safeParse({ ...entry, grams: 100, unit: 'g', nutrients: { sugars: 150 } }).success,
    ).toBe(false);
  });

  it('leaves the field out when the food knows nothing, and refuses an unknown nutrient', () => {
    expect('nutrients' in entryFromFood({ ...oats, nutrients: {} }, 50, null, meta)).toBe(false);
    const entry = entryFromFood(oats, 50, null, meta);
    expect(entrySchema.safeParse({ ...entry, nutrients: { vitamin_c: 4 } }).success).toBe(false);
    expect(entrySchema.safeParse({ ...entry, nutrients: { vitaminC: -1 } }).success).toBe(false);
    expect(entrySchema.safeParse({ ...entry, nutrients: { vitaminC: Number.NaN } }).success).toBe(false);
  });

  it('rounds figures scaled to a serving as each nutrient keeps them', () => {
    fc.assert(
      fc.property(nutrientsArb, fc.double({ min: 0.001, max: 50, noNaN: true }), (nutrients, factor) => {
        const scaled = scaleNutrients(nutrients, factor);
        for (const key of nutrientKeys) {
          if (nutrients[key] === undefined) expect(scaled[key]).toBeUndefined();
          else expect(scaled[key]).toBe(roundNutrient(key, nutrients[key]! * factor));
        }
      }),
      propertyRuns,
    );
  });
});

describe('a food’s nutrients', () => {
  const food = { name: 'Crisps', kcal: 536, protein: 7, fat: 35, carbs: 53 };

  it('stay within what 100 g can hold', () => {
    expect(foodInputSchema.safeParse({ ...food, nutrients: { sodium: 525 } }).success).toBe(true);
    expect(
      foodInputSchema.safeParse({
        ...food,
        nutrients: { sodium: nutrientLimit('sodium', 'per100g').max + 1 },
      }).success,
    ).toBe(false);
  });
});

describe('the guest record', () => {
  const oats = {
    ref: 7,
    name: 'Oats',
    kcal: 389,
    protein: 16.9,
    fat: 6.9,
    carbs: 66.3,
    nutrients: { fibre: 10.6 },
  };
  const dayOf = (entries: Day['entries']): Day => ({
    date: '2026-11-27',
    goal: 2000,
    weight: null,
    water: 0,
    activities: [],
    updatedAt: NOW,
    entries,
  });

  it('stores each food as logged once, however many entries share it, and reads every entry back', () => {
    fc.assert(
      fc.property(dateArb, fc.array(entryArb, { minLength: 1, maxLength: 6 }), (date, entries) => {
        const shared = memorySharedRecords();
        const parsed = entries.map((entry) => entrySchema.parse(entry));
        const day: Day = {
          date,
          goal: 2000,
          weight: null,
          water: 0,
          updatedAt: NOW,
          entries: parsed,
          activities: [],
        };
        const text = encodeDay(day, [], shared);
        const foods = new Set(parsed.map(loggedFoodText));
        expect([...shared.records.keys()].filter((key) => key.startsWith('logged-food-'))).toHaveLength(
          foods.size,
        );
        // A fresh reader, as a reload has.
        const read = decodeDay(text, memorySharedRecords(shared.records));
        expect(read.ok && read.day.entries).toEqual(
          parsed.map((each) => ({ ...each, nutrients: knownNutrients(each.nutrients) })),
        );
      }),
      propertyRuns,
    );
  });

  it('shares one record between two tabs, and reads a day another tab wrote after a miss', () => {
    const records = new Map<string, string>();
    const [tabA, tabB] = [memorySharedRecords(records), memorySharedRecords(records)];
    const entry = entryFromFood(oats, 50, null, meta);
    // Tab B looks for the record before tab A has written it…
    const text = encodeDay(dayOf([entry]), [], memorySharedRecords(new Map()));
    const missing = decodeDay(text, tabB);
    expect(missing.ok && missing.day.entries).toEqual([]);
    // …then tab A logs the same food, and both write the day: one record, and tab B reads it.
    const fromA = encodeDay(dayOf([entry]), [], tabA);
    expect(encodeDay(dayOf([entry]), [], tabB)).toBe(fromA);
    expect([...records.keys()]).toHaveLength(1);
    expect(decodeDay(fromA, tabB)).toMatchObject({ ok: true, day: { entries: [entry] } });
  });

  it('sets an entry aside when its food as logged is gone, and takes it back once it is there', () => {
    const shared = memorySharedRecords();
    const entry = entryFromFood(oats, 50, null, meta);
    const text = encodeDay(dayOf([entry]), [], shared);
    const [key, value] = [...shared.records].find(([each]) => each.startsWith('logged-food-'))!;
    shared.records.delete(key);
    const without = decodeDay(text, shared);
    expect(without.ok && without.day.entries).toEqual([]);
    expect(without.ok && without.setAside).toHaveLength(1);
    // An older build writes the day back with the entry among those set aside.
    const older = encodeDay(dayOf([]), without.ok ? without.setAside : [], shared);
    shared.records.set(key, value);
    const back = decodeDay(older, memorySharedRecords(shared.records));
    expect(back.ok && back.day.entries).toEqual([entry]);
    expect(back.ok && back.setAside).toEqual([]);
  });

  it('sets aside an entry that weighs when its food as logged holds more than a food can per 100 g', () => {
    const shared = memorySharedRecords();
    const sodium = nutrientLimit('sodium', 'per100g').max + 1;
    const quick = quickAddEntry('Soup', { kcal: 200, protein: 0, fat: 0, carbs: 0 }, meta, { sodium });
    const text = encodeDay(dayOf([quick]), [], shared);
    expect(decodeDay(text, shared)).toMatchObject({ ok: true, day: { entries: [quick] } });
    // The same record behind an entry that weighs 100 g.
    const record = JSON.parse(text);
    record.e[0] = [...record.e[0].slice(0, 9), 100];
    const weighed = decodeDay(JSON.stringify(record), shared);
    expect(weighed.ok && weighed.day.entries).toEqual([]);
  });

  it('reads the nutrients of an entry of the earlier layout from their own set, and refuses other shapes', () => {
    const records = new Map([['nutrients-abcde', nutrientsText({ fibre: 10.6 })]]);
    const shared = memorySharedRecords(records);
    const entry = entryFromFood(oats, 50, null, meta);
    const loggedAt = Date.parse(entry.loggedAt) / 1000;
    const head = [
      compactUuid(entry.id),
      1,
      7,
      'Oats',
      50,
      0,
      50,
      entry.kcal,
      entry.protein,
      entry.fat,
      entry.carbs,
      loggedAt,
    ];
    const read = (stored: unknown[]) =>
      decodeDay(JSON.stringify({ ...JSON.parse(encodeDay(dayOf([]), [], shared)), e: [stored] }), shared);
    const later = { ...entry, updatedAt: '2026-11-27T12:05:00.000Z' };
    expect(read([...head, 'abcde'])).toMatchObject({ ok: true, day: { entries: [entry] } });
    expect(read([...head, 300, 'abcde'])).toMatchObject({ ok: true, day: { entries: [later] } });
    // A ref before the delta, two refs, two deltas, or a ref with no set: set aside.
    for (const bad of [
      [...head, 'abcde', 300],
      [...head, 'abcde', 'abcde'],
      [...head, 300, 300],
      [...head, 'zzzzz'],
    ]) {
      const result = read(bad);
      expect(result.ok && result.day.entries).toEqual([]);
    }
  });

  it('reads a stored set only when every value is a number within its limit', () => {
    expect(nutrientsOfText('[1.5,null,3]')).toEqual({ fibre: 1.5, addedSugars: 3 });
    expect(nutrientsOfText('[-1]')).toBeUndefined();
    expect(nutrientsOfText('["1"]')).toBeUndefined();
    expect(nutrientsOfText('{')).toBeUndefined();
    expect(nutrientsOfText(JSON.stringify(Array(nutrientKeys.length + 1).fill(1)))).toBeUndefined();
    fc.assert(
      fc.property(nutrientsArb, (nutrients) => {
        expect(nutrientsOfText(nutrientsText(nutrients))).toEqual(nutrients);
      }),
      propertyRuns,
    );
  });
});

describe('importing a diary file', () => {
  it('takes a newer copy of a food whose only change is its nutrients', () => {
    const at = (time: string) => ({ createdAt: time, updatedAt: time });
    const base = {
      id: 1,
      name: 'Oats',
      brand: null,
      kcal: 389,
      protein: 16.9,
      fat: 6.9,
      carbs: 66.3,
      serving: null,
      measures: [],
      favorite: false,
      recipe: null,
    };
    const mine = { ...base, nutrients: { fibre: 10 }, ...at('2026-11-01T00:00:00.000Z') };
    const theirs = { ...base, nutrients: { fibre: 10.6 }, ...at('2026-11-02T00:00:00.000Z') };
    const merged = mergeFoods([mine], [theirs]);
    expect(merged.counts).toEqual({ added: 0, updated: 1, unchanged: 0 });
    expect(merged.foods[0]!.nutrients).toEqual({ fibre: 10.6 });
  });
});
