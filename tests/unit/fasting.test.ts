import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChange } from '@/lib/diary/day-change';
import { newDay } from '@/lib/diary/day-rules';
import { computeStats } from '@/lib/diary/stats';
import { addDays, toIsoDate } from '@/lib/diary/dates';
import {
  cancelFastChange,
  deleteFastChange,
  endFastChanges,
  endFastProblem,
  fastMinutes,
  fastProgress,
  latestAt,
  runningFast,
  startFastChange,
} from '@/lib/diary/fasting';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { decodeDay, encodeDay } from '@/lib/data/guest/day-codec';
import { memorySharedRecords } from '@/lib/data/guest/shared-records';
import { LIMITS } from '@/lib/limits';
import { daySchema, type Day } from '@/lib/schemas/day';
import { propertyRuns } from '../support/arbitraries';
import { thrownBy } from '../support/thrown';

// Fasting (issue 52): a fast under way on the day it began, an ended one on the day it ended.
const NOW = '2026-12-07T09:00:00.000Z';
const HOUR = 3_600_000;
const shared = memorySharedRecords();

/** The days a list of changes leaves, from `days` as they were (each date once). */
function applied(days: Record<string, Day>, changes: ReturnType<typeof endFastChanges>) {
  const next = { ...days };
  for (const { date, change } of changes) {
    next[date] = applyChange(next[date] ?? newDay(date, { currentGoal: 2000 }, NOW), change);
  }
  return next;
}

describe('fasting', () => {
  it('starts on the day it begins, and a fast across midnight ends on the next day, moved there', () => {
    const start = new Date(2026, 11, 6, 20, 0); // 20:00 on 6 December, local
    const started = applied({}, [startFastChange(start, 16 * 60)]);
    expect(Object.keys(started)).toEqual(['2026-12-06']);
    const running = runningFast(Object.values(started));
    expect(running).toEqual({
      date: '2026-12-06',
      start: start.toISOString().replace('.000Z', 'Z'),
      goalMinutes: 960,
    });

    const end = new Date(2026, 11, 7, 12, 5); // the next day, 16 h 5 min later
    const changes = endFastChanges(running!, end, null);
    // The ended fast is written before it leaves the day it began on.
    expect(changes.map((change) => change.date)).toEqual(['2026-12-07', '2026-12-06']);
    const after = applied(started, changes);
    expect(after['2026-12-06']!.details).toBeUndefined();
    expect(after['2026-12-07']!.details?.fasts).toHaveLength(1);
    expect(fastMinutes(after['2026-12-07']!.details!.fasts![0]!)).toBe(16 * 60 + 5);
    expect(runningFast(Object.values(after))).toBeNull();

    // Cut off between the two writes (a reload, a lost connection): the fast is ended, not lost,
    // and not under way again.
    const halfway = applied(started, changes.slice(0, 1));
    expect(halfway['2026-12-06']!.details?.fasting).toBeDefined();
    expect(runningFast(Object.values(halfway))).toBeNull();
  });

  it('ends on its own day in one change, beside the fast that day already holds', () => {
    const morning = new Date(2026, 11, 7, 0, 30);
    let days = applied({}, [startFastChange(morning, 12 * 60)]);
    days = applied(
      days,
      endFastChanges(runningFast(Object.values(days))!, new Date(2026, 11, 7, 8, 0), null),
    );
    const evening = new Date(2026, 11, 7, 9, 0);
    days = applied(days, [startFastChange(evening, 14 * 60)]);
    // The morning's ended fast and the evening's under way share a day.
    expect(days['2026-12-07']!.details?.fasts).toHaveLength(1);
    const running = runningFast(Object.values(days))!;
    expect(running.goalMinutes).toBe(14 * 60);
    const changes = endFastChanges(running, new Date(2026, 11, 7, 23, 0), days['2026-12-07']!);
    expect(changes).toHaveLength(1);
    days = applied(days, changes);
    expect(days['2026-12-07']!.details?.fasts?.map(fastMinutes)).toEqual([450, 840]);
    expect(days['2026-12-07']!.details?.fasting).toBeUndefined();
    // Deleting one keeps the other; deleting both leaves no details.
    days = applied(days, [
      deleteFastChange(days['2026-12-07']!, days['2026-12-07']!.details!.fasts![0]!.start),
    ]);
    expect(days['2026-12-07']!.details?.fasts?.map(fastMinutes)).toEqual([840]);
    days = applied(days, [
      deleteFastChange(days['2026-12-07']!, days['2026-12-07']!.details!.fasts![0]!.start),
    ]);
    expect(days['2026-12-07']!.details).toBeUndefined();
  });

  it('is cancelled without a trace, and the latest fast under way is the one shown', () => {
    const days = applied({}, [startFastChange(new Date(2026, 11, 5, 19, 0), 960)]);
    // Two fasts under way (two devices offline): the later start is the one shown.
    const both = applied(days, [startFastChange(new Date(2026, 11, 6, 20, 0), 1080)]);
    expect(runningFast(Object.values(both))).toMatchObject({ date: '2026-12-06', goalMinutes: 1080 });
    const cancelled = applied(both, [cancelFastChange(runningFast(Object.values(both))!)]);
    expect(cancelled['2026-12-06']!.details).toBeUndefined();
  });

  it('refuses an end before the start, a fast past seven days and a fifth fast on a day', () => {
    const start = new Date(2026, 11, 1, 20, 0);
    const running = { ...runningFast(Object.values(applied({}, [startFastChange(start, 960)])))! };
    expect(endFastProblem(running, start, null)).toBe('tooShort');
    expect(endFastProblem(running, new Date(start.getTime() - HOUR), null)).toBe('tooShort');
    expect(endFastProblem(running, new Date(start.getTime() + 30 * 24 * HOUR), null)).toBe('tooLong');
    expect(endFastProblem(running, new Date(start.getTime() + 7 * 24 * HOUR), null)).toBeNull();
    const full: Day = {
      ...newDay('2026-12-02', { currentGoal: 2000 }, NOW),
      details: {
        fasts: [1, 2, 3, 4].map((hour) => ({
          start: new Date(2026, 11, 2, hour, 0).toISOString(),
          end: new Date(2026, 11, 2, hour, 30).toISOString(),
          goalMinutes: 60,
        })),
      },
    };
    expect(endFastProblem(running, new Date(2026, 11, 2, 12, 0), full)).toBe('tooMany');
  });

  it('is refused by the day rules when no form checked it: 0 minutes, 30 days, a fifth fast', () => {
    const day = newDay('2026-12-07', { currentGoal: 2000 }, NOW);
    const set = (details: NonNullable<Day['details']>) => () =>
      applyChange(day, { kind: 'setDetails', details });
    const start = '2026-12-07T08:00:00Z';
    for (const goalMinutes of [0, 30 * 24 * 60, 1.5]) {
      expect(thrownBy(set({ fasting: { start, goalMinutes } }), InvalidDataError)).toMatchObject({
        messageKey: 'fastRange',
      });
    }
    for (const end of [start, '2026-12-07T07:00:00Z', '2027-01-06T08:00:00Z']) {
      expect(thrownBy(set({ fasts: [{ start, end, goalMinutes: 960 }] }), InvalidDataError)).toMatchObject({
        messageKey: 'fastRange',
      });
    }
    const fast = { start, end: '2026-12-07T09:00:00Z', goalMinutes: 60 };
    expect(thrownBy(set({ fasts: Array(5).fill(fast) }), InvalidDataError)).toMatchObject({
      messageKey: 'fastsCount',
    });
    expect(
      thrownBy(set({ fasting: { start: 'yesterday', goalMinutes: 60 } }), InvalidDataError),
    ).toBeDefined();
  });

  it('any fast started and ended within the limits leaves days the schema, the guest format and the finder agree on', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2020, 0, 1), max: new Date(2030, 0, 1), noInvalidDate: true }),
        fc.integer({ min: 60, max: LIMITS.fastMinutes.max }),
        fc.integer({ min: LIMITS.fastMinutes.min, max: LIMITS.fastMinutes.max }),
        (start, goalMinutes, lasted) => {
          const begun = new Date(Math.floor(start.getTime() / 1000) * 1000);
          const end = new Date(begun.getTime() + lasted * 60_000);
          const started = applied({}, [startFastChange(begun, goalMinutes)]);
          const running = runningFast(Object.values(started))!;
          expect(running.date).toBe(toIsoDate(begun));
          expect(endFastProblem(running, end, null)).toBeNull();
          const days = applied(started, endFastChanges(running, end, null));
          for (const day of Object.values(days)) {
            expect(daySchema.parse(day)).toEqual(day);
            expect(decodeDay(encodeDay(day, [], shared), shared)).toMatchObject({ ok: true, day });
          }
          const endDay = days[toIsoDate(end)]!;
          expect(endDay.details?.fasts?.map(fastMinutes)).toEqual([lasted]);
          expect(runningFast(Object.values(days))).toBeNull();
        },
      ),
      propertyRuns,
    );
  });
});

describe('a time typed for a fast', () => {
  it('is the latest such time that has passed: today, or yesterday when still to come', () => {
    const now = new Date(2026, 11, 7, 9, 15);
    expect(latestAt('08:00', now)).toEqual(new Date(2026, 11, 7, 8, 0));
    expect(latestAt('9:15', now)).toEqual(new Date(2026, 11, 7, 9, 15));
    expect(latestAt('20:30', now)).toEqual(new Date(2026, 11, 6, 20, 30));
    for (const typed of ['', '24:00', '12:60', 'noon', '8', '-1:00']) expect(latestAt(typed, now)).toBeNull();
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2020, 0, 1), max: new Date(2030, 0, 1), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (when, hours, minutes) => {
          const at = latestAt(`${hours}:${String(minutes).padStart(2, '0')}`, when)!;
          // A time the clocks skip as they go forward (02:30 on that night) is not on the clock.
          fc.pre(at.getTimezoneOffset() === new Date(at.getTime() - 2 * HOUR).getTimezoneOffset());
          expect(at.getTime()).toBeLessThanOrEqual(when.getTime());
          // Within a day and an hour back: a day may be 25 hours long when the clocks go back.
          expect(when.getTime() - at.getTime()).toBeLessThan(25 * HOUR);
          expect([at.getHours(), at.getMinutes()]).toEqual([hours, minutes]);
        },
      ),
      propertyRuns,
    );
  });

  it('shows how far a fast has gone against its plan', () => {
    const fast = { start: '2026-12-07T00:00:00Z', goalMinutes: 16 * 60 };
    expect(fastProgress(fast, new Date('2026-12-07T04:30:00Z'))).toMatchObject({
      elapsedMinutes: 270,
      leftMinutes: 690,
      reached: false,
      share: 270 / 960,
    });
    expect(fastProgress(fast, new Date('2026-12-07T17:00:00Z'))).toMatchObject({
      reached: true,
      leftMinutes: 0,
      share: 1,
    });
    expect(fastProgress(fast, new Date('2026-12-06T23:00:00Z')).elapsedMinutes).toBe(0);
    expect(addDays('2026-12-07', -7)).toBe('2026-11-30');
  });
});

describe('fasting on the stats', () => {
  it('counts the fasts of the range, their mean and longest, those that lasted their plan, and the streak', () => {
    const fastOn = (date: string, hours: number, goalHours = 16): Day => {
      const end = new Date(`${date}T12:00:00Z`);
      return {
        ...newDay(date, { currentGoal: 2000 }, NOW),
        details: {
          fasts: [
            {
              start: new Date(end.getTime() - hours * HOUR).toISOString(),
              end: end.toISOString(),
              goalMinutes: goalHours * 60,
            },
          ],
        },
      };
    };
    const days = [
      fastOn('2026-12-01', 16),
      fastOn('2026-12-03', 12), // short of its plan: the streak starts after it
      fastOn('2026-12-04', 18),
      fastOn('2026-12-05', 16.5),
    ];
    const stats = computeStats(days, '2026-12-01', '2026-12-06');
    expect(stats.fasting).toEqual({
      count: 4,
      averageMinutes: Math.round(((16 + 12 + 18 + 16.5) * 60) / 4),
      longestMinutes: 18 * 60,
      reached: 3,
      // The range's last day has none yet: the streak runs to the day before.
      streakDays: 2,
    });
    expect(stats.days.map((point) => point.fasted)).toEqual([960, null, 720, 1080, 990, null]);
    expect(computeStats(days, '2026-12-01', '2026-12-05').fasting.streakDays).toBe(2);
    expect(computeStats(days, '2026-12-01', '2026-12-03').fasting.streakDays).toBe(0);
    expect(computeStats([], '2026-12-01', '2026-12-03').fasting).toEqual({
      count: 0,
      averageMinutes: null,
      longestMinutes: null,
      reached: 0,
      streakDays: 0,
    });
  });
});
