import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChange, dayChangeKinds, dayChangeSchema, type DayChange } from '@/lib/diary/day-change';
import { newDay } from '@/lib/diary/day-rules';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { applyToDay, type Operation } from '@/lib/data/offline/operations';
import { LIMITS } from '@/lib/limits';
import type { Day } from '@/lib/schemas/day';
import { entryArb, propertyRuns } from '../support/arbitraries';

const NOW = '2026-12-06T09:00:00.000Z';
const emptyDay = (): Day => newDay('2026-12-06', { currentGoal: 2000 }, NOW);

/** Numbers around and far outside each limit, and what is no number at all. */
const roughNumber = (limit: { min: number; max: number }) =>
  fc.oneof(
    fc.integer({ min: limit.min, max: limit.max }),
    fc.constantFrom(limit.min - 1, limit.max + 1, -1, 0, 1e12, Number.NaN, Number.POSITIVE_INFINITY, 0.5),
  );

/** Changes of every kind, valid and not. */
const roughChange: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({
    kind: fc.constant('putEntry'),
    entry: fc.oneof(
      entryArb,
      entryArb.map((e) => ({ ...e, kcal: -5 })),
    ),
  }),
  fc.record({
    kind: fc.constant('setWeight'),
    weight: fc.oneof(fc.constant(null), roughNumber(LIMITS.weightKg)),
  }),
  fc.record({ kind: fc.constant('setWater'), water: roughNumber(LIMITS.waterMl) }),
  fc.record({ kind: fc.constant('setGoal'), goal: roughNumber(LIMITS.goalKcal) }),
  fc.record({
    kind: fc.constant('setDetails'),
    details: fc.record(
      {
        note: fc.oneof(fc.constant(null), fc.string(), fc.constant('n'.repeat(LIMITS.dayNoteLength.max + 1))),
        steps: fc.oneof(fc.constant(null), roughNumber(LIMITS.daySteps)),
        waist: fc.oneof(fc.constant(null), roughNumber(LIMITS.circumferenceCm)),
        bodyFat: fc.oneof(fc.constant(null), roughNumber(LIMITS.bodyFatPercent)),
      },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ kind: fc.constant('deleteEntry'), entryId: fc.uuid() }),
  fc.record({ kind: fc.constant('deleteActivity'), activityId: fc.uuid() }),
);

function outcome(day: Day, change: DayChange): Day | 'refused' {
  try {
    return applyChange(day, change);
  } catch (error) {
    if (error instanceof InvalidDataError) return 'refused';
    throw error;
  }
}

describe('a change of a day as one value', () => {
  it('the schema refuses exactly the changes the rules refuse', () => {
    fc.assert(
      fc.property(roughChange, (change) => {
        const parsed = dayChangeSchema.safeParse(change);
        const result = outcome(emptyDay(), change as DayChange);
        expect(parsed.success, JSON.stringify(change)).toBe(result !== 'refused');
      }),
      propertyRuns,
    );
  });

  it('the outbox shows a queued change on its day as applyChange does, and leaves the day for the rest', () => {
    fc.assert(
      fc.property(roughChange, (change) => {
        const operation: Operation = { kind: 'changeDay', date: '2026-12-06', change: change as DayChange };
        const shown = (() => {
          try {
            return applyToDay(emptyDay(), operation);
          } catch (error) {
            if (error instanceof InvalidDataError) return 'refused';
            throw error;
          }
        })();
        expect(shown).toEqual(outcome(emptyDay(), change as DayChange));
      }),
      propertyRuns,
    );
    const food = { kind: 'deleteFood', id: 3 } as Operation;
    const day = emptyDay();
    expect(applyToDay(day, food)).toBe(day);
  });

  it('names every kind the schema takes', () => {
    const kinds = dayChangeSchema._zod.def.options.map(
      (option) => option._zod.def.shape.kind._zod.def.values[0],
    );
    expect(new Set(kinds)).toEqual(dayChangeKinds);
  });
});
