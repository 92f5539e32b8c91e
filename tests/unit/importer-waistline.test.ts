import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { round1 } from '@/lib/diary/round';
import { readExportFiles } from '@/lib/importers/read-export';
import type { ReadFiles, ImportOptions } from '@/lib/importers/types';
import { LIMITS } from '@/lib/limits';
import { propertyRuns } from '../support/arbitraries';
import {
  expectValidForDiary,
  FOUR_MEALS,
  FULL_MEAL_PLAN,
  importError,
  mealEntries,
} from '../support/foreign-import';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'importers', 'waistline');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const picked = (name: string, text = fixture(name)) => ({ name, bytes: new TextEncoder().encode(text) });
const OPTIONS: ImportOptions = { goal: 2000, weightUnit: null, timeZone: 'Europe/Moscow' };

const read = (name: string, text?: string, options = OPTIONS) =>
  readExportFiles([picked(name, text)], options);
const day = (result: ReadFiles, date: string) => result.days.find((candidate) => candidate.date === date)!;
const meal = (result: ReadFiles, date: string, name: string) =>
  day(result, date).entries.filter((entry) => entry.meal === name);
const shown = mealEntries;

describe('Waistline export', () => {
  const english = read('waistline_export.json');

  it('turns each diary record into the day it names, with the weights', () => {
    expect(english.report.app).toBe('waistline');
    expect(english.days.map((d) => d.date)).toEqual(['2024-03-04', '2024-03-05', '2024-03-06']);
    expect(english.days.map((d) => d.weight)).toEqual([72.4, null, 72.1]);
    expect(english.days.every((d) => d.goal === 2000)).toBe(true);
    expect(english.report).toMatchObject({ days: 3, entries: 8, weights: 2, weightUnitNeeded: false });
    expect(english.report.from).toBe('2024-03-04');
    expect(english.report.to).toBe('2024-03-06');
  });

  it('counts what was eaten as nutrition × item portion / food portion × quantity', () => {
    expect(shown(english, '2024-03-04', 'breakfast')).toEqual([
      { name: 'Oatmeal', kcal: 222, protein: 7.8, fat: 4.2, carbs: 36, grams: 60 },
      // Millilitres are not grams: an entry of its kcal, named with the amount.
      { name: 'Whole milk · 250 ml', kcal: 160, protein: 8, fat: 8.8, carbs: 11.8, grams: null },
    ]);
    // 200 g of a 400 g recipe.
    expect(shown(english, '2024-03-04', 'lunch')).toEqual([
      { name: 'Porridge with milk', kcal: 281, protein: 11.3, fat: 8.8, carbs: 37.1, grams: 200 },
    ]);
    // Two portions of 150 g.
    expect(shown(english, '2024-03-04', 'dinner')).toEqual([
      { name: 'Chicken breast', kcal: 496, protein: 93, fat: 10.8, carbs: 0, grams: 300 },
    ]);
    expect(shown(english, '2024-03-04', 'meal5')).toEqual([
      { name: 'Apple · 2 × 1 medium', kcal: 190, protein: 1, fat: 0.6, carbs: 50, grams: null },
    ]);
    expect(shown(english, '2024-03-04', 'snacks')).toEqual([
      // Quick Add: the quantity is the kcal, the description the name.
      { name: 'Cookies at work', kcal: 150, protein: 0, fat: 0, carbs: 0, grams: null },
    ]);
    expect(english.report).toMatchObject({ withoutGrams: 2, totals: 1 });
  });

  it('names meals by the settings and makes a meal the diary lacks a meal of the user’s own', () => {
    expect(english.report.newMeals).toEqual([{ id: 'meal5', name: 'Pre-workout' }]);
    expect(english.report.mealsAsSnacks).toEqual([]);
    // The category of an edited item is text ("0"): still breakfast.
    expect(shown(english, '2024-03-05', 'breakfast')).toEqual([
      { name: 'Oatmeal', kcal: 222, protein: 7.8, fat: 4.2, carbs: 36, grams: 60 },
    ]);
  });

  it('skips burnt kcal as exercise and items whose food is gone, saying where', () => {
    expect(english.report.skipped).toEqual([
      {
        reason: 'exercise',
        file: 'waistline_export.json',
        line: 1,
        detail: 'diary[1].items[7]: Morning Ride: -450 kcal',
      },
      { reason: 'missingFood', file: 'waistline_export.json', line: 1, detail: 'diary[1].items[8]: food 99' },
    ]);
  });

  it('puts foods eaten by weight in the library once, per 100 g', () => {
    expect(
      english.foods.map(({ name, kcal, protein, fat, carbs }) => ({ name, kcal, protein, fat, carbs })),
    ).toEqual(
      expect.arrayContaining([
        { name: 'Oatmeal', kcal: 370, protein: 13, fat: 7, carbs: 60 },
        { name: 'Porridge with milk', kcal: 140.5, protein: 5.65, fat: 4.38, carbs: 18.53 },
        { name: 'Chicken breast', kcal: 165.33, protein: 31, fat: 3.6, carbs: 0 },
      ]),
    );
    expect(english.foods).toHaveLength(3);
    expect(english.report.foods).toBe(3);
    const oatmeal = english.foods.find((food) => food.name === 'Oatmeal')!;
    const oatmealEntries = english.days.flatMap((d) => d.entries).filter((entry) => entry.name === 'Oatmeal');
    expect(oatmealEntries).toHaveLength(3);
    expect(oatmealEntries.every((entry) => entry.food === oatmeal.id)).toBe(true);
  });

  it('files an item under its diary day, whatever the time zone', () => {
    // Added at 20:30 UTC on the 5th: 23:30 in Moscow, the 6th in Tokyo; the record says the 5th.
    const late = meal(english, '2024-03-05', 'snacks');
    expect(late.map((entry) => entry.grams)).toEqual([40]);
    const tokyo = read('waistline_export.json', undefined, { ...OPTIONS, timeZone: 'Asia/Tokyo' });
    const newYork = read('waistline_export.json', undefined, { ...OPTIONS, timeZone: 'America/New_York' });
    for (const result of [tokyo, newYork]) {
      expect(result.days.map((d) => d.date)).toEqual(['2024-03-04', '2024-03-05', '2024-03-06']);
      expect(meal(result, '2024-03-05', 'snacks').map((entry) => entry.grams)).toEqual([40]);
    }
  });

  it('reads a day keyed by its local midnight, as databases before version 31 did', () => {
    const data = JSON.parse(fixture('waistline_export.json'));
    // Midnight of the 5th in Moscow is 21:00 UTC on the 4th.
    data.diary[1].dateTime = '2024-03-04T21:00:00.000Z';
    const result = read('waistline_export.json', JSON.stringify(data));
    expect(result.days.map((d) => d.date)).toEqual(['2024-03-04', '2024-03-05', '2024-03-06']);
    expect(day(result, '2024-03-05').entries).toHaveLength(2);
  });

  it('reads Russian meal and food names, units in Russian and weights in kg', () => {
    const russian = read('waistline_backup_sunday.json');
    expect(russian.report.mealsAsSnacks).toEqual([]);
    expect(shown(russian, '2024-11-02', 'breakfast')).toEqual([
      { name: 'Творог 5%', kcal: 261, protein: 37.8, fat: 9, carbs: 5.4, grams: 180 },
    ]);
    // A recipe by the portion, one and a half of them ("1,5" as the form held it).
    expect(shown(russian, '2024-11-02', 'lunch')).toEqual([
      { name: 'Борщ · 1.5 × 1 порция', kcal: 180, protein: 9, fat: 7.5, carbs: 18, grams: null },
    ]);
    expect(shown(russian, '2024-11-02', 'dinner')).toEqual([
      { name: 'Гречка отварная', kcal: 220, protein: 8.4, fat: 2.2, carbs: 42.6, grams: 200 },
    ]);
    expect(shown(russian, '2024-11-02', 'snacks')).toEqual([
      { name: 'Кефир 1% · 250 мл', kcal: 100, protein: 7.5, fat: 2.5, carbs: 10, grams: null },
    ]);
    expect(shown(russian, '2024-11-03', 'snacks')).toEqual([
      { name: 'Пирожок с капустой', kcal: 230, protein: 0, fat: 0, carbs: 0, grams: null },
    ]);
    // The settings show pounds; Waistline stores kilograms.
    expect(russian.days.map((d) => d.weight)).toEqual([80.5, 80.2]);
    expect(russian.report.skipped).toEqual([
      {
        reason: 'exercise',
        file: 'waistline_backup_sunday.json',
        line: 2,
        detail: 'diary[2].items[2]: Велосипед: -320 kcal',
      },
    ]);
    expect(russian.foods.map((food) => food.name).sort()).toEqual(['Гречка отварная', 'Творог 5%']);
    expectValidForDiary(russian);
  });

  describe('a meal of one’s own named in Russian ("Полдник")', () => {
    // The afternoon snack of a Russian day, in Waistline's fifth meal.
    const data = JSON.parse(fixture('waistline_backup_sunday.json'));
    data.settings.diary['meal-names'][4] = 'Полдник';
    data.diary[1].items[0].category = 4;
    const text = JSON.stringify(data);
    const poldnik = (options: ImportOptions) => read('waistline_backup_sunday.json', text, options);
    const pirozhok = [{ name: 'Пирожок с капустой', kcal: 230, protein: 0, fat: 0, carbs: 0, grams: null }];

    it('becomes the next free meal of the user’s own, named as in Waistline', () => {
      const result = poldnik(OPTIONS);
      expect(result.report).toMatchObject({
        newMeals: [{ id: 'meal5', name: 'Полдник' }],
        mealsAsSnacks: [],
      });
      expect(shown(result, '2024-11-03', 'meal5')).toEqual(pirozhok);
      // A user with a meal of their own in meal5 already: the next slot, theirs left as it is.
      const secondBreakfast = { id: 'meal5', name: 'Second breakfast', hidden: false } as const;
      const withOne = poldnik({ ...OPTIONS, meals: [...FOUR_MEALS, secondBreakfast] });
      expect(withOne.report.newMeals).toEqual([{ id: 'meal6', name: 'Полдник' }]);
      expect(shown(withOne, '2024-11-03', 'meal6')).toEqual(pirozhok);
    });

    it('goes to the user’s meal of that name, in any case and with ё or е', () => {
      const own = { id: 'meal7', name: 'ПОЛДНИК ', hidden: true } as const;
      const result = poldnik({ ...OPTIONS, meals: [...FOUR_MEALS, own] });
      expect(result.report).toMatchObject({ newMeals: [], mealsAsSnacks: [] });
      expect(shown(result, '2024-11-03', 'meal7')).toEqual(pirozhok);
      // A Russian user's "Завтрак" renamed: the user's name is matched before the four's own.
      const renamed = FOUR_MEALS.map((slot) => (slot.id === 'dinner' ? { ...slot, name: 'Полдник' } : slot));
      expect(shown(poldnik({ ...OPTIONS, meals: renamed }), '2024-11-03', 'dinner')).toEqual(pirozhok);
    });

    it('goes to snacks, as the nearest of the four, when no slot is free', () => {
      const result = poldnik({ ...OPTIONS, meals: FULL_MEAL_PLAN });
      expect(result.report).toMatchObject({ newMeals: [], mealsAsSnacks: [] });
      expect(shown(result, '2024-11-03', 'snacks')).toEqual(pirozhok);
    });
  });

  it('recognises a renamed export by its content', () => {
    const renamed = read('my diary.json', fixture('waistline_export.json'));
    expect(renamed.report.entries).toBe(english.report.entries);
  });

  it('takes a unit named after a member of Object.prototype for a unit it does not know', () => {
    // "constructor" and "__proto__" found Object.prototype's members and made the grams NaN: the
    // entry was skipped as out of range instead of coming over by its kcal.
    for (const unit of ['constructor', '__proto__']) {
      const data = JSON.parse(fixture('waistline_export.json')) as {
        foodList: Array<{ id: number; unit: string }>;
      };
      data.foodList.find((food) => food.id === 1)!.unit = unit;
      const result = read('waistline_export.json', JSON.stringify(data));
      expect(result.report.skipped, unit).toEqual(english.report.skipped);
      expect(shown(result, '2024-03-04', 'breakfast')[0], unit).toEqual({
        name: `Oatmeal · 60 ${unit}`,
        kcal: 222,
        protein: 7.8,
        fat: 4.2,
        carbs: 36,
        grams: null,
      });
    }
  });

  it('gives the same entry ids when the same file is imported twice', () => {
    const again = read('waistline_export.json');
    expect(again.days.flatMap((d) => d.entries.map((entry) => entry.id))).toEqual(
      english.days.flatMap((d) => d.entries.map((entry) => entry.id)),
    );
  });

  it('reads two backups of one database as one diary, not twice', () => {
    const both = readExportFiles(
      [
        picked('waistline_export.json'),
        picked('waistline_backup_monday.json', fixture('waistline_export.json')),
      ],
      OPTIONS,
    );
    expect(both.report.entries).toBe(english.report.entries);
    expect(both.report.weights).toBe(2);
    expect(both.days.flatMap((d) => d.entries.map((entry) => entry.id)).sort()).toEqual(
      english.days.flatMap((d) => d.entries.map((entry) => entry.id)).sort(),
    );
  });

  it('builds foods and days the diary accepts', () => {
    expectValidForDiary(english);
  });

  it('refuses a malformed file, naming the item', () => {
    const error = importError(() => read('waistline_export_malformed.json'));
    expect(error.reason).toBe('badJson');
    expect(error.file).toBe('waistline_export_malformed.json');
    expect(error.line).toBe(2);
    expect(error.detail).toBe('diary[2].items[1].portion: expected a number, found "сто"');
  });

  it('refuses JSON that does not parse, and an export without a diary', () => {
    const broken = importError(() =>
      read('waistline_export.json', fixture('waistline_export.json').slice(0, 500)),
    );
    expect(broken).toMatchObject({ reason: 'badJson', file: 'waistline_export.json', line: null });
    const noDiary = importError(() => read('waistline_export.json', '{"foodList": [], "recipes": []}'));
    expect(noDiary).toMatchObject({
      reason: 'badJson',
      line: null,
      detail: 'diary: expected array, found nothing',
    });
    const old = importError(() =>
      read('waistline_export.json', '{"foodList": [], "diary": [], "version": 24}'),
    );
    expect(old).toMatchObject({ reason: 'badJson', detail: 'database version 24' });
  });

  it('counts any portion and quantity as Waistline does', () => {
    const arbitrary = fc.record({
      foodPortion: fc.integer({ min: 1, max: 500 }),
      kcal: fc.integer({ min: 0, max: 900 }),
      protein: fc.integer({ min: 0, max: 50 }),
      portion: fc.integer({ min: 1, max: 2000 }),
      quantity: fc.constantFrom(0.5, 1, 1.5, 2, 3),
      unit: fc.constantFrom('g', 'г', 'kg', 'ml', 'cup'),
    });
    fc.assert(
      fc.property(arbitrary, ({ foodPortion, kcal, protein, portion, quantity, unit }) => {
        const data = {
          foodList: [
            {
              id: 7,
              name: 'Test food',
              portion: String(foodPortion),
              unit,
              nutrition: { calories: kcal, proteins: protein },
            },
          ],
          diary: [
            {
              dateTime: '2024-05-01T00:00:00.000Z',
              items: [
                { id: 7, type: 'food', portion: String(portion), quantity: String(quantity), category: 2 },
              ],
            },
          ],
        };
        const result = read('waistline_export.json', JSON.stringify(data));
        const multiplier = (portion / foodPortion) * quantity;
        const grams =
          unit === 'g' || unit === 'г'
            ? portion * quantity
            : unit === 'kg'
              ? portion * quantity * 1000
              : null;
        const eaten = kcal * multiplier;
        const fits =
          eaten <= LIMITS.entryKcal.max &&
          protein * multiplier <= LIMITS.entryMacro.max &&
          (grams ?? 0) <= LIMITS.entryGrams.max;
        if (!fits) {
          expect(result.report.skipped.map((skip) => skip.reason)).toEqual(['outOfRange']);
          return;
        }
        const [entry] = result.days[0]!.entries;
        expect(entry).toMatchObject({
          meal: 'dinner',
          kcal: Math.round(eaten),
          protein: round1(protein * multiplier),
        });
        expect(entry!.grams).toBe(grams === null ? null : round1(grams));
        expectValidForDiary(result);
      }),
      propertyRuns,
    );
  });
});
