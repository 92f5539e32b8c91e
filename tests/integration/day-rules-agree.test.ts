import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import type { DiaryRepository } from '@/lib/data/types';
import { LIMITS } from '@/lib/limits';
import type { Activity } from '@/lib/schemas/activity';
import type { Day, DayDetailsPatch } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { signUp } from '../support/api-client';
import { entryArb } from '../support/arbitraries';
import { engines, useDatabase } from '../support/database';
import { MemoryStorage } from '../support/memory-storage';
import { Device } from '../support/offline-device';

// One book of day rules (lib/diary/day-rules.ts): the same changes, made in a guest's browser,
// in an account's browser offline (then sent), and straight to the server, give the same days,
// and the same changes are refused everywhere. A day's updatedAt is each store's own version
// stamp and is left out.

const DATES = ['2026-11-20', '2026-11-21'] as const;

type Change =
  | { kind: 'put'; day: number; entry: Entry; again: number | null }
  | { kind: 'delete'; day: number; pick: number }
  | { kind: 'weight'; day: number; weight: number | null }
  | { kind: 'goal'; day: number; goal: number }
  | { kind: 'activity'; day: number; activity: Activity }
  | { kind: 'unactivity'; day: number; pick: number }
  | { kind: 'note'; day: number; note: string | null }
  | { kind: 'details'; day: number; details: DayDetailsPatch };

// Values around and past each limit, so refusals are exercised as often as writes.
const weightArb = fc.oneof(
  fc.constant(null),
  fc.constantFrom(LIMITS.weightKg.min, LIMITS.weightKg.max, LIMITS.weightKg.max + 0.1, 71.4),
);
const goalArb = fc.constantFrom(LIMITS.goalKcal.min, LIMITS.goalKcal.max, LIMITS.goalKcal.max + 1, 1800);
const activityArb: fc.Arbitrary<Activity> = fc.record({
  id: fc.constant('00000000-0000-4000-8000-000000000000'),
  kind: fc.constantFrom('runningModerate', 'tracker', 'other', 'Bad kind'),
  name: fc.option(fc.constant('Lasertag'), { nil: undefined }),
  minutes: fc.constantFrom(null, LIMITS.activityMinutes.min, LIMITS.activityMinutes.max + 1, 30),
  kcal: fc.constantFrom(LIMITS.activityKcal.min, LIMITS.activityKcal.max, LIMITS.activityKcal.max + 1, 308),
  loggedAt: fc
    .integer({ min: 0, max: 86_399 })
    .map((seconds) => new Date(Date.parse('2026-11-20T00:00:00Z') + seconds * 1000).toISOString()),
});
const storedEntryArb = entryArb.map((entry) => ({
  ...entry,
  // A food of the library must exist on the server; a catalog reference or none need not.
  food: typeof entry.food === 'number' ? null : entry.food,
}));
const changeArb: fc.Arbitrary<Change> = fc.oneof(
  fc.record({
    kind: fc.constant('put' as const),
    day: fc.nat(1),
    entry: storedEntryArb,
    // Now and then the entry is an earlier one of the day, changed.
    again: fc.option(fc.nat(), { nil: null }),
  }),
  fc.record({ kind: fc.constant('delete' as const), day: fc.nat(1), pick: fc.nat() }),
  fc.record({ kind: fc.constant('weight' as const), day: fc.nat(1), weight: weightArb }),
  fc.record({ kind: fc.constant('goal' as const), day: fc.nat(1), goal: goalArb }),
  fc.record({ kind: fc.constant('activity' as const), day: fc.nat(1), activity: activityArb }),
  fc.record({ kind: fc.constant('unactivity' as const), day: fc.nat(1), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('note' as const),
    day: fc.nat(1),
    note: fc.constantFrom(
      null,
      '',
      '  ',
      ' Поздний ужин ',
      'a\u0000b',
      'n'.repeat(LIMITS.dayNoteLength.max + 1),
    ),
  }),
  fc.record({
    kind: fc.constant('details' as const),
    day: fc.nat(1),
    // The figures a day's details hold, alone or together, a bad one refusing the patch whole.
    details: fc.record(
      {
        steps: fc.constantFrom(null, 0, 9_500, LIMITS.daySteps.max, LIMITS.daySteps.max + 1, -1, 12.5),
        waist: fc.constantFrom(null, 82.55, LIMITS.circumferenceCm.min, LIMITS.circumferenceCm.max + 0.1),
        neck: fc.constantFrom(null, 38),
        bodyFat: fc.constantFrom(null, 18.5, LIMITS.bodyFatPercent.max, LIMITS.bodyFatPercent.min - 0.5),
      },
      { requiredKeys: [] },
    ),
  }),
);

/** What a change does, made concrete once for every store. */
type Step =
  | { kind: 'put'; date: string; entry: Entry }
  | { kind: 'delete'; date: string; id: string }
  | { kind: 'weight'; date: string; weight: number | null }
  | { kind: 'goal'; date: string; goal: number }
  | { kind: 'activity'; date: string; activity: Activity }
  | { kind: 'unactivity'; date: string; id: string }
  | { kind: 'note'; date: string; note: string | null }
  | { kind: 'details'; date: string; details: DayDetailsPatch }
  | { kind: 'none' };

/**
 * The step of `change` on a day holding `held`, as the app makes them: a new entry has an id of
 * its own (a UUID made for it), and an entry changed again is stamped later than the version it
 * replaces (its time is how devices tell versions apart).
 */
function stepOf(change: Change, day: Day | null): Step {
  const date = DATES[change.day]!;
  const held = day?.entries ?? [];
  switch (change.kind) {
    case 'activity':
      return { kind: 'activity', date, activity: { ...change.activity, id: crypto.randomUUID() } };
    case 'unactivity': {
      const activities = day?.activities ?? [];
      const target = activities[change.pick % (activities.length || 1)];
      return target ? { kind: 'unactivity', date, id: target.id } : { kind: 'none' };
    }
    case 'put': {
      const earlier = change.again === null ? undefined : held[change.again % (held.length || 1)];
      if (!earlier) return { kind: 'put', date, entry: { ...change.entry, id: crypto.randomUUID() } };
      const later = new Date(Date.parse(earlier.updatedAt) + 1000).toISOString();
      return { kind: 'put', date, entry: { ...change.entry, id: earlier.id, updatedAt: later } };
    }
    case 'delete': {
      const target = held[change.pick % (held.length || 1)];
      return target ? { kind: 'delete', date, id: target.id } : { kind: 'none' };
    }
    default:
      return { ...change, date };
  }
}

/** Makes the step in `repository`; answers whether it was refused. */
async function apply(repository: DiaryRepository, step: Step): Promise<boolean> {
  try {
    if (step.kind === 'put') await repository.changeDay(step.date, { kind: 'putEntry', entry: step.entry });
    else if (step.kind === 'delete')
      await repository.changeDay(step.date, { kind: 'deleteEntry', entryId: step.id });
    else if (step.kind === 'weight')
      await repository.changeDay(step.date, { kind: 'setWeight', weight: step.weight });
    else if (step.kind === 'goal')
      await repository.changeDay(step.date, { kind: 'setGoal', goal: step.goal });
    else if (step.kind === 'activity')
      await repository.changeDay(step.date, { kind: 'putActivity', activity: step.activity });
    else if (step.kind === 'unactivity')
      await repository.changeDay(step.date, { kind: 'deleteActivity', activityId: step.id });
    else if (step.kind === 'note')
      await repository.changeDay(step.date, { kind: 'setDetails', details: { note: step.note } });
    else if (step.kind === 'details')
      await repository.changeDay(step.date, { kind: 'setDetails', details: step.details });
    return false;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if ((error as Error).name === 'InvalidDataError' || status === 400) return true;
    throw error;
  }
}

const withoutVersion = (day: Day | null) => day && { ...day, updatedAt: undefined };

describe.each(engines)('the day rules on $name', (engine) => {
  useDatabase(engine);

  it('give the same days in the guest store, offline, and on the server, and refuse alike', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(changeArb, { minLength: 1, maxLength: 10 }), async (changes) => {
        const guest = new GuestRepository(new MemoryStorage());
        const offlineAccount = await signUp();
        const onlineAccount = await signUp();
        const offline = await Device.open(
          offlineAccount.client,
          offlineAccount.user.id,
          `o-${Math.random()}`,
        );
        const online = await Device.open(onlineAccount.client, onlineAccount.user.id, `s-${Math.random()}`);
        await offline.use(async (repository) => {
          await repository.getSettings();
          offline.online = false;
        });

        for (const change of changes) {
          // Earlier entries are picked by their place in the guest's day, the same in every store.
          const step = stepOf(change, await guest.getDay(DATES[change.day]!));
          const refused = await apply(guest, step);
          expect(await offline.use((repository) => apply(repository, step))).toBe(refused);
          expect(await online.use((repository) => apply(repository, step))).toBe(refused);
        }

        // A day this browser never wrote nor saw cannot be read offline (an error, not an empty
        // day); it is no day here.
        const shownOffline = await offline.use((repository) =>
          Promise.all(DATES.map((date) => repository.getDay(date).catch(() => null))),
        );
        offline.online = true;
        await offline.use((repository) => repository.sync());
        for (const [index, date] of DATES.entries()) {
          const expected = withoutVersion(await guest.getDay(date));
          expect(withoutVersion(shownOffline[index] ?? null)).toEqual(expected);
          for (const { client } of [offlineAccount, onlineAccount]) {
            const stored = await client.get(`/api/days/${date}`);
            expect(stored.status === 404 ? null : withoutVersion(stored.body)).toEqual(expected);
          }
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 8) },
    );
  }, 240_000);
});
