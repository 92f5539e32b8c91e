import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChange, dayChangeSchema } from '@/lib/diary/day-change';
import { newDay, setDetails } from '@/lib/diary/day-rules';
import { latestMeasures, measuresOf } from '@/lib/diary/body-measures';
import { computeStats } from '@/lib/diary/stats';
import { mergeDays } from '@/lib/diary/import-merge';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { decodeDay, encodeDay, readDaySummary } from '@/lib/data/guest/day-codec';
import { memorySharedRecords } from '@/lib/data/guest/shared-records';
import { LIMITS } from '@/lib/limits';
import { daySchema, type Day, type DayDetailsPatch } from '@/lib/schemas/day';
import { propertyRuns } from '../support/arbitraries';
import { thrownBy } from '../support/thrown';

// What a day holds beyond food, as one object (issue 52): the note first.
const NOW = '2026-12-07T09:00:00.000Z';
const day = (): Day => newDay('2026-12-07', { currentGoal: 2000 }, NOW);
const refusal = (act: () => unknown) => thrownBy(act, InvalidDataError);
const shared = memorySharedRecords();
const roundTrip = (value: Day) => decodeDay(encodeDay(value, [], shared), shared);

describe("a day's note", () => {
  it('is kept trimmed, replaced, and removed by null or by empty text; no empty details stay', () => {
    const noted = setDetails(day(), { note: '  Slept badly; ate late.\nFelt fine.  ' });
    expect(noted.details).toEqual({ note: 'Slept badly; ate late.\nFelt fine.' });
    expect(setDetails(noted, { note: 'Better' }).details).toEqual({ note: 'Better' });
    expect(setDetails(noted, { note: null })).toEqual(day());
    expect(setDetails(noted, { note: '   ' })).toEqual(day());
    expect('details' in setDetails(noted, { note: null })).toBe(false);
    // A patch that names nothing changes nothing.
    expect(setDetails(noted, {})).toEqual(noted);
  });

  it('keeps half an emoji as the replacement character, which every store can hold', () => {
    // "🍎" is two UTF-16 halves; a paste cut after the first leaves a lone one.
    const cut = 'ate 🍎'.slice(0, -1);
    expect(setDetails(day(), { note: `${cut} then 🍏` }).details).toEqual({ note: 'ate \uFFFD then 🍏' });
    expect(setDetails(day(), { note: '\uDC00 tail' }).details).toEqual({ note: '\uFFFD tail' });
  });

  it('refuses a note past the limit, or a key it does not know, by name, changing nothing', () => {
    const start = setDetails(day(), { note: 'kept' });
    const huge = 'x'.repeat(100_000);
    expect(refusal(() => setDetails(start, { note: huge }))).toMatchObject({
      field: 'note',
      messageKey: 'noteLength',
    });
    expect(setDetails(start, { note: 'y'.repeat(LIMITS.dayNoteLength.max) }).details?.note).toHaveLength(
      LIMITS.dayNoteLength.max,
    );
    expect(refusal(() => setDetails(start, { mood: 'ok' } as DayDetailsPatch)).field).toBe('');
    expect(refusal(() => setDetails(start, { note: 'a\u0000b' })).field).toBe('note');
    expect(start.details).toEqual({ note: 'kept' });
  });

  it('is refused by the change schema exactly when the rules refuse it', () => {
    const note = fc.oneof(
      fc.constant(null),
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        ' ',
        'a\u0000',
        'z'.repeat(LIMITS.dayNoteLength.max + 1),
        'é'.repeat(LIMITS.dayNoteLength.max),
      ),
      fc.string({ unit: 'binary', maxLength: 20 }),
    );
    const patch = fc.oneof(
      fc.record({ note }, { requiredKeys: [] }),
      fc.record({ note, mood: fc.string() }, { requiredKeys: ['mood'] }),
    );
    fc.assert(
      fc.property(patch, (details) => {
        const change = { kind: 'setDetails', details };
        const parsed = dayChangeSchema.safeParse(change);
        let refused = false;
        try {
          applyChange(day(), change as never);
        } catch (error) {
          if (!(error instanceof InvalidDataError)) throw error;
          refused = true;
        }
        expect(parsed.success, JSON.stringify(details).slice(0, 80)).toBe(!refused);
      }),
      propertyRuns,
    );
  });
});

describe("a day's steps", () => {
  it('are a whole number within the limit, set beside the note and removed by null', () => {
    const walked = setDetails(setDetails(day(), { note: 'Hike' }), { steps: 12_345 });
    expect(walked.details).toEqual({ note: 'Hike', steps: 12_345 });
    expect(setDetails(walked, { steps: null }).details).toEqual({ note: 'Hike' });
    expect(setDetails(day(), { steps: 0 }).details).toEqual({ steps: 0 });
    for (const bad of [-1, 1.5, LIMITS.daySteps.max + 1, Number.NaN]) {
      expect(refusal(() => setDetails(walked, { steps: bad }))).toMatchObject({ field: 'steps' });
    }
  });

  it('reach the stats from the header scan, and a note cannot pass for them', () => {
    const walked = setDetails(day(), { steps: 8_000, note: ',"steps":99999}' });
    const summary = readDaySummary(encodeDay(walked, [], shared));
    expect(summary?.details).toMatchObject({ steps: 8_000 });
    // The note is JSON text, its quotes escaped: neither its "steps" nor its "details" are read.
    const noted = setDetails(day(), { note: '"steps":5,"details":{"steps":7}' });
    expect(readDaySummary(encodeDay(noted, [], shared))?.details).toBeNull();
    expect(readDaySummary(encodeDay(day(), [], shared))?.details).toBeNull();
  });
});

describe("a day's body measurements", () => {
  it('are circumferences in cm and body fat in percent, each set or removed on its own', () => {
    const measured = setDetails(day(), { waist: 82.55, neck: 38, bodyFat: 18.5 });
    expect(measured.details).toEqual({ waist: 82.55, neck: 38, bodyFat: 18.5 });
    expect(measuresOf(measured.details)).toEqual({ waist: 82.55, neck: 38, bodyFat: 18.5 });
    const changed = setDetails(measured, { waist: 81, neck: null, hips: 99 });
    expect(changed.details).toEqual({ waist: 81, hips: 99, bodyFat: 18.5 });
    expect(measuresOf(setDetails(day(), { note: 'n', steps: 5 }).details)).toBeNull();
    for (const [key, bad] of [
      ['waist', LIMITS.circumferenceCm.max + 0.1],
      ['chest', LIMITS.circumferenceCm.min - 1],
      ['hips', Number.NaN],
      ['bodyFat', LIMITS.bodyFatPercent.max + 1],
      ['bodyFat', 0],
    ] as const) {
      expect(refusal(() => setDetails(measured, { [key]: bad }))).toMatchObject({ field: key });
    }
    // Refused whole: the waist of a patch with a bad neck is not written either.
    expect(() => setDetails(measured, { waist: 70, neck: 1_000 })).toThrow(InvalidDataError);
  });

  it('reach the stats of a guest as they are, read from the record without parsing its entries', () => {
    const measured = setDetails(day(), { waist: 80, bodyFat: 20, note: 'tape' });
    // The note stays out of what the stats read (the server's SQL leaves it out too).
    expect(readDaySummary(encodeDay(measured, [], shared))?.details).toEqual({ waist: 80, bodyFat: 20 });
    const other = { ...day(), date: '2026-12-09', details: { hips: 100 } };
    const stats = computeStats([measured, other], '2026-12-06', '2026-12-10');
    expect(stats.measures).toEqual([
      { date: '2026-12-07', waist: 80, bodyFat: 20 },
      { date: '2026-12-09', hips: 100 },
    ]);
  });

  it('leave a record whose details do not read as such to the full read, which decides', () => {
    const text = encodeDay(setDetails(day(), { waist: 80 }), [], shared).replace(
      '"waist":80',
      '"waist":8000',
    );
    expect(readDaySummary(text)).toBeNull();
    expect(decodeDay(text, shared).ok).toBe(false);
  });

  it('latest of each, over days in any order', () => {
    const days = [
      { date: '2026-12-05', details: { waist: 82, hips: 100 } },
      { date: '2026-12-01', details: { waist: 84, neck: 39 } },
      { date: '2026-12-03', details: { note: 'no tape today' } },
    ];
    expect(latestMeasures(days)).toEqual({
      waist: { value: 82, date: '2026-12-05' },
      hips: { value: 100, date: '2026-12-05' },
      neck: { value: 39, date: '2026-12-01' },
    });
  });
});

describe('details in the guest record', () => {
  it('round-trip exactly, and a day without any is written as before', () => {
    const noted = setDetails(day(), { note: 'Ужин в гостях: «оливье» на глаз, 2 бокала вина.' });
    expect(roundTrip(noted)).toEqual({ ok: true, day: noted, setAside: [] });
    expect(encodeDay(day(), [], shared)).not.toContain('details');
    expect(roundTrip(day())).toEqual({ ok: true, day: day(), setAside: [] });
  });

  it('leave the header summary of the stats as it was', () => {
    const noted = setDetails(day(), { note: '"goal":1,"t":[9,9,9,9,9]' });
    expect(readDaySummary(encodeDay(noted, [], shared))).toEqual(
      readDaySummary(encodeDay(day(), [], shared)),
    );
  });

  it("keep a newer build's keys as they are, so rewriting the day loses nothing", () => {
    const text = encodeDay(setDetails(day(), { note: 'n' }), [], shared).replace(
      '"details":{"note":"n"}',
      '"details":{"note":"n","waistCm":81.5}',
    );
    const read = decodeDay(text, shared);
    expect(read.ok && read.day.details).toEqual({ note: 'n', waistCm: 81.5 });
    const rewritten = read.ok ? setDetails(read.day, { note: 'changed' }) : day();
    expect(rewritten.details).toEqual({ note: 'changed', waistCm: 81.5 });
    expect(roundTrip(rewritten)).toMatchObject({
      ok: true,
      day: { details: { note: 'changed', waistCm: 81.5 } },
    });
  });

  it('make a record with a note past the limit unreadable rather than cut', () => {
    const text = encodeDay(setDetails(day(), { note: 'n' }), [], shared).replace(
      '"note":"n"',
      `"note":"${'n'.repeat(LIMITS.dayNoteLength.max + 1)}"`,
    );
    expect(decodeDay(text, shared).ok).toBe(false);
  });

  it('are bounded as a whole, whatever keys a newer build added', () => {
    const stuffed = { ...day(), details: { other: 'x'.repeat(LIMITS.dayDetailsChars.max) } };
    expect(daySchema.safeParse(stuffed).success).toBe(false);
  });
});

describe('importing details', () => {
  const merged = (here: Day, file: Day) =>
    mergeDays(new Map([[here.date, here]]), [file], new Map()).changed[0] ?? here;
  const at = (value: Day, updatedAt: string) => ({ ...value, updatedAt });

  it("take the newer day's note, and fill a day without one even from an older file", () => {
    const mine = setDetails(day(), { note: 'mine' });
    const theirs = setDetails(day(), { note: 'theirs' });
    expect(merged(mine, at(theirs, '2026-12-08T00:00:00.000Z')).details).toEqual({ note: 'theirs' });
    expect(merged(mine, at(theirs, '2026-12-06T00:00:00.000Z')).details).toEqual({ note: 'mine' });
    expect(merged(day(), at(theirs, '2026-12-06T00:00:00.000Z')).details).toEqual({ note: 'theirs' });
    // Never cleared by a file without one, and a day that matches is no change.
    expect(merged(mine, at(day(), '2026-12-08T00:00:00.000Z')).details).toEqual({ note: 'mine' });
    expect(mergeDays(new Map([[mine.date, mine]]), [at(mine, NOW)], new Map()).changed).toEqual([]);
  });

  it("keep the newer day's details whole where both together would pass their limit", () => {
    const half = 'x'.repeat(LIMITS.dayDetailsChars.max / 2);
    const mine: Day = { ...day(), details: { note: 'mine', laterKey: half } };
    const theirs: Day = { ...day(), details: { otherLaterKey: half }, updatedAt: '2026-12-08T00:00:00.000Z' };
    expect(merged(mine, theirs).details).toEqual({ otherLaterKey: half });
  });
});
