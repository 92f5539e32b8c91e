import { strToU8, zipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readExportFiles } from '@/lib/importers/read-export';
import {
  allEntries,
  asDiaryExport,
  fixture,
  FOUR_MEALS,
  importError,
  OPTIONS,
  picked,
} from '../support/foreign-import';
import { propertyRuns } from '../support/arbitraries';

// MyFitnessPal's export through the whole import: detection, ZIP, reading and building. The
// fixtures are written for these tests in the shapes of real exports (their README
// names them): the current 20-column summary with Note, an older one with Time and a BOM.

const CURRENT = 'myfitnesspal/current';
const NUTRITION = `${CURRENT}/Nutrition-Summary-2024-07-02-to-2024-07-03.csv`;
const MEASUREMENT = `${CURRENT}/Measurement-Summary-2024-07-02-to-2024-07-03.csv`;
const EXERCISE = `${CURRENT}/Exercise-Summary-2024-07-02-to-2024-07-03.csv`;
const OLD = 'myfitnesspal/old-time-bom/Nutrition-Summary-2018-07-01-to-2018-07-02.csv';
const HEADER =
  'Date,Meal,Calories,Fat (g),Saturated Fat,Polyunsaturated Fat,Monounsaturated Fat,Trans Fat,Cholesterol,' +
  'Sodium (mg),Potassium,Carbohydrates (g),Fiber,Sugar,Protein (g),Vitamin A,Vitamin C,Calcium,Iron,Note';

/** The export as MyFitnessPal mails it: one ZIP with a folder of three files. */
function exportZip() {
  const folder = 'File-Export-2024-07-02-to-2024-07-03';
  const files = [NUTRITION, MEASUREMENT, EXERCISE].map((relative) => fixture(relative));
  return {
    name: `${folder}.zip`,
    bytes: zipSync(Object.fromEntries(files.map((file) => [`${folder}/${file.name}`, file.bytes]))),
  };
}

describe('MyFitnessPal export', () => {
  it('reads the ZIP: one entry per meal and day, named after the meal, with its totals', () => {
    const result = readExportFiles([exportZip()], OPTIONS);
    expect(result.report).toMatchObject({
      app: 'myfitnesspal',
      days: 2,
      entries: 5,
      foods: 0,
      weights: 2,
      from: '2024-07-02',
      to: '2024-07-03',
      withoutGrams: 0,
      totals: 5,
      weightUnitNeeded: true,
    });
    expect(result.foods).toEqual([]);
    const entries = allEntries(result);
    expect(
      entries.map(({ date, meal, name, kcal, protein, fat, carbs, grams, unit, food }) => ({
        date,
        meal,
        name,
        kcal,
        protein,
        fat,
        carbs,
        grams,
        unit,
        food,
      })),
    ).toEqual([
      {
        date: '2024-07-02',
        meal: 'breakfast',
        name: 'MyFitnessPal: Breakfast',
        kcal: 518,
        protein: 27.6,
        fat: 29,
        carbs: 36.7,
        grams: null,
        unit: 'kcal',
        food: null,
      },
      expect.objectContaining({ date: '2024-07-02', meal: 'dinner', kcal: 561, protein: 59.3 }),
      expect.objectContaining({ date: '2024-07-02', meal: 'meal5', name: 'MyFitnessPal: Post-Workout' }),
      expect.objectContaining({
        date: '2024-07-03',
        meal: 'lunch',
        name: 'MyFitnessPal: Lunch — leftovers, reheated',
        kcal: 640,
      }),
      expect.objectContaining({
        date: '2024-07-03',
        meal: 'snacks',
        name: 'MyFitnessPal: Snacks',
        kcal: 180,
      }),
    ]);
    // Post-Workout is a meal the user made: a meal of their own in the diary too, and the preview says so.
    expect(result.report.newMeals).toEqual([{ id: 'meal5', name: 'Post-Workout' }]);
    expect(result.report.mealsAsSnacks).toEqual([]);
    // A summary has no time: entries stand at noon of their own day, never shifted to another.
    expect(entries.every((entry) => new Date(entry.loggedAt).getDate() === Number(entry.date.slice(8)))).toBe(
      true,
    );
    expect(result.report.skipped).toEqual([
      { reason: 'exercise', file: 'Exercise-Summary-2024-07-02-to-2024-07-03.csv', line: null },
    ]);
    expect(asDiaryExport(result).success).toBe(true);
  });

  it('makes meals the user added or renamed meals of their own, and finds them by name next time', () => {
    const row = (date: string, meal: string, kcal: number) =>
      `${date},${meal},${kcal},1,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,`;
    const text = [
      HEADER,
      row('2024-07-02', 'Breakfast', 300),
      row('2024-07-02', 'Snack (1)', 150),
      row('2024-07-02', 'Pre-workout', 120),
      row('2024-07-03', 'Snack (1)', 90),
    ].join('\n');
    const file = picked('Nutrition-Summary-2024-07-02-to-2024-07-03.csv', `${text}\n`);
    const result = readExportFiles([file], OPTIONS);
    expect(result.report).toMatchObject({
      newMeals: [
        { id: 'meal5', name: 'Snack (1)' },
        { id: 'meal6', name: 'Pre-workout' },
      ],
      mealsAsSnacks: [],
    });
    expect(allEntries(result).map((entry) => [entry.date, entry.meal, entry.kcal])).toEqual([
      ['2024-07-02', 'breakfast', 300],
      ['2024-07-02', 'meal5', 150],
      ['2024-07-02', 'meal6', 120],
      ['2024-07-03', 'meal5', 90],
    ]);
    // A user who has a "pre-workout" meal already: its entries go there, and one meal is new.
    const own = { id: 'meal7', name: 'pre-workout', hidden: false } as const;
    const mine = readExportFiles([file], { ...OPTIONS, meals: [...FOUR_MEALS, own] });
    expect(mine.report.newMeals).toEqual([{ id: 'meal5', name: 'Snack (1)' }]);
    expect(allEntries(mine).map((entry) => entry.meal)).toEqual(['breakfast', 'meal5', 'meal7', 'meal5']);
    expect(asDiaryExport(mine).success).toBe(true);
  });

  it('asks for the weight unit, and takes the one chosen', () => {
    const unknown = readExportFiles([fixture(MEASUREMENT)], OPTIONS);
    expect(unknown.report).toMatchObject({ weights: 2, weightUnitNeeded: true });
    expect(unknown.days.every((day) => day.weight === null)).toBe(true);

    const inPounds = readExportFiles([fixture(MEASUREMENT)], { ...OPTIONS, weightUnit: 'lb' });
    expect(inPounds.report.weightUnitNeeded).toBe(false);
    expect(inPounds.days.map((day) => [day.date, day.weight])).toEqual([
      ['2024-07-02', 38.78],
      ['2024-07-03', 38.51],
    ]);
    const inKg = readExportFiles([fixture(MEASUREMENT)], { ...OPTIONS, weightUnit: 'kg' });
    expect(inKg.days.map((day) => day.weight)).toEqual([85.5, 84.9]);
    expect(asDiaryExport(inKg).success).toBe(true);
  });

  it('reads an older summary with a Time column and a BOM: one entry per time, at that time', () => {
    const result = readExportFiles([fixture(OLD)], OPTIONS);
    expect(result.report).toMatchObject({ days: 2, entries: 6, mealsAsSnacks: [] });
    const entries = allEntries(result);
    const clock = (loggedAt: string) => {
      const at = new Date(loggedAt);
      return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
    };
    expect(entries.map((entry) => [entry.date, entry.meal, clock(entry.loggedAt), entry.kcal])).toEqual([
      ['2018-07-01', 'breakfast', '10:00', 40],
      ['2018-07-01', 'breakfast', '10:15', 123],
      ['2018-07-01', 'lunch', '12:00', 99],
      // A blank time: noon of the same day.
      ['2018-07-01', 'dinner', '12:00', 310],
      ['2018-07-02', 'snacks', '00:20', 95],
      ['2018-07-02', 'snacks', '21:40', 95],
    ]);
    expect(asDiaryExport(result).success).toBe(true);
  });

  it('recognises a summary whose BOM is still there, and one renamed by the user', () => {
    const text = `\uFEFF${HEADER}\n2024-07-02,Breakfast,518.0,29.0,7.9,0,0,0,0,574.5,740,36.7,2.1,14.1,27.6,0,0,0,0,\n`;
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    const result = readExportFiles([{ name: 'my diary.csv', bytes }], OPTIONS);
    expect(result.report).toMatchObject({ app: 'myfitnesspal', entries: 1 });
  });

  it('gives the same entry ids when the same export is imported twice', () => {
    const ids = () => allEntries(readExportFiles([exportZip()], OPTIONS)).map((entry) => entry.id);
    expect(ids()).toEqual(ids());
    expect(new Set(ids()).size).toBe(5);
    // Two identical rows (one meal logged twice at one time) stay two entries.
    const snack = '2024-07-02,Snacks,95.0,0.3,0,0,0,0,0,1,107,25.1,2.6,18.9,0.5,0,0,0,0,';
    const twice = picked('Nutrition-Summary.csv', `${HEADER}\n${snack}\n${snack}\n`);
    const result = readExportFiles([twice], OPTIONS);
    expect(new Set(allEntries(result).map((entry) => entry.id)).size).toBe(2);
  });

  it('refuses a malformed summary, naming the file and the line', () => {
    // The Lunch note spans two lines, so the Dinner row starts on line 5.
    const error = importError(() =>
      readExportFiles([fixture('myfitnesspal/malformed/Nutrition-Summary-bad-number.csv')], OPTIONS),
    );
    expect(error).toMatchObject({
      reason: 'badNumber',
      file: 'Nutrition-Summary-bad-number.csv',
      line: 5,
      detail: 'Calories: n/a',
    });

    const cases: Array<[string, string, object]> = [
      [
        '07/02/2024,Lunch,500,10,0,0,0,0,0,0,0,50,0,0,30,0,0,0,0,',
        HEADER,
        { reason: 'badDate', detail: '07/02/2024' },
      ],
      [
        '2024-02-30,Lunch,500,10,0,0,0,0,0,0,0,50,0,0,30,0,0,0,0,',
        HEADER,
        { reason: 'badDate', detail: '2024-02-30' },
      ],
      [
        '2024-07-02,Lunch,noon,500,10,0,0,0,0,0,0,0,50,0,0,30,0,0,0,0,',
        HEADER.replace('Meal,', 'Meal,Time,'),
        { reason: 'badTime', detail: 'noon' },
      ],
      [
        '2024-07-02,Lunch,13:00 PM,500,10,0,0,0,0,0,0,0,50,0,0,30,0,0,0,0,',
        HEADER.replace('Meal,', 'Meal,Time,'),
        { reason: 'badTime', detail: '13:00 PM' },
      ],
    ];
    for (const [row, header, expected] of cases) {
      const first = header.includes('Time')
        ? '2024-07-01,Dinner,,1,1,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,'
        : '2024-07-01,Dinner,1,1,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,';
      const file = picked('Nutrition-Summary-2024.csv', `${header}\n${first}\n${row}\n`);
      expect(
        importError(() => readExportFiles([file], OPTIONS)),
        row,
      ).toMatchObject({
        file: 'Nutrition-Summary-2024.csv',
        line: 3,
        ...expected,
      });
    }
  });

  it('skips a row cut short or a broken quote with its line, and reads the other days', () => {
    // With Note last, a day's note may run over lines unquoted: a row that cannot be read is
    // what cannot be recovered, and it never costs the rest of the file.
    for (const row of ['2024-07-02,Lunch,500,"10', '2024-07-02,Lunch,500']) {
      const first = '2024-07-01,Dinner,1,1,0,0,0,0,0,0,0,1,0,0,1,0,0,0,0,';
      const file = picked('Nutrition-Summary-2024.csv', `${HEADER}\n${first}\n${row}\n`);
      const result = readExportFiles([file], OPTIONS);
      expect(result.report.skipped, row).toEqual([
        { reason: 'unreadableLine', file: 'Nutrition-Summary-2024.csv', line: 3, detail: row },
      ]);
      expect(
        result.days.map((day) => [day.date, day.entries.length]),
        row,
      ).toEqual([['2024-07-01', 1]]);
    }
  });

  it('refuses a summary without a column it needs', () => {
    const text = `Date,Meal,Calories,Fat (g),Carbohydrates (g),Protein (g)\n2024-07-02,Lunch,500,10,50,30\n`;
    const withoutProtein = text.replace(',Protein (g)', ',Sugar');
    // Without protein the file is not recognised at all: nothing else claims it.
    expect(
      importError(() => readExportFiles([picked('Nutrition-Summary.csv', withoutProtein)], OPTIONS)),
    ).toMatchObject({ reason: 'unknownFormat' });
    expect(readExportFiles([picked('Nutrition-Summary.csv', text)], OPTIONS).report.entries).toBe(1);
  });

  it('keeps only the weight of a measurement file and says which measurements stay behind', () => {
    const text =
      'Date,Weight,Body Fat %,Waist\n2024-07-02,85.5,21.0,\n2024-07-03,,20.8,\n2024-07-04,84.9,,\n';
    const result = readExportFiles([picked('Measurement-Summary-2024-07-02-to-2024-07-04.csv', text)], {
      ...OPTIONS,
      weightUnit: 'kg',
    });
    expect(result.days.map((day) => [day.date, day.weight])).toEqual([
      ['2024-07-02', 85.5],
      ['2024-07-04', 84.9],
    ]);
    expect(result.report.skipped).toEqual([
      {
        reason: 'metricNotUsed',
        file: 'Measurement-Summary-2024-07-02-to-2024-07-04.csv',
        line: null,
        detail: 'Body Fat %',
      },
    ]);
    // The same file under another name is recognised by its header, and said to be one.
    const renamed = readExportFiles([picked('body.csv', text)], { ...OPTIONS, weightUnit: 'kg' });
    expect(renamed.report).toMatchObject({
      app: 'myfitnesspal',
      weights: 2,
      recognised: [{ file: 'body.csv', kind: 'measurementSummary' }],
    });
    // A Date and Weight column beside text is not a measurement file.
    const diary = 'Date,Weight,Mood\n2024-07-02,85.5,tired\n';
    expect(importError(() => readExportFiles([picked('body.csv', diary)], OPTIONS)).reason).toBe(
      'unknownFormat',
    );
    // A bare "Date,Weight" file is, whatever its name.
    expect(
      readExportFiles([picked('weight.csv', 'Date,Weight\n2024-07-02,85.5\n')], OPTIONS).report.weights,
    ).toBe(1);
  });

  it('lists the exercise file, and any other file of the ZIP, as not used', () => {
    const zip = exportZip();
    const withReadme = zipSync({
      'File-Export/readme.txt': strToU8('hello'),
      'File-Export/Nutrition-Summary.csv': fixture(NUTRITION).bytes,
    });
    expect(readExportFiles([zip], OPTIONS).report.skipped.map((skip) => skip.reason)).toEqual(['exercise']);
    const withOther = readExportFiles([{ name: 'export.zip', bytes: withReadme }], OPTIONS).report;
    expect(withOther.skipped).toEqual([{ reason: 'fileNotUsed', file: 'readme.txt', line: null }]);
    // The preview says what each file was taken for, and that the other one is no export.
    expect(withOther.recognised).toEqual([
      { file: 'readme.txt', kind: null },
      { file: 'Nutrition-Summary.csv', kind: 'nutritionSummary' },
    ]);
  });

  it('builds a valid diary export from any valid rows', () => {
    const day = fc
      .date({ min: new Date(2000, 0, 1), max: new Date(2030, 11, 31), noInvalidDate: true })
      .map(
        (date) =>
          `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`,
      );
    const figure = fc.oneof(
      fc.constant(''),
      fc.double({ min: 0, max: 30_000, noNaN: true }).map((value) => value.toFixed(1)),
    );
    const row = fc.record({
      date: day,
      meal: fc.constantFrom('Breakfast', 'Lunch', 'Dinner', 'Snacks', 'Post-Workout', 'Перекус'),
      time: fc.oneof(
        fc.constant(''),
        fc
          .tuple(
            fc.integer({ min: 1, max: 12 }),
            fc.integer({ min: 0, max: 59 }),
            fc.constantFrom('AM', 'PM'),
          )
          .map(([hour, minute, half]) => `${hour}:${String(minute).padStart(2, '0')} ${half}`),
      ),
      kcal: figure,
      fat: figure,
      carbs: figure,
      protein: figure,
      note: fc.string({ maxLength: 200 }).map((note) => `"${note.replace(/"/g, '""')}"`),
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), (rows) => {
        const text =
          'Date,Meal,Time,Calories,Fat (g),Carbohydrates (g),Protein (g),Note\n' +
          rows
            .map((r) => [r.date, r.meal, r.time, r.kcal, r.fat, r.carbs, r.protein, r.note].join(','))
            .join('\n');
        const result = readExportFiles([picked('Nutrition-Summary.csv', text)], OPTIONS);
        const parsed = asDiaryExport(result);
        expect(parsed.success, JSON.stringify(parsed.error?.issues?.[0])).toBe(true);
        // Every row is either an entry or a skip with a reason: nothing is lost without a word.
        const skippedRows = result.report.skipped.filter((skip) => skip.line !== null).length;
        expect(result.report.entries + skippedRows).toBe(rows.length);
      }),
      propertyRuns,
    );
  });
});
