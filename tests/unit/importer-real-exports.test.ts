import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readExportFiles } from '@/lib/importers/read-export';
import { allEntries, asDiaryExport, fixture, OPTIONS, picked } from '../support/foreign-import';

// Exports that MyFitnessPal and Cronometer users published themselves, read end to end as the
// app reads them (tests/fixtures/importers/real/README.md names each file's repository, commit
// and licence). Nobody on this project wrote them: each holds a quirk our made-up fixtures missed.

const KARI = 'real/myfitnesspal/kari0219-health_stats';
const KARI_NUTRITION = `${KARI}/Nutrition-Summary-2019-05-01-to-2019-06-15.csv`;
const KARI_MEASUREMENT = `${KARI}/Measurement-Summary-2019-05-01-to-2019-06-15.csv`;
const KARI_EXERCISE = `${KARI}/Exercise-Summary-2019-05-01-to-2019-06-15.csv`;
const IAN_MEASUREMENT =
  'real/myfitnesspal/ianpcox-ED-Gym-Rat-Viz/23Mar2023 MFP Measurement-Summary-2011-05-06-to-2023-03-22.csv';
const RYAN_DAILY = 'real/cronometer/Ryan-Iacovone-Habit-Tracker-Website/dailysummary.csv';

const text = (relative: string) => new TextDecoder().decode(fixture(relative).bytes);
const dayOf = (result: ReturnType<typeof readExportFiles>, date: string) =>
  result.days.find((day) => day.date === date);
const kcalOfDay = (result: ReturnType<typeof readExportFiles>, date: string) =>
  dayOf(result, date)?.entries.reduce((sum, entry) => sum + entry.kcal, 0);

describe('a MyFitnessPal Nutrition-Summary whose day notes run over lines, unquoted', () => {
  it('reads every row, the note going with the row it starts in', () => {
    // Refused whole before, at "line 19: the line cannot be read": the second line of a note.
    const result = readExportFiles([fixture(KARI_NUTRITION)], OPTIONS);
    expect(result.report).toMatchObject({
      app: 'myfitnesspal',
      days: 36,
      entries: 166,
      from: '2019-05-01',
      to: '2019-06-14',
      skipped: [],
      // Meals the user added in MyFitnessPal: meals of their own here, in the order the file names them.
      mealsAsSnacks: [],
      newMeals: [
        { id: 'meal5', name: 'Preworkout/Workout' },
        { id: 'meal6', name: 'Snack (1)' },
        { id: 'meal7', name: 'Snack (2)' },
      ],
    });
    // 2019-05-07: six meals, each row carrying the same 17-line note.
    const may7 = dayOf(result, '2019-05-07')!;
    expect(may7.entries.map((entry) => entry.kcal)).toEqual([142, 306, 324, 210, 55, 453]);
    expect(kcalOfDay(result, '2019-05-07')).toBe(1490);
    const breakfast = may7.entries.find((entry) => entry.meal === 'breakfast')!;
    expect(breakfast).toMatchObject({ kcal: 306, protein: 33.6, fat: 6, carbs: 29.6 });
    expect(breakfast.name).toMatch(
      /^MyFitnessPal: Breakfast — https:\/\/mennohenselmans\.com\/how-stick-diet\/ \* Consistency is/,
    );
    // A note whose first line holds a comma: still the note, not a 21st column.
    const may13 = dayOf(result, '2019-05-13')!;
    expect(may13.entries[0]!.name).toMatch(
      /^MyFitnessPal: Preworkout\/Workout — \*\*Week 1 of Focused Dieting, Phase 3\*\*/,
    );
    expect(kcalOfDay(result, '2019-05-13')).toBe(1060);
    // A note with trailing spaces and a blank line after it, then the next row.
    expect(kcalOfDay(result, '2019-06-03')).toBe(1430);
    // The last row of the file, without a note.
    expect(kcalOfDay(result, '2019-06-14')).toBe(235);
    expect(asDiaryExport(result).success).toBe(true);
  });

  it('reads the three files of the export together, weights in the unit chosen', () => {
    const result = readExportFiles(
      [fixture(KARI_NUTRITION), fixture(KARI_MEASUREMENT), fixture(KARI_EXERCISE)],
      { ...OPTIONS, weightUnit: 'lb' },
    );
    expect(result.report).toMatchObject({ days: 39, entries: 166, weights: 37, weightUnitNeeded: false });
    // 181.8 lb that morning.
    expect(dayOf(result, '2019-05-07')).toMatchObject({ weight: 82.46 });
    expect(result.report.skipped).toEqual([
      {
        reason: 'metricNotUsed',
        file: 'Measurement-Summary-2019-05-01-to-2019-06-15.csv',
        line: null,
        detail: 'CycleTime',
      },
      {
        reason: 'metricNotUsed',
        file: 'Measurement-Summary-2019-05-01-to-2019-06-15.csv',
        line: null,
        detail: 'n_Body Fat',
      },
      { reason: 'exercise', file: 'Exercise-Summary-2019-05-01-to-2019-06-15.csv', line: null },
    ]);
  });

  it('skips only what cannot be recovered, with its line, and keeps the other days', () => {
    // The real file, damaged twice: a stray line before the first row, and the 2019-05-07
    // Breakfast row (line 36) cut short after its calories, its note lines still behind it.
    const lines = text(KARI_NUTRITION).split('\n');
    lines[35] = '2019-05-07,Breakfast,305.7';
    lines.splice(1, 0, 'stray text');
    const damaged = picked('Nutrition-Summary-2019-05-01-to-2019-06-15.csv', lines.join('\n'));
    const result = readExportFiles([damaged], OPTIONS);
    expect(result.report.skipped).toEqual([
      {
        reason: 'unreadableLine',
        file: 'Nutrition-Summary-2019-05-01-to-2019-06-15.csv',
        line: 2,
        detail: 'stray text',
      },
      {
        reason: 'unreadableLine',
        file: 'Nutrition-Summary-2019-05-01-to-2019-06-15.csv',
        line: 37,
        detail: '2019-05-07,Breakfast,305.7',
      },
    ]);
    expect(result.report).toMatchObject({ days: 36, entries: 165 });
    expect(kcalOfDay(result, '2019-05-07')).toBe(1490 - 306);
    expect(kcalOfDay(result, '2019-05-13')).toBe(1060);
  });
});

describe('a MyFitnessPal Measurement-Summary renamed by its user', () => {
  it('is recognised by its header, said to be one, and its weights are read', () => {
    // Published as "23Mar2023 MFP Measurement-Summary-….csv", with Fitbit columns and a BOM.
    const result = readExportFiles([fixture(IAN_MEASUREMENT)], { ...OPTIONS, weightUnit: 'lb' });
    expect(result.report).toMatchObject({
      app: 'myfitnesspal',
      weights: 14,
      from: '2014-04-11',
      to: '2014-05-21',
      recognised: [
        {
          file: '23Mar2023 MFP Measurement-Summary-2011-05-06-to-2023-03-22.csv',
          kind: 'measurementSummary',
        },
      ],
    });
    expect(result.days.map((day) => day.weight)).toEqual([
      105.37, 105.28, 104.64, 103.74, 104.46, 103.6, 102.92, 101.92, 102.87, 102.74, 102.38, 101.51, 100.97,
      100.88,
    ]);
    expect(result.report.skipped.map((skip) => [skip.reason, skip.detail])).toEqual([
      ['metricNotUsed', 'Fitbit body fat %'],
      ['metricNotUsed', 'Fitbit steps'],
      ['metricNotUsed', 'Fitbit tracked sleep minutes'],
      ['metricNotUsed', 'Hips'],
      ['metricNotUsed', 'Neck'],
      ['metricNotUsed', 'Waist'],
    ]);
  });

  it('is recognised under any name, beside the other files of its export', () => {
    const renamed = fixture(KARI_MEASUREMENT, 'weights 2019.csv');
    const result = readExportFiles([fixture(KARI_NUTRITION), renamed, fixture(KARI_EXERCISE)], {
      ...OPTIONS,
      weightUnit: 'lb',
    });
    expect(result.report.weights).toBe(37);
    expect(result.report.recognised).toEqual([
      { file: 'Nutrition-Summary-2019-05-01-to-2019-06-15.csv', kind: 'nutritionSummary' },
      { file: 'weights 2019.csv', kind: 'measurementSummary' },
      { file: 'Exercise-Summary-2019-05-01-to-2019-06-15.csv', kind: 'exerciseSummary' },
    ]);
  });
});

describe('a Cronometer dailysummary.csv with diary group rows', () => {
  it('imports each day once, by group, and not its Total row again', () => {
    // Before: the meals and the Total both came over, 2,707 kcal became 5,415 on 2024-11-11.
    const result = readExportFiles([fixture(RYAN_DAILY)], OPTIONS);
    expect(result.report).toMatchObject({
      app: 'cronometer',
      days: 4,
      entries: 14,
      from: '2024-11-11',
      to: '2024-11-14',
      recognised: [{ file: 'dailysummary.csv', kind: 'dailySummary' }],
    });
    expect(result.days.map((day) => [day.date, kcalOfDay(result, day.date)])).toEqual([
      ['2024-11-11', 2708],
      ['2024-11-12', 1851],
      ['2024-11-13', 1988],
      ['2024-11-14', 1994],
    ]);
    expect(
      allEntries(result)
        .filter((entry) => entry.date === '2024-11-11')
        .map(({ meal, name, kcal, protein, fat, carbs }) => ({ meal, name, kcal, protein, fat, carbs })),
    ).toEqual([
      { meal: 'breakfast', name: 'Cronometer: Breakfast', kcal: 884, protein: 59.1, fat: 41.2, carbs: 70.3 },
      { meal: 'lunch', name: 'Cronometer: Lunch', kcal: 954, protein: 48.9, fat: 41.3, carbs: 93.5 },
      { meal: 'dinner', name: 'Cronometer: Dinner', kcal: 870, protein: 30, fat: 5.5, carbs: 177 },
    ]);
    expect(result.report.skipped).toEqual([
      { reason: 'empty', file: 'dailysummary.csv', line: 2, detail: '2024-11-09 Total' },
      { reason: 'empty', file: 'dailysummary.csv', line: 3, detail: '2024-11-10 Total' },
      { reason: 'totalOfGroups', file: 'dailysummary.csv', line: 7, detail: '2024-11-11' },
      { reason: 'totalOfGroups', file: 'dailysummary.csv', line: 12, detail: '2024-11-12' },
      { reason: 'totalOfGroups', file: 'dailysummary.csv', line: 17, detail: '2024-11-13' },
      { reason: 'totalOfGroups', file: 'dailysummary.csv', line: 21, detail: '2024-11-14' },
    ]);
    expect(asDiaryExport(result).success).toBe(true);
  });

  it('takes the Total of a day whose groups are blank, once', () => {
    // 2024-11-14 with its group rows emptied (date and group kept, 62 blank cells after them):
    // only the Total says what was eaten.
    const blank = (line: string) => line.split(',').slice(0, 2).join(',') + ','.repeat(62);
    const blanked = text(RYAN_DAILY)
      .split('\n')
      .map((line) => (/^2024-11-14,"(Breakfast|Lunch|Dinner)"/.test(line) ? blank(line) : line));
    const result = readExportFiles([picked('dailysummary.csv', blanked.join('\n'))], OPTIONS);
    expect(dayOf(result, '2024-11-14')!.entries).toEqual([
      expect.objectContaining({ name: 'Cronometer: day total', meal: 'snacks', kcal: 1994, protein: 144.3 }),
    ]);
    expect(kcalOfDay(result, '2024-11-11')).toBe(2708);
  });

  it('reads the same file in a ZIP alike', () => {
    const zip = { name: 'cronometer.zip', bytes: zipSync({ 'dailysummary.csv': fixture(RYAN_DAILY).bytes }) };
    expect(readExportFiles([zip], OPTIONS).days).toEqual(
      readExportFiles([fixture(RYAN_DAILY)], OPTIONS).days,
    );
  });
});
