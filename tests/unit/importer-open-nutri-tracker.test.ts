import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { round1 } from '@/lib/diary/round';
import { readExportFiles, type PickedFile } from '@/lib/importers/read-export';
import type { ReadFiles, ImportOptions } from '@/lib/importers/types';
import { propertyRuns } from '../support/arbitraries';
import { expectValidForDiary, FULL_MEAL_PLAN, importError, mealEntries } from '../support/foreign-import';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'importers', 'open-nutri-tracker');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const picked = (name: string, text = fixture(name)): PickedFile => ({
  name,
  bytes: new TextEncoder().encode(text),
});
const OPTIONS: ImportOptions = { goal: 2000, weightUnit: null, timeZone: 'Europe/Moscow' };
const EXPORT_FILES = ['user_activity.json', 'user_intake.json', 'user_tracked_day.json'];

/** The ZIP as ONT's ExportDataUsecase writes it: the three lists at its root. */
function exportZip(intakes = fixture('user_intake.json')): PickedFile {
  const files = Object.fromEntries(
    EXPORT_FILES.map((name) => [name, strToU8(name === 'user_intake.json' ? intakes : fixture(name))]),
  );
  return { name: 'opennutritracker-export.zip', bytes: zipSync(files) };
}

const read = (files: PickedFile[], options = OPTIONS) => readExportFiles(files, options);
const ids = (result: ReadFiles) => result.days.flatMap((day) => day.entries.map((entry) => entry.id));
const withIntakes = (change: (intakes: Array<Record<string, unknown>>) => void) => {
  const intakes = JSON.parse(fixture('user_intake.json')) as Array<Record<string, unknown>>;
  change(intakes);
  return JSON.stringify(intakes);
};

describe('OpenNutriTracker export', () => {
  const result = read([exportZip()]);

  it('reads the ZIP: intakes by day and meal', () => {
    expect(result.report.app).toBe('openNutriTracker');
    expect(result.report.files).toEqual(EXPORT_FILES);
    expect(result.days.map((day) => day.date)).toEqual(['2025-03-10', '2025-03-11']);
    expect(result.report).toMatchObject({ days: 2, entries: 7, weights: 0, mealsAsSnacks: [] });
    expect(result.days.every((day) => day.goal === 2000 && day.weight === null)).toBe(true);
  });

  it('counts per-100 figures for the amount eaten, in grams or as millilitres', () => {
    expect(mealEntries(result, '2025-03-10', 'breakfast')).toEqual([
      // Millilitres are not grams: an entry of its kcal, named with the amount.
      { name: 'Молоко 2,5% · 200 ml', kcal: 106, protein: 5.8, fat: 5, carbs: 9.4, grams: null },
      { name: 'Овсяные хлопья', kcal: 528, protein: 18.5, fat: 9.3, carbs: 91.5, grams: 150 },
    ]);
    // Two servings of 125 g, already converted to grams by ONT.
    expect(mealEntries(result, '2025-03-10', 'lunch')).toEqual([
      { name: 'Борщ с говядиной', kcal: 143, protein: 9, fat: 6, carbs: 12.8, grams: 250 },
    ]);
    // "g/ml" of a food whose own unit says nothing either: grams, as ONT's figures are per 100 of it.
    expect(mealEntries(result, '2025-03-10', 'dinner')).toEqual([
      {
        name: 'Chicken, broilers or fryers, breast, meat only, cooked, roasted',
        kcal: 297,
        protein: 55.8,
        fat: 6.4,
        carbs: 0,
        grams: 180,
      },
    ]);
    // 8 fl oz, stored by ONT as 236.59 ml.
    expect(mealEntries(result, '2025-03-10', 'snacks')).toEqual([
      { name: 'Orange juice · 236.6 ml', kcal: 106, protein: 1.7, fat: 0.5, carbs: 24.6, grams: null },
      { name: 'Овсяные хлопья', kcal: 141, protein: 4.9, fat: 2.5, carbs: 24.4, grams: 40 },
    ]);
    expect(result.report.withoutGrams).toBe(2);
  });

  it('puts each food eaten by weight in the library once', () => {
    expect(
      result.foods.map(({ name, kcal, protein, fat, carbs }) => ({ name, kcal, protein, fat, carbs })),
    ).toEqual([
      { name: 'Овсяные хлопья', kcal: 352, protein: 12.3, fat: 6.2, carbs: 61 },
      { name: 'Борщ с говядиной', kcal: 57, protein: 3.6, fat: 2.4, carbs: 5.1 },
      {
        name: 'Chicken, broilers or fryers, breast, meat only, cooked, roasted',
        kcal: 165,
        protein: 31.02,
        fat: 3.57,
        carbs: 0,
      },
    ]);
    const oats = result.foods[0]!;
    const oatEntries = result.days.flatMap((day) => day.entries).filter((entry) => entry.name === oats.name);
    expect(oatEntries.map((entry) => entry.food)).toEqual([oats.id, oats.id, oats.id]);
  });

  it('skips activities as exercise and lists the tracked days as not used', () => {
    expect(result.report.skipped).toEqual([
      { reason: 'exercise', file: 'user_activity.json', line: 1, detail: '2025-03-10 running 246 kcal' },
      { reason: 'fileNotUsed', file: 'user_tracked_day.json', line: null },
    ]);
  });

  it('files an intake under the day ONT shows it on, in any time zone', () => {
    // 23:30 local time, written without a zone: the 10th wherever the user is now.
    for (const timeZone of ['Europe/Moscow', 'Asia/Tokyo', 'America/Los_Angeles']) {
      const zoned = read([picked('user_intake.json')], { ...OPTIONS, timeZone });
      expect(zoned.days.map((day) => day.date)).toEqual(['2025-03-10', '2025-03-11']);
      expect(mealEntries(zoned, '2025-03-10', 'snacks').map((entry) => entry.grams)).toEqual([null, 40]);
      // A day picked in ONT's calendar is stored as its UTC midnight: still that day.
      expect(mealEntries(zoned, '2025-03-10', 'lunch').map((entry) => entry.grams)).toEqual([250]);
    }
  });

  it('files an instant with a zone by the local day of the chosen time zone', () => {
    const text = withIntakes((intakes) => {
      intakes[5]!.dateTime = '2025-03-10T20:30:00.000Z';
    });
    const moscow = read([picked('user_intake.json', text)]);
    expect(mealEntries(moscow, '2025-03-10', 'snacks').map((entry) => entry.grams)).toEqual([null, 40]);
    const tokyo = read([picked('user_intake.json', text)], { ...OPTIONS, timeZone: 'Asia/Tokyo' });
    expect(mealEntries(tokyo, '2025-03-11', 'snacks').map((entry) => entry.grams)).toEqual([40]);
  });

  it('recognises the files by their content when renamed, and reads them without the ZIP', () => {
    const loose = read([
      picked('intakes (1).json', fixture('user_intake.json')),
      picked('days.json', fixture('user_tracked_day.json')),
      picked('sport.json', fixture('user_activity.json')),
    ]);
    expect(ids(loose)).toEqual(ids(result));
    expect(loose.report.skipped.map((skip) => [skip.reason, skip.file])).toEqual([
      ['fileNotUsed', 'days.json'],
      ['exercise', 'sport.json'],
    ]);
  });

  it('makes a meal type the diary does not know a meal of its own, or snacks with no slot free', () => {
    const text = withIntakes((intakes) => {
      intakes[0]!.type = 'brunch';
    });
    const brunch = read([picked('user_intake.json', text)]);
    expect(brunch.report).toMatchObject({ mealsAsSnacks: [], newMeals: [{ id: 'meal5', name: 'brunch' }] });
    expect(mealEntries(brunch, '2025-03-10', 'meal5').map((entry) => entry.grams)).toEqual([150]);

    const full = read([picked('user_intake.json', text)], { ...OPTIONS, meals: FULL_MEAL_PLAN });
    expect(full.report).toMatchObject({ mealsAsSnacks: ['brunch'], newMeals: [] });
    expect(mealEntries(full, '2025-03-10', 'snacks').map((entry) => entry.grams)).toEqual([null, 150, 40]);
  });

  it('gives the same entry ids when imported twice, and one intake for two exports holding it', () => {
    expect(ids(read([exportZip()]))).toEqual(ids(result));
    const twoExports = read([exportZip(), { ...exportZip(), name: 'opennutritracker-export (1).zip' }]);
    expect(twoExports.report.entries).toBe(7);
    expect(twoExports.report.skipped.filter((skip) => skip.reason === 'exercise')).toHaveLength(1);
    expect(ids(twoExports).sort()).toEqual(ids(result).sort());
  });

  it('builds foods and days the diary accepts', () => {
    expectValidForDiary(result);
  });

  it('refuses a malformed intake list, naming the intake', () => {
    const error = importError(() => read([picked('user_intake_malformed.json')]));
    expect(error).toMatchObject({
      reason: 'badJson',
      file: 'user_intake_malformed.json',
      line: 2,
      detail: '[2].amount: expected number, found "200"',
    });
    const inZip = importError(() => read([exportZip(fixture('user_intake_malformed.json'))]));
    expect(inZip).toMatchObject({ reason: 'badJson', file: 'user_intake.json', line: 2 });
    const badDate = withIntakes((intakes) => {
      intakes[2]!.dateTime = '10.03.2025';
    });
    expect(importError(() => read([picked('user_intake.json', badDate)]))).toMatchObject({
      reason: 'badJson',
      line: 3,
      detail: '[3].dateTime: expected a date and time like 2024-03-05T08:15:00.000',
    });
    expect(importError(() => read([picked('user_intake.json', '[{"id": "1", ')]))).toMatchObject({
      reason: 'badJson',
      line: null,
    });
  });

  it('counts any amount in grams as ONT does: amount × per 100 / 100', () => {
    const arbitrary = fc.record({
      amount: fc.double({ min: 0.5, max: 2000, noNaN: true }),
      kcal100: fc.double({ min: 0, max: 900, noNaN: true }),
      protein100: fc.double({ min: 0, max: 100, noNaN: true }),
    });
    fc.assert(
      fc.property(arbitrary, ({ amount, kcal100, protein100 }) => {
        const text = withIntakes((intakes) => {
          intakes.splice(1);
          const intake = intakes[0]! as {
            amount: number;
            meal: { nutriments: Record<string, number | null> };
          };
          intake.amount = amount;
          intake.meal.nutriments = {
            energyKcal100: kcal100,
            proteins100: protein100,
            fat100: null,
            carbohydrates100: null,
          };
        });
        const single = read([picked('user_intake.json', text)]);
        const [entry] = single.days[0]!.entries;
        expect(entry).toMatchObject({
          kcal: Math.round((amount * kcal100) / 100),
          protein: round1((amount * protein100) / 100),
          fat: 0,
          grams: round1(amount),
        });
        expectValidForDiary(single);
      }),
      // Found by this property: the amount divided first rounded a half the other way.
      {
        ...propertyRuns,
        examples: [[{ amount: 0.5000000000000002, kcal100: 899.9999999999995, protein100: 0 }]],
      },
    );
  });
});
