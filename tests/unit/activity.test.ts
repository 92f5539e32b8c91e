import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_KINDS,
  activityCredit,
  activityKcal,
  isMetKind,
  OTHER_KIND,
  TRACKER_KIND,
} from '@/lib/diary/activity-kinds';
import { deleteActivity, newDay, putActivity } from '@/lib/diary/day-rules';
import { summarizeDay } from '@/lib/diary/day-summary';
import { GUEST_STORAGE_KEYS, readGuestDayFigures } from '@/lib/diary/first-paint';
import { mergeDays } from '@/lib/diary/import-merge';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { round1 } from '@/lib/diary/round';
import { decodeDay, decodeDayTotals, encodeDay, readDaySummary } from '@/lib/data/guest/day-codec';
import { memorySharedRecords } from '@/lib/data/guest/shared-records';
import { LIMITS } from '@/lib/limits';
import { ACTIVITY_KIND, activitySchema, type Activity } from '@/lib/schemas/activity';
import type { Day } from '@/lib/schemas/day';
import en from '@/messages/en.json';
import ru from '@/messages/ru.json';

const DATE = '2026-11-27';
const NOW = '2026-11-27T18:00:00.000Z';

const activity = (change: Partial<Activity> = {}): Activity => ({
  id: crypto.randomUUID(),
  kind: 'runningModerate',
  minutes: 30,
  kcal: 308,
  loggedAt: '2026-11-27T07:30:00.000Z',
  ...change,
});

const emptyDay = (): Day => newDay(DATE, { currentGoal: 2000 }, NOW);

function refusal(run: () => unknown): InvalidDataError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidDataError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('the MET table', () => {
  it('works out the kcal beyond resting: (MET - 1) × kg × hours', () => {
    // Running at 6 mph is 9.8 MET: 8.8 × 70 kg × 0.5 h.
    expect(activityKcal('runningModerate', 30, 70)).toBe(308);
    // Yoga (2.5 MET) for an hour at 60 kg: 1.5 × 60.
    expect(activityKcal('yoga', 60, 60)).toBe(90);
    // A minute of the lightest kind still counts.
    expect(activityKcal('yoga', 1, 20)).toBe(1);
  });

  it('stays within the limits for any minutes and weight the diary accepts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACTIVITY_KINDS.map(({ kind }) => kind)),
        fc.integer(LIMITS.activityMinutes),
        fc.double({ min: LIMITS.weightKg.min, max: LIMITS.weightKg.max, noNaN: true }),
        (kind, minutes, kg) => {
          const kcal = activityKcal(kind, minutes, kg);
          expect(Number.isInteger(kcal)).toBe(true);
          expect(kcal).toBeGreaterThanOrEqual(LIMITS.activityKcal.min);
        },
      ),
    );
    // A day-long hard run at the heaviest weight is past the limit: the form refuses it then.
    expect(activityKcal('runningFast', LIMITS.activityMinutes.max, LIMITS.weightKg.max)).toBeGreaterThan(
      LIMITS.activityKcal.max,
    );
  });

  it('names every kind in both languages, and every key is one the schema keeps', () => {
    const keys = [...ACTIVITY_KINDS.map(({ kind }) => kind), TRACKER_KIND, OTHER_KIND];
    for (const key of keys) {
      expect(key).toMatch(ACTIVITY_KIND);
      expect(en.diary.activities.kinds).toHaveProperty(key);
      expect(ru.diary.activities.kinds).toHaveProperty(key);
    }
    expect(new Set(ACTIVITY_KINDS.map(({ code }) => code)).size).toBe(ACTIVITY_KINDS.length);
    expect(isMetKind(TRACKER_KIND)).toBe(false);
  });

  it('adds the chosen share of the kcal to the budget', () => {
    const done = [activity({ kcal: 301 }), activity({ kcal: 100 })];
    expect(activityCredit(done, 100)).toBe(401);
    expect(activityCredit(done, 50)).toBe(201);
    expect(activityCredit(done, 0)).toBe(0);
    expect(activityCredit([], 100)).toBe(0);
  });
});

describe('a day’s activities', () => {
  it('are added in the order logged, replaced by id, and deleted', () => {
    const later = activity({ loggedAt: '2026-11-27T19:00:00.000Z' });
    const earlier = activity({ loggedAt: '2026-11-27T06:00:00.000Z' });
    let day = putActivity(putActivity(emptyDay(), later), earlier);
    expect(day.activities.map(({ id }) => id)).toEqual([earlier.id, later.id]);
    day = putActivity(day, { ...later, kcal: 500 });
    expect(day.activities).toHaveLength(2);
    expect(day.activities[1]!.kcal).toBe(500);
    day = deleteActivity(day, earlier.id);
    expect(day.activities.map(({ id }) => id)).toEqual([later.id]);
    expect(deleteActivity(day, crypto.randomUUID())).toBe(day);
  });

  it('refuses what is out of range, naming the field, and a day past its limit', () => {
    expect(refusal(() => putActivity(emptyDay(), activity({ kcal: 0 }))).field).toBe('activity.kcal');
    expect(refusal(() => putActivity(emptyDay(), activity({ kcal: 10_001 }))).field).toBe('activity.kcal');
    expect(refusal(() => putActivity(emptyDay(), activity({ minutes: 1_441 }))).field).toBe(
      'activity.minutes',
    );
    expect(refusal(() => putActivity(emptyDay(), activity({ kcal: 12.5 }))).field).toBe('activity.kcal');
    expect(refusal(() => putActivity(emptyDay(), activity({ kind: 'Run<script>' }))).field).toBe(
      'activity.kind',
    );
    // "Something else" needs its name.
    expect(refusal(() => putActivity(emptyDay(), activity({ kind: OTHER_KIND }))).field).toBe(
      'activity.name',
    );
    let day = emptyDay();
    for (let index = 0; index < LIMITS.activitiesPerDay.max; index++) day = putActivity(day, activity());
    const full = refusal(() => putActivity(day, activity()));
    expect(full.field).toBe('activities');
    // Replacing one of a full day's activities is no new one.
    expect(putActivity(day, { ...day.activities[0]!, kcal: 99 }).activities).toHaveLength(
      LIMITS.activitiesPerDay.max,
    );
  });

  it('raise the day’s budget: remaining is the goal plus the activity minus what was eaten', () => {
    const figures = summarizeDay(
      { goal: 2000, activity: 300, kcal: 2100, protein: 0, fat: 0, carbs: 0 },
      String,
    );
    expect(figures).toMatchObject({ over: false, remaining: '200', goal: '2000', activity: '300' });
    expect(figures.progress).toBeCloseTo(2100 / 2300);
    expect(summarizeDay({ goal: 2000, kcal: 2100, protein: 0, fat: 0, carbs: 0 }, String)).toMatchObject({
      over: true,
      remaining: '100',
      activity: '0',
    });
  });
});

describe('activities in the guest record', () => {
  const shared = memorySharedRecords();
  const activityArb = fc.record({
    id: fc.uuid({ version: 4 }),
    kind: fc.constantFrom(...ACTIVITY_KINDS.map(({ kind }) => kind), TRACKER_KIND),
    minutes: fc.option(fc.integer(LIMITS.activityMinutes), { nil: null }),
    kcal: fc.integer(LIMITS.activityKcal),
    loggedAt: fc
      .integer({
        min: Date.parse('2026-11-26T00:00:00Z') / 1000,
        max: Date.parse('2026-11-28T23:59:59Z') / 1000,
      })
      .map((seconds) => new Date(seconds * 1000).toISOString()),
  });

  it('read back exactly as written, whatever they are', () => {
    fc.assert(
      fc.property(fc.array(activityArb, { maxLength: 8 }), (written) => {
        const activities = written.map((item) => activitySchema.parse(item));
        const day = { ...emptyDay(), activities };
        const read = decodeDay(encodeDay(day, [], shared), shared);
        expect(read).toEqual({ ok: true, day, setAside: [] });
      }),
    );
  });

  it('keep a name of the user’s, and leave the header as the stats read it', () => {
    const named = activity({ kind: OTHER_KIND, name: 'Lasertag', minutes: null, kcal: 250 });
    const day = { ...emptyDay(), water: 500, activities: [named] };
    const text = encodeDay(day, [], shared);
    expect(decodeDay(text, shared)).toMatchObject({ ok: true, day: { activities: [named] } });
    // The stats read the day's activity from the header alone, as the full read sums it.
    const summary = readDaySummary(text);
    expect(summary).toMatchObject({ date: DATE, goal: 2000, water: 500, activity: 250, entryCount: 0 });
    expect(decodeDayTotals(text, shared)).toEqual({ ok: true, totals: summary });
  });

  it('set one that does not hold together aside, exactly as stored, and read the rest', () => {
    const kept = activity();
    const record = JSON.parse(encodeDay({ ...emptyDay(), activities: [kept] }, [], shared));
    const broken = ['AAAAAAAAAAAAAAAAAAAAAA', 'running', -5, 30, 100];
    record.a.push(broken);
    const read = decodeDay(JSON.stringify(record), shared);
    expect(read).toMatchObject({ ok: true, day: { activities: [kept] }, setAside: [broken] });
  });

  it('take back one an earlier build set aside once it reads', () => {
    const later = activity({ kind: 'paddleBoarding' });
    const record = JSON.parse(encodeDay({ ...emptyDay(), activities: [later] }, [], shared));
    record.x = record.a;
    delete record.a;
    expect(decodeDay(JSON.stringify(record), shared)).toMatchObject({
      ok: true,
      day: { activities: [later] },
      setAside: [],
    });
  });

  it('read as none from a record written before activities', () => {
    const record = JSON.parse(encodeDay(emptyDay(), [], shared));
    expect(record).not.toHaveProperty('a');
    expect(decodeDay(JSON.stringify(record), shared)).toMatchObject({ ok: true, day: { activities: [] } });
  });
});

describe('the first paint of a day with activity', () => {
  const store = (records: Record<string, string>) => ({ getItem: (key: string) => records[key] ?? null });
  const text = encodeDay(
    { ...emptyDay(), activities: [activity({ kcal: 301 }), activity({ kcal: 100 })] },
    [],
    memorySharedRecords(),
  );
  const read = (settings?: object) =>
    readGuestDayFigures(
      store({
        [`dashboard-${DATE}`]: text,
        ...(settings ? { 'user-settings': JSON.stringify(settings) } : {}),
      }),
      GUEST_STORAGE_KEYS,
      DATE,
      2500,
      round1,
    );

  it('adds the settings’ share as the view does (activityCredit)', () => {
    expect(read()?.activity).toBe(401);
    expect(read({ currentGoal: 2000, activityShare: 50 })?.activity).toBe(
      activityCredit([{ kcal: 401 }], 50),
    );
    expect(read({ currentGoal: 2000, activityShare: 0 })?.activity).toBe(0);
  });

  it('leaves the card to the view when steps count in the budget (their walking needs the weights)', () => {
    expect(read({ currentGoal: 2000, activityShare: 100, stepsInBudget: false })?.activity).toBe(401);
    expect(read({ currentGoal: 2000, activityShare: 100, stepsInBudget: true })).toBeNull();
  });

  it('leaves the card to the view when a figure does not hold together', () => {
    expect(read({ currentGoal: 2000, activityShare: 'half' })).toBeNull();
    const record = JSON.parse(text);
    record.a[0][2] = LIMITS.activityKcal.max + 1;
    expect(
      readGuestDayFigures(
        store({ [`dashboard-${DATE}`]: JSON.stringify(record) }),
        GUEST_STORAGE_KEYS,
        DATE,
        2500,
        round1,
      ),
    ).toBeNull();
  });
});

describe('importing activities', () => {
  const stored = (activities: Activity[], updatedAt = NOW): Day => ({ ...emptyDay(), activities, updatedAt });

  it('adds those the diary lacks, keeps its own, and never duplicates one', () => {
    const mine = activity({ loggedAt: '2026-11-27T06:00:00.000Z' });
    const theirs = activity({ loggedAt: '2026-11-27T08:00:00.000Z' });
    const { changed } = mergeDays(
      new Map([[DATE, stored([mine])]]),
      [stored([mine, theirs], '2026-11-27T10:00:00.000Z')],
      new Map(),
    );
    expect(changed).toHaveLength(1);
    expect(changed[0]!.activities.map(({ id }) => id)).toEqual([mine.id, theirs.id]);
  });

  it('takes the newer day’s copy of one both hold, and changes nothing for the same file twice', () => {
    const mine = activity({ kcal: 200 });
    const newer = mergeDays(
      new Map([[DATE, stored([mine])]]),
      [stored([{ ...mine, kcal: 250 }], '2026-11-28T10:00:00.000Z')],
      new Map(),
    );
    expect(newer.changed[0]!.activities[0]!.kcal).toBe(250);
    const older = mergeDays(
      new Map([[DATE, stored([mine])]]),
      [stored([{ ...mine, kcal: 250 }], '2026-11-20T10:00:00.000Z')],
      new Map(),
    );
    expect(older.changed).toEqual([]);
  });
});
