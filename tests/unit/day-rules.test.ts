import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addEntries,
  addEntriesThatFit,
  deleteEntry,
  loggedInTurn,
  newDay,
  putEntry,
  setGoal,
  setWater,
  setWeight,
} from '@/lib/diary/day-rules';
import { weekdayOf, weekdays } from '@/lib/diary/dates';
import { goalInForce } from '@/lib/diary/goal-in-force';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { LIMITS } from '@/lib/limits';
import type { Day } from '@/lib/schemas/day';
import { entry } from '../support/fixtures';
import { dateArb, entryArb, propertyRuns as runs } from '../support/arbitraries';
import { thrownBy } from '../support/thrown';

const NOW = '2026-11-26T12:00:00.000Z';
const day = (): Day => newDay('2026-11-26', { currentGoal: 2100 }, NOW);
const full = (): Day => ({
  ...day(),
  entries: Array.from({ length: LIMITS.entriesPerDay.max }, () => entry()),
});

/** Entries with distinct ids, and the same entries in another order. */
const inTwoOrders = fc
  .uniqueArray(entryArb, { maxLength: 12, selector: (item) => item.id })
  .chain((entries) =>
    fc.tuple(
      fc.constant(entries),
      fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }),
    ),
  );

const refusal = (run: () => unknown) => thrownBy(run, InvalidDataError);

describe('the day rules', () => {
  it('start a day with the goal in force, no weight, no water, no entries and no activities', () => {
    expect(newDay('2026-11-26', { currentGoal: 1800 }, NOW)).toEqual({
      date: '2026-11-26',
      goal: 1800,
      weight: null,
      water: 0,
      entries: [],
      activities: [],
      updatedAt: NOW,
    });
    expect(refusal(() => newDay('2026-02-30', { currentGoal: 1800 }, NOW))).toMatchObject({ field: 'date' });
  });

  it('start a day with its weekday’s own goal where one is set, else the daily goal', () => {
    const settings = { currentGoal: 2000, weekdayGoals: { sat: 2600 } };
    expect(newDay('2026-11-28', settings, NOW).goal).toBe(2600);
    expect(newDay('2026-11-27', settings, NOW).goal).toBe(2000);
    expect(newDay('2026-11-28', { currentGoal: 2000 }, NOW).goal).toBe(2000);
  });

  it('name the weekday of any date as the calendar does, Monday first (property)', () => {
    fc.assert(
      fc.property(dateArb, (date) => {
        const sundayFirst = new Date(`${date}T12:00:00Z`).getUTCDay();
        expect(weekdayOf(date)).toBe(weekdays[(sundayFirst + 6) % 7]);
        const goals = { [weekdayOf(date)]: 3000 };
        expect(goalInForce({ currentGoal: 1800, weekdayGoals: goals }, date)).toBe(3000);
        expect(goalInForce({ currentGoal: 1800, weekdayGoals: {} }, date)).toBe(1800);
      }),
      runs,
    );
  });

  it('take the last entry a day has room for, and refuse the one after, naming the limit', () => {
    const almost = { ...day(), entries: full().entries.slice(1) };
    const last = putEntry(almost, entry());
    expect(last.entries).toHaveLength(LIMITS.entriesPerDay.max);
    expect(refusal(() => putEntry(last, entry()))).toMatchObject({
      field: 'entries',
      messageKey: 'entriesPerDay',
    });
    // An entry the full day already has may still change.
    const changed = putEntry(last, { ...last.entries[0]!, kcal: 1 });
    expect(changed.entries.find((item) => item.id === last.entries[0]!.id)?.kcal).toBe(1);
  });

  it('take copies all together or none, and as many as fit when asked to', () => {
    const almost = { ...day(), entries: full().entries.slice(2) };
    expect(refusal(() => addEntries(almost, [entry(), entry(), entry()])).messageKey).toBe('entriesPerDay');
    expect(addEntries(almost, [entry(), entry()]).entries).toHaveLength(LIMITS.entriesPerDay.max);
    const three = [entry(), entry(), entry()];
    const fitted = addEntriesThatFit(almost, three);
    expect(fitted.day.entries).toHaveLength(LIMITS.entriesPerDay.max);
    expect(fitted.left).toEqual([three[2]]);
  });

  it('refuse a weight or goal past its limit, and a bad entry, changing nothing', () => {
    const start = day();
    expect(refusal(() => setWeight(start, LIMITS.weightKg.max + 1)).messageKey).toBe('weightRange');
    expect(refusal(() => setGoal(start, LIMITS.goalKcal.min - 1)).messageKey).toBe('goalRange');
    expect(refusal(() => putEntry(start, entry({ kcal: LIMITS.entryKcal.max + 1 }))).messageKey).toBe(
      'kcalRange',
    );
    expect(start).toEqual(day());
    expect(setWeight(setWeight(start, 71.4), null).weight).toBeNull();
  });

  it('keep water in whole ml within its limit, refusing anything else and changing nothing', () => {
    const start = day();
    expect(setWater(start, LIMITS.waterMl.max).water).toBe(LIMITS.waterMl.max);
    expect(setWater(setWater(start, 750), 0).water).toBe(0);
    for (const bad of [LIMITS.waterMl.max + 1, -250, 237.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(refusal(() => setWater(start, bad))).toMatchObject({ field: 'water', messageKey: 'waterRange' });
    expect(refusal(() => setWater(start, '250' as unknown as number)).field).toBe('water');
    expect(start).toEqual(day());
  });

  it('list entries in the order they were logged, then by id, however they were put', () => {
    fc.assert(
      fc.property(inTwoOrders, ([entries, shuffled]) => {
        const put = entries.reduce(putEntry, day());
        const other = shuffled.reduce(putEntry, day());
        expect(other.entries).toEqual(put.entries);
        const times = put.entries.map((item) => [Date.parse(item.loggedAt), item.id] as const);
        for (let index = 1; index < times.length; index++) {
          const [before, after] = [times[index - 1]!, times[index]!];
          expect(before[0] < after[0] || (before[0] === after[0] && before[1] < after[1])).toBe(true);
        }
      }),
      runs,
    );
  });

  it('put the same entry twice as once, and delete only what the day has', () => {
    fc.assert(
      fc.property(dateArb, entryArb, (date, item) => {
        const once = putEntry(newDay(date, { currentGoal: 2000 }, NOW), item);
        expect(putEntry(once, item)).toEqual(once);
        expect(deleteEntry(once, '00000000-0000-4000-8000-000000000000')).toBe(once);
        expect(deleteEntry(once, item.id).entries).toEqual([]);
      }),
      runs,
    );
  });

  it('log entries of one go a second apart, in the order given', () => {
    const logged = loggedInTurn([entry({ name: 'a' }), entry({ name: 'b' })], Date.parse(NOW));
    expect(logged.map((item) => [item.name, item.loggedAt, item.updatedAt])).toEqual([
      ['a', '2026-11-26T12:00:00.000Z', '2026-11-26T12:00:00.000Z'],
      ['b', '2026-11-26T12:00:01.000Z', '2026-11-26T12:00:01.000Z'],
    ]);
  });
});
