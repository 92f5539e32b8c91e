import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekdays } from '@/lib/diary/dates';
import { reminderOfPush, reminderTarget } from '@/lib/pwa/reminder-push';
import { madeWithKey } from '@/lib/pwa/reminders-client';
import { remindersSchema, type Reminders } from '@/lib/schemas/push';
import { dueFastEnd, dueReminders, localTime, REMINDER_LATE_MINUTES } from '@/lib/server/push/due';

const none: Reminders = remindersSchema.parse({});
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
const days = fc.subarray([...weekdays], { minLength: 1 });
const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2035-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const zone = fc.constantFrom('UTC', 'Europe/Moscow', 'America/New_York', 'Asia/Kathmandu', 'Pacific/Chatham');

describe('when a reminder is due', () => {
  it('reads the wall clock of the time zone', () => {
    // 23:30 UTC on a Saturday is already Sunday 02:30 in Moscow.
    expect(localTime(new Date('2026-11-28T23:30:00Z'), 'Europe/Moscow')).toEqual({
      date: '2026-11-29',
      weekday: 'sun',
      minutes: 150,
    });
    expect(localTime(new Date('2026-11-28T23:30:00Z'), 'UTC')).toEqual({
      date: '2026-11-28',
      weekday: 'sat',
      minutes: 1410,
    });
  });

  it('is due exactly from its time to an hour later, on its weekdays, for that local day', () => {
    fc.assert(
      fc.property(time, days, instant, zone, (at, on, now, timeZone) => {
        const local = localTime(now, timeZone);
        const late = local.minutes - (Number(at.slice(0, 2)) * 60 + Number(at.slice(3)));
        const due = dueReminders({ ...none, lunch: { time: at, days: on } }, timeZone, now);
        const expected = on.includes(local.weekday) && late >= 0 && late < REMINDER_LATE_MINUTES;
        expect(due).toEqual(expected ? [{ kind: 'lunch', date: local.date, sent: 'lunch' }] : []);
      }),
      { numRuns: 500 },
    );
  });

  it('is never due for a reminder that is off', () => {
    fc.assert(
      fc.property(instant, zone, (now, timeZone) => {
        expect(dueReminders(none, timeZone, now)).toEqual([]);
      }),
    );
  });

  it("is due for a fast from its plan's end to an hour later, for the local day the plan ended on", () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 10_080 }),
        fc.integer({ min: -120, max: 120 }),
        zone,
        (start, goalMinutes, lateMinutes, timeZone) => {
          const planEnd = start.getTime() + goalMinutes * 60_000;
          const now = new Date(planEnd + lateMinutes * 60_000 + 30_000);
          const fast = { start: start.toISOString(), goalMinutes };
          const due = dueFastEnd(fast, timeZone, now);
          const expected = lateMinutes >= 0 && lateMinutes < REMINDER_LATE_MINUTES;
          expect(due).toEqual(
            expected
              ? {
                  kind: 'fastEnd',
                  date: localTime(new Date(planEnd), timeZone).date,
                  sent: `fastEnd ${fast.start}`,
                }
              : null,
          );
        },
      ),
      { numRuns: 500 },
    );
    expect(dueFastEnd(null, 'UTC', new Date())).toBeNull();
    // A plan that ended at 23:50 in Moscow, told at 00:10: the day it ended on.
    expect(
      dueFastEnd(
        { start: '2026-11-27T04:50:00.000Z', goalMinutes: 960 },
        'Europe/Moscow',
        new Date('2026-11-27T21:10:00Z'),
      )?.date,
    ).toBe('2026-11-27');
  });
});

describe('a reminder as the service worker shows it', () => {
  it('shows what the server sent, and opens its page', () => {
    const shown = reminderOfPush(
      {
        title: 'Lunch',
        body: 'Log your lunch',
        url: '/dashboard?date=2026-11-28&add=lunch',
        tag: 'reminder-lunch-2026-11-28',
      },
      'Calorie Diary',
    );
    expect(shown).toMatchObject({
      title: 'Lunch',
      options: { body: 'Log your lunch', tag: 'reminder-lunch-2026-11-28' },
    });
    expect(reminderTarget(shown.options.data, 'https://diary.example')).toBe(
      'https://diary.example/dashboard?date=2026-11-28&add=lunch',
    );
  });

  it('shows something for any push, and never opens another site', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        const shown = reminderOfPush(data, 'Calorie Diary');
        expect(shown.title.length).toBeGreaterThan(0);
        expect(new URL(reminderTarget(shown.options.data, 'https://diary.example')).origin).toBe(
          'https://diary.example',
        );
      }),
    );
    for (const url of ['//evil.example/x', 'https://evil.example/', 'javascript:alert(1)'])
      expect(reminderTarget(reminderOfPush({ url }, 'x').options.data, 'https://diary.example')).toBe(
        'https://diary.example/dashboard',
      );
  });
});

describe('whether a push subscription was made with the server key', () => {
  const key = (seed: number) => Uint8Array.from({ length: 65 }, (_, index) => (index * 7 + seed) % 256);
  const made = (bytes: Uint8Array<ArrayBuffer> | null) => ({
    options: { applicationServerKey: bytes?.buffer ?? null, userVisibleOnly: true },
  });
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

  it('tells the same key from another one, as GET /api/push gives it (base64url, unpadded)', () => {
    expect(madeWithKey(made(key(4)), text(key(4)))).toBe(true);
    expect(madeWithKey(made(key(4)), `${Buffer.from(key(4)).toString('base64')}`)).toBe(true);
    expect(madeWithKey(made(key(4)), text(key(5)))).toBe(false);
    expect(madeWithKey(made(key(4)), text(key(4).slice(1)))).toBe(false);
    expect(madeWithKey(made(key(4)), 'not base64 at all!')).toBe(false);
  });

  it('takes a browser that does not tell the key at its word', () => {
    expect(madeWithKey(made(null), text(key(4)))).toBe(true);
  });
});
