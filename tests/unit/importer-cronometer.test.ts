import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { gramsOfAmount } from '@/lib/importers/cronometer';
import { entryNutrients } from '@/lib/diary/nutrition';
import { readExportFiles } from '@/lib/importers/read-export';
import { propertyRuns } from '../support/arbitraries';
import {
  allEntries,
  asDiaryExport,
  expectValidForDiary,
  fixture,
  importError,
  OPTIONS,
  picked,
} from '../support/foreign-import';

// Cronometer's CSV exports through the whole import: detection, reading and building. The
// fixtures are written for these tests with the real header of a servings export (57 columns,
// µ as U+00B5) and the shapes of real daily summary and biometrics files (their README names them).

const SERVINGS = 'cronometer/servings.csv';
const ALL = ['servings.csv', 'dailysummary.csv', 'biometrics.csv', 'exercises.csv', 'notes.csv'].map(
  (name) => `cronometer/${name}`,
);
const SHORT_HEADER = 'Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g),Fat (g),Category';

const summary = (result: ReturnType<typeof readExportFiles>) =>
  allEntries(result).map(({ date, meal, name, amount, unit, grams, kcal, protein, fat, carbs, food }) => ({
    date,
    meal,
    name,
    amount,
    unit,
    grams,
    kcal,
    protein,
    fat,
    carbs,
    food,
  }));

describe('Cronometer servings', () => {
  it('reads each serving as an entry, with grams when the amount is a mass', () => {
    const result = readExportFiles([fixture(SERVINGS)], OPTIONS);
    expect(result.report).toMatchObject({
      app: 'cronometer',
      days: 2,
      entries: 10,
      from: '2024-03-04',
      to: '2024-03-05',
      withoutGrams: 4,
      // Staples, a group of the user's own: a meal of their own in the diary too.
      mealsAsSnacks: [],
      newMeals: [{ id: 'meal5', name: 'Staples' }],
      weights: 0,
      skipped: [],
    });
    const entries = summary(result);
    const byName = (name: string) => entries.filter((entry) => entry.name.startsWith(name));
    // Grams: "80.00 g", four servings of 4 oz, "2.00 oz", "81.00 mg", "1.00 x 30.0 g".
    expect(byName('Oats, Rolled, Dry').map((entry) => [entry.meal, entry.grams, entry.kcal])).toEqual([
      ['breakfast', 80, 303],
      ['dinner', 40, 152],
    ]);
    expect(byName('Chicken Breast')[0]).toMatchObject({ grams: 453.6, kcal: 748, protein: 141, fat: 16.2 });
    expect(byName('Cheddar Cheese')[0]).toMatchObject({ meal: 'snacks', grams: 56.7, kcal: 229 });
    expect(byName('Almonds')[0]).toMatchObject({ grams: 30, kcal: 174 });
    // A supplement with every figure blank: 0 kcal, and its weight (81 mg, shown to 0.1 g).
    expect(byName('Aspirin')[0]).toMatchObject({
      meal: 'meal5',
      grams: 0.1,
      kcal: 0,
      protein: 0,
    });
    // Cups, "large", millilitres and softgels: no grams, the amount kept in the name. In time
    // order: the fish oil has no time and stands at noon.
    expect(entries.filter((entry) => entry.grams === null)).toEqual([
      expect.objectContaining({
        name: 'Eggs, Cooked · 2.00 large',
        unit: 'kcal',
        amount: 143,
        protein: 12.6,
      }),
      expect.objectContaining({ name: 'Fish Oil · 2.00 softgel', kcal: 18, protein: 0, fat: 2 }),
      expect.objectContaining({ name: 'Rice, White, Cooked · 1.00 cup', kcal: 205 }),
      expect.objectContaining({ name: 'Milk, 2% · 250.00 ml', kcal: 125 }),
    ]);
    expect(asDiaryExport(result).success).toBe(true);
  });

  it('makes one food of each food eaten by weight, from its largest serving', () => {
    const result = readExportFiles([fixture(SERVINGS)], OPTIONS);
    expect(result.report.foods).toBe(result.foods.length);
    expect(result.foods.map((food) => food.name).sort()).toEqual([
      'Almonds',
      'Aspirin',
      'Cheddar Cheese',
      'Chicken Breast, Roasted',
      'Oats, Rolled, Dry',
    ]);
    // Oats came as 80 g and 40 g: one food, per 100 g from the 80 g serving.
    const oats = result.foods.find((food) => food.name === 'Oats, Rolled, Dry')!;
    expect(oats).toMatchObject({ kcal: 379, protein: 13.15, fat: 6.6, carbs: 67.63 });
    const entries = allEntries(result).filter((entry) => entry.name === 'Oats, Rolled, Dry');
    expect(entries.map((entry) => entry.food)).toEqual([oats.id, oats.id]);
  });

  it('reads an export without a Time column, with the other micro sign and CRLF', () => {
    const result = readExportFiles([fixture('cronometer/servings-no-time.csv')], OPTIONS);
    expect(result.report).toMatchObject({ days: 1, entries: 2, mealsAsSnacks: ['Uncategorized'] });
    expect(summary(result).map((entry) => [entry.name, entry.grams, entry.kcal])).toEqual([
      ['Protein Bar, Chocolate · 1.00 bar', null, 190],
      ['Greek Yogurt, Plain', 170, 100],
    ]);
  });

  it('puts a serving at its time of day on its own calendar day', () => {
    const result = readExportFiles([fixture(SERVINGS)], OPTIONS);
    const at = (name: string) => {
      const entry = allEntries(result).find((candidate) => candidate.name.startsWith(name))!;
      const when = new Date(entry.loggedAt);
      return [entry.date, when.getDate(), when.getHours(), when.getMinutes()];
    };
    expect(at('Cheddar Cheese')).toEqual(['2024-03-05', 5, 0, 5]); // 12:05 AM
    expect(at('Almonds')).toEqual(['2024-03-05', 5, 21, 51]); // 9:51 PM
    expect(at('Chicken Breast')).toEqual(['2024-03-04', 4, 12, 40]); // 12:40 PM
    expect(at('Aspirin')).toEqual(['2024-03-04', 4, 12, 0]); // no time: noon
  });

  it('gives the same entry ids when the same file is imported twice', () => {
    const ids = () => allEntries(readExportFiles([fixture(SERVINGS)], OPTIONS)).map((entry) => entry.id);
    expect(ids()).toEqual(ids());
    expect(new Set(ids()).size).toBe(10);
  });

  it('refuses a malformed servings file, naming the file and the line', () => {
    expect(
      importError(() => readExportFiles([fixture('cronometer/malformed-servings.csv')], OPTIONS)),
    ).toMatchObject({
      reason: 'badTime',
      file: 'malformed-servings.csv',
      line: 3,
      detail: '25:10 PM',
    });
    const row = (cells: string) => picked('servings.csv', `${SHORT_HEADER}\n${cells}\n`);
    expect(
      importError(() => readExportFiles([row('2024-03-04,,Lunch,Apple,1 each,about 90,0,0,0,')], OPTIONS)),
    ).toMatchObject({ reason: 'badNumber', line: 2, detail: 'Energy (kcal): about 90' });
    expect(
      importError(() => readExportFiles([row('04/03/2024,,Lunch,Apple,1 each,90,0,0,0,')], OPTIONS)),
    ).toMatchObject({
      reason: 'badDate',
      line: 2,
      detail: '04/03/2024',
    });
    expect(
      importError(() => readExportFiles([row('2024-03-04,,Lunch,"Apple,1 each,90,0,0,0,')], OPTIONS)),
    ).toMatchObject({
      reason: 'badCsv',
      line: 2,
    });
    const withoutFat = picked(
      'servings.csv',
      'Day,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g)\n2024-03-04,Apple,1 each,90,0,24\n',
    );
    expect(importError(() => readExportFiles([withoutFat], OPTIONS))).toMatchObject({
      reason: 'missingColumn',
      file: 'servings.csv',
      line: 1,
      detail: 'Fat (g)',
    });
  });

  it('passes a negative figure on, for the build to skip it with its reason', () => {
    const text = `${SHORT_HEADER}\n2024-03-04,,Lunch,Apple,182.00 g,-94.64,0.47,25.13,0.31,\n2024-03-04,,Lunch,Pear,1 each,101,0.6,27,0.2,\n`;
    const result = readExportFiles([picked('servings.csv', text)], OPTIONS);
    expect(result.report.entries).toBe(1);
    expect(result.report.skipped).toEqual([
      { reason: 'outOfRange', file: 'servings.csv', line: 2, detail: 'Apple: kcal -94.64' },
    ]);
  });

  it('recognises files by their header, not their name', () => {
    const renamed = { ...fixture(SERVINGS), name: 'cronometer-march.csv' };
    expect(readExportFiles([renamed], OPTIONS).report.entries).toBe(10);
    const impostor = picked('servings.csv', 'Date,Item,Servings\n2024-03-04,Apple,1\n');
    expect(importError(() => readExportFiles([impostor], OPTIONS)).reason).toBe('unknownFormat');
    // Beside a real export, a file nobody claims is listed as not used.
    expect(readExportFiles([fixture(SERVINGS), impostor], OPTIONS).report.skipped).toEqual([
      { reason: 'fileNotUsed', file: 'servings.csv', line: null },
    ]);
  });
});

describe('Cronometer exports together', () => {
  it('counts daily totals only for days without servings, and lists what is not used', () => {
    const result = readExportFiles(
      ALL.map((relative) => fixture(relative)),
      { ...OPTIONS, weightUnit: null },
    );
    expect(result.report).toMatchObject({ days: 3, entries: 11, from: '2024-03-03', to: '2024-03-05' });
    // 2024-03-03 has only a daily total; 2024-03-04 and -05 have servings.
    expect(summary(result).filter((entry) => entry.name === 'Cronometer: day total')).toEqual([
      {
        date: '2024-03-03',
        meal: 'snacks',
        name: 'Cronometer: day total',
        amount: 2211,
        unit: 'kcal',
        grams: null,
        kcal: 2211,
        protein: 120.4,
        fat: 80.3,
        carbs: 250.1,
        food: null,
      },
    ]);
    expect(result.report.skipped).toEqual([
      { reason: 'coveredByServings', file: 'dailysummary.csv', line: 3, detail: '2024-03-04' },
      { reason: 'coveredByServings', file: 'dailysummary.csv', line: 4, detail: '2024-03-05' },
      { reason: 'empty', file: 'dailysummary.csv', line: 5, detail: '2024-03-06' },
      { reason: 'metricNotUsed', file: 'biometrics.csv', line: null, detail: 'Blood Glucose' },
      { reason: 'metricNotUsed', file: 'biometrics.csv', line: null, detail: 'Blood Pressure' },
      { reason: 'metricNotUsed', file: 'biometrics.csv', line: null, detail: 'Body Fat' },
      { reason: 'metricNotUsed', file: 'biometrics.csv', line: null, detail: 'Sleep (Garmin)' },
      { reason: 'exercise', file: 'exercises.csv', line: null },
      { reason: 'fileNotUsed', file: 'notes.csv', line: null },
    ]);
    expect(asDiaryExport(result).success).toBe(true);
  });

  it('takes weights in the unit the file states, pounds converted', () => {
    const result = readExportFiles([fixture('cronometer/biometrics.csv')], OPTIONS);
    expect(result.report).toMatchObject({ weights: 2, weightUnitNeeded: false });
    expect(result.days.map((day) => [day.date, day.weight])).toEqual([
      ['2024-03-04', 81.4],
      ['2024-03-05', 81.28],
    ]);
    const stones = picked(
      'biometrics.csv',
      'Day,Group,Metric,Unit,Amount\n2024-03-04,Uncategorized,Weight,st,12.8\n',
    );
    expect(readExportFiles([stones], OPTIONS).report.skipped).toEqual([
      { reason: 'weightUnit', file: 'biometrics.csv', line: 2, detail: '12.8 st' },
    ]);
  });

  it('reads a daily summary alone as one entry per day', () => {
    const result = readExportFiles([fixture('cronometer/dailysummary.csv')], OPTIONS);
    expect(result.report).toMatchObject({ days: 3, entries: 3, foods: 0, withoutGrams: 0, totals: 3 });
    expect(result.report.skipped).toEqual([
      { reason: 'empty', file: 'dailysummary.csv', line: 5, detail: '2024-03-06' },
    ]);
  });

  it('reads files picked one by one and the same files in a ZIP alike', () => {
    const files = ALL.map((relative) => fixture(relative));
    const zip = {
      name: 'cronometer.zip',
      bytes: zipSync(Object.fromEntries(files.map((file) => [file.name, file.bytes]))),
    };
    const loose = readExportFiles(files, OPTIONS);
    const zipped = readExportFiles([zip], OPTIONS);
    expect(zipped.days).toEqual(loose.days);
    expect(zipped.foods).toEqual(loose.foods);
  });

  it('refuses a MyFitnessPal file and a Cronometer file together', () => {
    const mfp = fixture('myfitnesspal/current/Nutrition-Summary-2024-07-02-to-2024-07-03.csv');
    expect(importError(() => readExportFiles([mfp, fixture(SERVINGS)], OPTIONS)).reason).toBe('mixedApps');
  });
});

describe('Cronometer dates without leading zeros', () => {
  it('reads "2016-1-17" as 2016-01-17, in servings and biometrics alike', () => {
    // Older exports write the day so; it was refused as "not a date".
    const result = readExportFiles(
      [
        fixture('cronometer/servings-unpadded-dates.csv'),
        fixture('cronometer/biometrics-unpadded-dates.csv'),
      ],
      OPTIONS,
    );
    expect(result.report).toMatchObject({
      days: 3,
      entries: 4,
      weights: 2,
      from: '2016-01-09',
      to: '2016-10-02',
    });
    expect(result.days.map((day) => [day.date, day.weight, day.entries.map((entry) => entry.kcal)])).toEqual([
      ['2016-01-09', 82.6, [227, 232]],
      ['2016-01-17', 82.1, [205]],
      ['2016-10-02', null, [162]],
    ]);
    // A day written so is the same day as written with zeros: importing both adds nothing twice.
    const padded = picked(
      'servings.csv',
      new TextDecoder()
        .decode(fixture('cronometer/servings-unpadded-dates.csv').bytes)
        .replace(/^2016-1-9,/gm, '2016-01-09,'),
    );
    const ids = (file: ReturnType<typeof picked>) =>
      allEntries(readExportFiles([file], OPTIONS)).map((entry) => entry.id);
    expect(ids(padded)).toEqual(ids(fixture('cronometer/servings-unpadded-dates.csv')));
    expectValidForDiary(result);
  });

  it('still refuses a day that is not one, or not written year first', () => {
    for (const day of ['2016-2-30', '2016-13-1', '1/17/2016', '2016-1-']) {
      const file = picked('servings.csv', `${SHORT_HEADER}\n${day},,Lunch,Apple,1 each,90,0.5,24,0.3,\n`);
      expect(
        importError(() => readExportFiles([file], OPTIONS)),
        day,
      ).toMatchObject({
        reason: 'badDate',
        line: 2,
        detail: day,
      });
    }
  });
});

describe('Units that name members of Object.prototype', () => {
  it('are units like any other the diary does not know, never a lookup hit', () => {
    for (const unit of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])
      expect(gramsOfAmount(`1.00 ${unit}`), unit).toBeNull();
    // A weight in "constructor" was stored as kilograms; "__proto__" too.
    const biometrics = picked(
      'biometrics.csv',
      'Day,Group,Metric,Unit,Amount\n' +
        '2024-03-04,Uncategorized,Weight,constructor,81.4\n' +
        '2024-03-05,Uncategorized,Weight,__proto__,81.2\n' +
        '2024-03-06,Uncategorized,Weight,kg,81.0\n',
    );
    const result = readExportFiles([biometrics], OPTIONS);
    expect(result.days.map((day) => [day.date, day.weight])).toEqual([['2024-03-06', 81]]);
    expect(result.report.skipped).toEqual([
      { reason: 'weightUnit', file: 'biometrics.csv', line: 2, detail: '81.4 constructor' },
      { reason: 'weightUnit', file: 'biometrics.csv', line: 3, detail: '81.2 __proto__' },
    ]);
  });
});

describe('Cronometer amounts', () => {
  it('reads masses and only masses', () => {
    const cases: Array<[string, number | null]> = [
      ['100.00 g', 100],
      ['100g', 100],
      ['1.5 kg', 1500],
      ['81.00 mg', 0.081],
      ['300.00 mcg', 0.0003],
      ['300.00 µg', 0.0003],
      ['300.00 μg', 0.0003],
      ['2.00 oz', 56.699_046_25],
      ['1.00 lb', 453.592_37],
      ['4.00 x 4.0 oz', 453.592_37],
      ['1,5 g', 1.5],
      ['1.00 cup', null],
      ['2.00 large', null],
      ['250 ml', null],
      ['8.00 fl oz', null],
      ['2.00 x 2.0 tbsp', null],
      ['1.00 170g container', null],
      ['1.00 1000mcg tablet', null],
      ['1.00 shake (11 fl oz)', null],
      ['0.00 g', null],
      ['g', null],
      ['', null],
    ];
    for (const [amount, grams] of cases) {
      const read = gramsOfAmount(amount);
      if (grams === null) expect(read, amount).toBeNull();
      else expect(read, amount).toBeCloseTo(grams, 9);
    }
  });

  it('never throws on an amount, and grams are null or above zero', () => {
    const unit = fc.constantFrom('g', 'kg', 'mg', 'oz', 'lb', 'lbs', 'cup', 'x', 'µg', 'fl oz', '');
    const number = fc.oneof(fc.double({ noNaN: false }).map(String), fc.stringMatching(/^[\d.,]{0,12}$/));
    const amount = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.tuple(number, fc.constantFrom('', ' ', '  '), unit).map((parts) => parts.join('')),
      fc.tuple(number, number, unit).map(([count, each, name]) => `${count} x ${each} ${name}`),
    );
    fc.assert(
      fc.property(amount, (text) => {
        const grams = gramsOfAmount(text);
        expect(grams === null || (Number.isFinite(grams) && grams > 0)).toBe(true);
        // Through the whole import, too: any Amount cell makes a valid diary.
        const csv = `${SHORT_HEADER}\n2024-03-04,,Lunch,Apple,"${text.replace(/"/g, '""')}",90,0.5,24,0.3,\n`;
        const result = readExportFiles([picked('servings.csv', csv)], OPTIONS);
        expect(asDiaryExport(result).success).toBe(true);
      }),
      propertyRuns,
    );
  });
});

describe('Cronometer nutrients', () => {
  it('keeps each serving’s nutrients, a blank cell unknown, vitamin D from IU', () => {
    const result = readExportFiles([fixture('cronometer/servings-nutrients.csv')], OPTIONS);
    expectValidForDiary(result);
    const [orange, soup] = allEntries(result);
    // Weighed: per 100 g of the 140 g eaten, so the day reads Cronometer's 74.76 mg back.
    expect(orange!.grams).toBe(140);
    expect(orange!.nutrients).toMatchObject({ vitaminC: 53.4, fibre: 2.4, sodium: 0, folate: 30 });
    expect(entryNutrients(orange!)!.vitaminC).toBeCloseTo(74.76, 2);
    // A bowl has no weight: the whole serving's figures, as a quick add keeps them.
    expect(soup!.grams).toBeNull();
    expect(soup!.nutrients).toEqual({ fibre: 11, sodium: 780, iron: 4.1, vitaminD: 1 });
    // The foods made of weighed servings know them per 100 g too.
    expect(result.foods[0]!.nutrients).toMatchObject({ vitaminC: 53.4 });
  });
});
