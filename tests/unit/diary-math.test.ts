import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, dateSpan, dayNumber, fromDayNumber, isIsoDate } from '@/lib/diary/dates';
import { basalMetabolicRate, suggestedGoal } from '@/lib/diary/goal-calculator';
import {
  entryFromFood,
  quickAddEntry,
  rescaleEntry,
  sumTotals,
  type LoggableFood,
} from '@/lib/diary/nutrition';
import { computeStats, isOnTarget, movingAverage, streaks } from '@/lib/diary/stats';
import type { Day } from '@/lib/schemas/day';
import { kcalDisagreesWithMacros } from '@/lib/schemas/food';

const bread: LoggableFood = {
  ref: 3,
  name: 'Rye bread',
  kcal: 259,
  protein: 8.5,
  fat: 3.3,
  carbs: 48.3,
  serving: { label: '1 slice', grams: 30 },
  measures: [{ label: '1 slice', grams: 30 }],
};
const meta = {
  id: '0b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f',
  meal: 'lunch' as const,
  now: '2026-11-22T12:00:00.000Z',
};

/** Every month-day 00-32 of months 00-13 from 1899 to 2101, real or not, as YYYY-MM-DD. */
function monthDays(): string[] {
  const pad = (value: number) => String(value).padStart(2, '0');
  const days = [];
  for (let year = 1899; year <= 2101; year++)
    for (let month = 0; month <= 13; month++)
      for (let day = 0; day <= 32; day++) days.push(`${year}-${pad(month)}-${pad(day)}`);
  return days;
}

describe('day numbers', () => {
  it('names the same date as a Date would, on every day from 1899 to 2101 and at the edges', () => {
    const viaDate = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
    const days = [];
    for (let day = dayNumber('1899-01-01'); day <= dayNumber('2101-12-31'); day++) days.push(day);
    days.push(
      dayNumber('0999-12-31'),
      dayNumber('1000-01-01'),
      dayNumber('9999-12-31'),
      dayNumber('9999-12-31') + 1,
    );
    for (const day of days) expect(fromDayNumber(day)).toBe(viaDate(day));
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
  });

  it('counts days as Date.UTC does, every month-day of 1899 to 2101 (past month ends too) and at the edges', () => {
    const viaDate = (iso: string) =>
      Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
    expect(monthDays().filter((iso) => dayNumber(iso) !== viaDate(iso))).toEqual([]);
    for (const iso of [
      '0999-12-31',
      '1000-01-01',
      '9999-12-31',
      '2026-1-01',
      ' 2026-01-01',
      '2026-01-01T12:00',
      'not a date',
    ])
      expect(dayNumber(iso), iso).toBe(viaDate(iso));
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2026-11-24') - dayNumber('2016-11-24')).toBe(3652);
  });

  it('knows which dates exist, as a Date would, every month-day of 1899 to 2101', () => {
    const viaDate = (iso: string) => {
      const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    };
    expect(monthDays().filter((iso) => isIsoDate(iso) !== viaDate(iso))).toEqual([]);
    for (const iso of ['0050-01-01', '2026-1-01', '2026-01-01T00:00', ' 2026-01-01', '2026/01/01', ''])
      expect(isIsoDate(iso), iso).toBe(false);
    expect(isIsoDate('9999-12-31')).toBe(true);
  });

  it('spans some dates from the earliest to the latest, in any order, and none as null', () => {
    const isoDay = fc
      .integer({ min: dayNumber('1900-01-01'), max: dayNumber('2100-12-31') })
      .map((day) => fromDayNumber(day));
    fc.assert(
      fc.property(fc.array(isoDay, { minLength: 1, maxLength: 50 }), (dates) => {
        const sorted = [...dates].sort((a, b) => dayNumber(a) - dayNumber(b));
        expect(dateSpan(dates)).toEqual({ from: sorted[0], to: sorted.at(-1) });
      }),
    );
    expect(dateSpan([])).toBeNull();
    expect(dateSpan(new Set(['2026-11-26']))).toEqual({ from: '2026-11-26', to: '2026-11-26' });
  });
});

describe('nutrition', () => {
  it('copies the nutrition for the grams eaten', () => {
    const entry = entryFromFood(bread, 150, null, meta);
    expect(entry).toMatchObject({
      grams: 150,
      kcal: 389,
      protein: 12.8,
      fat: 5,
      carbs: 72.5,
      name: 'Rye bread',
      food: 3,
    });
  });

  it('converts servings to grams', () => {
    const entry = entryFromFood(bread, 2, bread.serving, meta);
    expect(entry).toMatchObject({ amount: 2, unit: 'serving', grams: 60, kcal: 155 });
  });

  it('rescales an entry from its own figures, not the food', () => {
    const entry = entryFromFood(bread, 100, null, meta);
    const doubled = rescaleEntry(entry, 200, '2026-11-22T13:00:00.000Z');
    expect(doubled).toMatchObject({
      amount: 200,
      grams: 200,
      kcal: 518,
      protein: 17,
      updatedAt: '2026-11-22T13:00:00.000Z',
    });
  });

  it('quick-adds kcal without a food', () => {
    const entry = quickAddEntry('Cake at work', { kcal: 350, protein: 0, fat: 0, carbs: 0 }, meta);
    expect(entry).toMatchObject({ food: null, unit: 'kcal', grams: null, kcal: 350 });
  });

  it('sums totals with the diary rounding', () => {
    expect(
      sumTotals([
        { kcal: 100.4, protein: 1.04, fat: 2, carbs: 3 },
        { kcal: 200.4, protein: 1.04, fat: 0.1, carbs: 0.2 },
      ]),
    ).toEqual({ kcal: 301, protein: 2.1, fat: 2.1, carbs: 3.2 });
  });

  it('warns when kcal is more than 20 % away from the macros', () => {
    expect(kcalDisagreesWithMacros({ kcal: 259, protein: 8.5, fat: 3.3, carbs: 48.3 })).toBe(false);
    expect(kcalDisagreesWithMacros({ kcal: 900, protein: 8.5, fat: 3.3, carbs: 48.3 })).toBe(true);
    expect(kcalDisagreesWithMacros({ kcal: 0, protein: 0, fat: 0, carbs: 0 })).toBe(false);
  });
});

describe('goal calculator (Mifflin-St Jeor)', () => {
  it('computes the basal metabolic rate', () => {
    expect(basalMetabolicRate({ weightKg: 70, heightCm: 175, age: 30, gender: 'male' })).toBeCloseTo(1648.75);
    expect(basalMetabolicRate({ weightKg: 60, heightCm: 165, age: 30, gender: 'female' })).toBeCloseTo(
      1320.25,
    );
  });

  it('multiplies by activity and moves for losing or gaining', () => {
    const profile = { weightKg: 70, heightCm: 175, age: 30, gender: 'male' as const };
    expect(suggestedGoal(profile, 'moderate', 'keep')).toBe(2560);
    expect(suggestedGoal(profile, 'moderate', 'lose')).toBe(2060);
    expect(suggestedGoal(profile, 'moderate', 'gain')).toBe(2860);
  });

  it('never suggests less than a safe floor', () => {
    expect(
      suggestedGoal({ weightKg: 40, heightCm: 150, age: 80, gender: 'female' }, 'sedentary', 'lose'),
    ).toBe(1200);
  });
});

function day(date: string, kcal: number[], goal = 2000, weight: number | null = null, water = 0): Day {
  return {
    date,
    goal,
    weight,
    water,
    activities: [],
    updatedAt: `${date}T20:00:00.000Z`,
    entries: kcal.map((value, index) => ({
      id: `0b7f3c1e-8d2a-4c5b-9e6f-${String(index).padStart(12, '0')}`,
      meal: 'dinner',
      food: null,
      name: 'Meal',
      amount: value,
      unit: 'kcal',
      grams: null,
      kcal: value,
      protein: 10,
      fat: 10,
      carbs: 10,
      loggedAt: `${date}T18:00:00.000Z`,
      updatedAt: `${date}T18:00:00.000Z`,
    })),
  };
}

describe('stats', () => {
  it('reports every day of the range against its own goal', () => {
    const stats = computeStats(
      [day('2026-11-01', [1000, 1000], 2000, 70), day('2026-11-03', [2500], 2400), day('2026-10-31', [9999])],
      '2026-11-01',
      '2026-11-04',
    );
    expect(stats.days.map((point) => [point.date, point.kcal, point.goal, point.logged])).toEqual([
      ['2026-11-01', 2000, 2000, true],
      ['2026-11-02', 0, null, false],
      ['2026-11-03', 2500, 2400, true],
      ['2026-11-04', 0, null, false],
    ]);
    expect(stats.loggedDays).toBe(2);
    expect(stats.averageKcal).toBe(2250);
    expect(stats.daysOnTarget).toBe(2);
    expect(stats.macros).toMatchObject({ protein: 30, fat: 30, carbs: 30 });
    expect(stats.macros.kcalShare).toEqual({ protein: 24, fat: 53, carbs: 24 });
    // 30 g of each over the two logged days: 15 g a day (the empty days do not dilute it).
    expect(stats.macros.perDay).toEqual({ protein: 15, fat: 15, carbs: 15 });
    expect(stats.weights).toEqual([{ date: '2026-11-01', weight: 70, average: 70 }]);
  });

  it('averages the water over the days it was logged, and shows each day', () => {
    const stats = computeStats(
      [
        day('2026-11-01', [1000], 2000, null, 1500),
        day('2026-11-02', [], 2000, null, 2500),
        day('2026-11-03', [900]),
      ],
      '2026-11-01',
      '2026-11-04',
    );
    expect(stats.days.map((point) => point.water)).toEqual([1500, 2500, 0, 0]);
    // A day of water alone is not a logged day: logging is about food.
    expect(stats.loggedDays).toBe(2);
    expect(stats.water).toEqual({ days: 2, averageMl: 2000 });
    expect(computeStats([], '2026-11-01', '2026-11-04').water).toEqual({ days: 0, averageMl: null });
  });

  it('counts within 10 % of the goal as on target', () => {
    expect(isOnTarget(2200, 2000)).toBe(true);
    expect(isOnTarget(2201, 2000)).toBe(false);
    expect(isOnTarget(1800, 2000)).toBe(true);
  });

  it('averages weights over the last 7 calendar days', () => {
    const points = movingAverage(
      [
        { date: '2026-11-01', weight: 72 },
        { date: '2026-11-05', weight: 71 },
        { date: '2026-11-08', weight: 70 },
      ],
      7,
    );
    expect(points.map((point) => point.average)).toEqual([72, 71.5, 70.5]);
  });

  it('finds the current and the longest logging streak', () => {
    const dates = ['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-10', '2026-11-20', '2026-11-21'];
    expect(streaks(dates, '2026-11-22')).toEqual({ current: 2, longest: 3 });
    expect(streaks(dates, '2026-11-21')).toEqual({ current: 2, longest: 3 });
    expect(streaks(dates, '2026-11-25')).toEqual({ current: 0, longest: 3 });
    expect(streaks([], '2026-11-25')).toEqual({ current: 0, longest: 0 });
    // In any order, a date given twice counts once, and a run may cross a month's end.
    const shuffled = ['2026-11-21', '2026-11-02', '2026-11-02', '2026-10-31', '2026-11-01', '2026-11-20'];
    expect(streaks(shuffled, '2026-11-21')).toEqual({ current: 2, longest: 3 });
    // A day after today does not carry the current streak, nor does a date that is none.
    expect(streaks([...dates, '2026-11-23', 'not a date'], '2026-11-21')).toEqual({ current: 2, longest: 3 });
    expect(streaks(['2026-11-20', '2026-11-20', '2026-11-21'], '2026-11-22')).toEqual({
      current: 2,
      longest: 2,
    });
  });
});

describe('food search', () => {
  it('matches word starts, ignoring case and ё', async () => {
    const { matchesQuery } = await import('@/lib/diary/search');
    expect(matchesQuery('oat', 'Instant oat flakes')).toBe(true);
    expect(matchesQuery('oat', 'Fried chicken in flour coating')).toBe(false);
    expect(matchesQuery('ЁЖ', 'Ежевика')).toBe(true);
    expect(matchesQuery('сыр твор', 'Творожный сыр')).toBe(true);
    expect(matchesQuery('kefir', 'Milk', 'Kefirline')).toBe(true);
    expect(matchesQuery('', 'anything')).toBe(true);
  });
});

describe('meal of the hour', () => {
  it('picks the meal a person most likely means', async () => {
    const { mealOfTheHour } = await import('@/lib/diary/meals');
    const at = (hour: number) => mealOfTheHour(new Date(2026, 10, 22, hour, 30));
    expect([at(7), at(12), at(19), at(23)]).toEqual(['breakfast', 'lunch', 'dinner', 'snacks']);
  });
});
