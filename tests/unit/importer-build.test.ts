import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { mergeDays, mergeFoods } from '@/lib/diary/import-merge';
import { buildForeignImport, type SourceRecords } from '@/lib/importers/build';
import { settleNewMeals } from '@/lib/importers/import-meals';
import { mealFromSourceName } from '@/lib/importers/meal-names';
import { expandFiles } from '@/lib/importers/read-export';
import type { SourceEntry, SourceWeight } from '@/lib/importers/types';
import { LIMITS } from '@/lib/limits';
import { diaryExportSchema } from '@/lib/schemas/export';
import { settingsPatchSchema } from '@/lib/schemas/settings';
import { propertyRuns } from '../support/arbitraries';

const options = { goal: 2100, weightUnit: null, timeZone: 'Europe/Moscow' } as const;

function source(overrides: Partial<SourceEntry> = {}): SourceEntry {
  return {
    file: 'servings.csv',
    line: 2,
    date: '2024-03-01',
    time: '08:30',
    meal: 'Breakfast',
    name: 'Oats, rolled',
    brand: null,
    isFood: true,
    amountText: '50.00 g',
    grams: 50,
    kcal: 190,
    protein: 6.5,
    fat: 3.5,
    carbs: 33,
    ...overrides,
  };
}

function records(entries: SourceEntry[], weights: SourceWeight[] = []): SourceRecords {
  return { app: 'cronometer', files: [{ name: 'servings.csv', text: '' }], entries, weights, skipped: [] };
}

const asExport = (built: ReturnType<typeof buildForeignImport>) =>
  diaryExportSchema.safeParse({
    format: 'calorie-diary',
    version: 1,
    exportedAt: '2026-11-25T12:00:00.000Z',
    settings: defaultSettings('2026-11-25T12:00:00.000Z'),
    foods: built.foods,
    days: built.days,
  });

describe('buildForeignImport', () => {
  it('turns a food eaten by weight into a library food per 100 g and an entry of its grams', () => {
    const built = buildForeignImport(records([source()]), options);
    expect(built.foods).toMatchObject([
      { id: 1, name: 'Oats, rolled', kcal: 380, protein: 13, fat: 7, carbs: 66 },
    ]);
    expect(built.days).toHaveLength(1);
    expect(built.days[0]).toMatchObject({ date: '2024-03-01', goal: 2100, weight: null });
    expect(built.days[0]!.entries[0]).toMatchObject({
      meal: 'breakfast',
      food: 1,
      unit: 'g',
      amount: 50,
      grams: 50,
      kcal: 190,
      protein: 6.5,
    });
    expect(asExport(built).success).toBe(true);
  });

  it('keeps an amount that is not a weight in the name, as an entry of its kcal', () => {
    const built = buildForeignImport(records([source({ amountText: '1 cup', grams: null })]), options);
    expect(built.foods).toEqual([]);
    expect(built.days[0]!.entries[0]).toMatchObject({
      name: 'Oats, rolled · 1 cup',
      food: null,
      unit: 'kcal',
      amount: 190,
      grams: null,
      kcal: 190,
    });
    expect(built.report.withoutGrams).toBe(1);
  });

  it('skips figures past the limits and names them, keeping the rest of the day', () => {
    const built = buildForeignImport(
      records([
        source({ line: 2 }),
        source({ line: 3, name: 'Typo', kcal: 190_000 }),
        source({ line: 4, name: 'Refund', kcal: -50 }),
        source({ line: 5, date: '1800-01-01' }),
      ]),
      options,
    );
    expect(built.report.entries).toBe(1);
    expect(built.report.skipped).toEqual([
      { reason: 'outOfRange', file: 'servings.csv', line: 3, detail: 'Typo: kcal 190000' },
      { reason: 'outOfRange', file: 'servings.csv', line: 4, detail: 'Refund: kcal -50' },
      { reason: 'dateOutOfRange', file: 'servings.csv', line: 5, detail: '1800-01-01' },
    ]);
  });

  it('gives the same row the same id every time, and repeated rows ids of their own', () => {
    const rows = [source(), source(), source({ name: 'Milk' })];
    const first = buildForeignImport(records(rows), options).days[0]!.entries.map((entry) => entry.id);
    const again = buildForeignImport(records(rows), options).days[0]!.entries.map((entry) => entry.id);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(3);
  });

  it('adds nothing when the same file is merged twice', () => {
    const built = buildForeignImport(
      records([source(), source({ date: '2024-03-02', name: 'Milk' })]),
      options,
    );
    const foods = mergeFoods([], built.foods);
    const once = mergeDays(new Map(), built.days, foods.idMap);
    const stored = new Map(once.changed.map((day) => [day.date, day]));
    const twice = mergeDays(stored, built.days, mergeFoods(foods.foods, built.foods).idMap);
    expect(twice.changed).toEqual([]);
    expect(twice.entries).toEqual({ added: 0, updated: 0, unchanged: 2 });
    expect(mergeFoods(foods.foods, built.foods).counts).toEqual({ added: 0, updated: 0, unchanged: 2 });
  });

  it('sends meals it has no name for to snacks and says which', () => {
    const built = buildForeignImport(
      records([source({ meal: 'Uncategorized' }), source({ meal: 'Обед', name: 'Борщ' })]),
      options,
    );
    expect(built.days[0]!.entries.map((entry) => entry.meal).sort()).toEqual(['lunch', 'snacks']);
    expect(built.report.mealsAsSnacks).toEqual(['Uncategorized']);
    // Cronometer's group of what was put in no meal is no meal of the user's own either.
    expect(built.report.newMeals).toEqual([]);
  });

  it('makes meals it has no name for meals of one’s own while slots are free, then snacks', () => {
    const names = [
      'Pre-workout',
      'Breakfast',
      'Snack (1)',
      'Полдник',
      'Supper',
      'Post-workout',
      'Второй завтрак',
    ];
    const built = buildForeignImport(
      records(names.map((meal, index) => source({ meal, line: index + 2, name: `Food ${index}` }))),
      options,
    );
    expect(built.report.newMeals).toEqual([
      { id: 'meal5', name: 'Pre-workout' },
      { id: 'meal6', name: 'Snack (1)' },
      { id: 'meal7', name: 'Полдник' },
      { id: 'meal8', name: 'Supper' },
    ]);
    // The fifth has no slot: snacks, and the preview names it; a second breakfast is breakfast.
    expect(built.report.mealsAsSnacks).toEqual(['Post-workout']);
    expect(built.days[0]!.entries.map((entry) => [entry.name, entry.meal])).toEqual([
      ['Food 0', 'meal5'],
      ['Food 1', 'breakfast'],
      ['Food 2', 'meal6'],
      ['Food 3', 'meal7'],
      ['Food 4', 'meal8'],
      ['Food 5', 'snacks'],
      ['Food 6', 'breakfast'],
    ]);
    expect(asExport(built).success).toBe(true);
  });

  it('adds no meal when the same file is imported again, its entries in the meals the first import added', () => {
    const rows = [
      source({ meal: 'Pre-workout', name: 'Banana' }),
      source({ meal: 'Полдник', name: 'Кефир' }),
      source({ meal: `Snack after a very long day at the office, ${'again '.repeat(5)}`, name: 'Tea' }),
    ];
    const first = buildForeignImport(records(rows), options);
    expect(first.report.newMeals.map((meal) => meal.id)).toEqual(['meal5', 'meal6', 'meal7']);
    const plan = settleNewMeals(first.report.newMeals, null).meals;
    expect(settingsPatchSchema.safeParse({ meals: plan }).success).toBe(true);
    const again = buildForeignImport(records(rows), { ...options, meals: plan });
    expect(again.report).toMatchObject({ newMeals: [], mealsAsSnacks: [] });
    expect(again.days).toEqual(first.days);
  });

  it('leaves out a new meal all of whose entries are past a day’s limit', () => {
    const full = Array.from({ length: LIMITS.entriesPerDay.max }, (_, index) =>
      source({ line: index + 2, name: `Food ${index}` }),
    );
    const built = buildForeignImport(
      records([...full, source({ meal: 'Pre-workout', name: 'Late' })]),
      options,
    );
    expect(built.report.newMeals).toEqual([]);
    expect(built.report.skipped.map((skip) => skip.reason)).toEqual(['dayFull']);
  });

  it('stops a day at the entry limit and lists the rest', () => {
    const many = Array.from({ length: LIMITS.entriesPerDay.max + 3 }, (_, index) =>
      source({ line: index + 2, name: `Food ${index}` }),
    );
    const built = buildForeignImport(records(many), options);
    expect(built.days[0]!.entries).toHaveLength(LIMITS.entriesPerDay.max);
    expect(built.report.skipped.filter((skip) => skip.reason === 'dayFull')).toHaveLength(3);
    expect(asExport(built).success).toBe(true);
  });

  it('asks for the unit of weights that have none, and converts pounds', () => {
    const weights: SourceWeight[] = [
      { file: 'm.csv', line: 2, date: '2024-03-01', value: 180, unit: null },
      { file: 'm.csv', line: 3, date: '2024-03-02', value: 81.5, unit: 'kg' },
    ];
    const unknown = buildForeignImport(records([], weights), options);
    expect(unknown.report.weightUnitNeeded).toBe(true);
    expect(unknown.days.map((day) => day.weight)).toEqual([81.5]);

    const pounds = buildForeignImport(records([], weights), { ...options, weightUnit: 'lb' });
    expect(pounds.report.weightUnitNeeded).toBe(false);
    expect(pounds.days.map((day) => day.weight)).toEqual([81.65, 81.5]);
    expect(pounds.report).toMatchObject({ weights: 2, days: 2, from: '2024-03-01', to: '2024-03-02' });

    const kilos = buildForeignImport(records([], weights), { ...options, weightUnit: 'kg' });
    expect(kilos.report.skipped).toEqual([]);
    expect(kilos.days.map((day) => day.weight)).toEqual([180, 81.5]);
  });

  it('maps meal names in English and Russian', () => {
    expect(mealFromSourceName(' BREAKFAST ')).toBe('breakfast');
    expect(mealFromSourceName('Ужин')).toBe('dinner');
    expect(mealFromSourceName('Перекусы')).toBe('snacks');
    expect(mealFromSourceName('Pre-workout')).toBeNull();
  });

  it('always builds what the diary accepts, whatever the rows hold', () => {
    const figure = fc.oneof(
      fc.double({ min: -10, max: 30_000, noNaN: true }),
      fc.integer({ min: 0, max: 2_000 }),
      fc.constant(0),
    );
    const row = fc.record({
      file: fc.constant('servings.csv'),
      line: fc.nat(),
      date: fc.oneof(
        fc
          .date({ min: new Date('1890-01-01'), max: new Date('3010-01-01'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10)),
        fc.constant('2024-02-30'),
      ),
      time: fc.option(fc.constantFrom('00:00', '08:30', '23:59')),
      meal: fc.oneof(
        fc.constantFrom('Breakfast', 'Lunch', 'Dinner', 'Snacks', 'Uncategorized', '', 'Полдник'),
        fc.string({ unit: 'binary', maxLength: 60 }),
      ),
      name: fc.string({ maxLength: 200 }),
      brand: fc.option(fc.string({ maxLength: 200 })),
      isFood: fc.boolean(),
      amountText: fc.string({ maxLength: 30 }),
      grams: fc.option(fc.double({ min: 0, max: 200_000, noNaN: true })),
      kcal: figure,
      protein: figure,
      fat: figure,
      carbs: figure,
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const built = buildForeignImport(records(rows), options);
        const parsed = asExport(built);
        if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues[0]));
        expect(built.report.entries + built.report.skipped.length).toBe(rows.length);
        // Whatever the source calls its meals, the meals they become are ones the settings take.
        const plan = settleNewMeals(built.report.newMeals, null).meals;
        expect(settingsPatchSchema.safeParse({ meals: plan }).success).toBe(true);
      }),
      propertyRuns,
    );
  });
});

describe('expandFiles', () => {
  it('refuses a ZIP that would unpack past the import limit, and reads one within it', () => {
    const zeros = new Uint8Array(LIMITS.importBytes.max + 1);
    const bomb = zipSync({ 'servings.csv': zeros }, { level: 9 });
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(() => expandFiles([{ name: 'export.zip', bytes: bomb }])).toThrow(
      expect.objectContaining({ reason: 'tooLarge', file: 'export.zip' }),
    );
    const small = zipSync({
      '__MACOSX/._servings.csv': new Uint8Array(3),
      'export/servings.csv': strToU8('a,b\n'),
    });
    expect(expandFiles([{ name: 'export.zip', bytes: small }])).toEqual([
      { name: 'servings.csv', text: 'a,b\n' },
    ]);
  });
});
