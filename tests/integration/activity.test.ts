import { describe, expect, it } from 'vitest';
import { LIMITS } from '@/lib/limits';
import type { Activity } from '@/lib/schemas/activity';
import type { BatchAnswer, StatsResponse } from '@/lib/schemas/api';
import type { Day } from '@/lib/schemas/day';
import type { Settings } from '@/lib/schemas/settings';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';

const activity = (change: Partial<Activity> = {}): Activity => ({
  id: crypto.randomUUID(),
  kind: 'cyclingModerate',
  minutes: 45,
  kcal: 368,
  loggedAt: '2026-11-27T07:00:00.000Z',
  ...change,
});

describe.each(engines)('activities on $name', (engine) => {
  useDatabase(engine);

  it('logs, reads, repeats and deletes an activity beside the day’s entries', async () => {
    const { client } = await signUp();
    const ride = activity();
    const put = await client.put<Day>(`/api/days/2026-11-27/activities/${ride.id}`, ride);
    expect(put.status).toBe(200);
    // A day first written by an activity takes the goal in force, with nothing else in it.
    expect(put.body).toMatchObject({ goal: 2500, weight: null, water: 0, entries: [], activities: [ride] });
    // Sent again (a retry after a lost answer): still one.
    const again = await client.put<Day>(`/api/days/2026-11-27/activities/${ride.id}`, ride);
    expect(again.body.activities).toEqual([ride]);
    // An entry's one-statement write answers the day with its activities.
    const meal = entry();
    const withEntry = await client.put<Day>(`/api/days/2026-11-27/entries/${meal.id}`, meal);
    expect(withEntry.body).toMatchObject({ entries: [meal], activities: [ride] });
    const tracker = activity({
      kind: 'tracker',
      minutes: null,
      kcal: 620,
      loggedAt: '2026-11-27T21:00:00.000Z',
    });
    await client.put(`/api/days/2026-11-27/activities/${tracker.id}`, tracker);
    const read = await client.get<Day>('/api/days/2026-11-27');
    expect(read.body.activities).toEqual([ride, tracker]);
    const listed = await client.get<Day[]>('/api/days?from=2026-11-26&to=2026-11-28');
    expect(listed.body.map((day) => day.activities.length)).toEqual([2]);

    const deleted = await client.delete<Day>(`/api/days/2026-11-27/activities/${ride.id}`);
    expect(deleted.body).toMatchObject({ entries: [meal], activities: [tracker] });
    expect((await client.delete(`/api/days/2026-11-27/activities/${ride.id}`)).status).toBe(404);
    // Deleting from a day never written writes no day.
    expect((await client.delete(`/api/days/2026-11-20/activities/${ride.id}`)).status).toBe(404);
    expect((await client.get('/api/days/2026-11-20')).status).toBe(404);
  });

  it('refuses what is out of range or malformed, naming the field, and writes nothing', async () => {
    const { client } = await signUp();
    const path = (item: { id: string }) => `/api/days/2026-11-27/activities/${item.id}`;
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ kcal: 0 }, 'kcal'],
      [{ kcal: LIMITS.activityKcal.max + 1 }, 'kcal'],
      [{ kcal: 100.5 }, 'kcal'],
      [{ kcal: '300' }, 'kcal'],
      [{ minutes: 0 }, 'minutes'],
      [{ minutes: LIMITS.activityMinutes.max + 1 }, 'minutes'],
      [{ kind: '<img src=x>' }, 'kind'],
      [{ kind: 'x'.repeat(41) }, 'kind'],
      [{ kind: 'other' }, 'name'],
      [{ kind: 'other', name: '   ' }, 'name'],
      [{ loggedAt: 'yesterday' }, 'loggedAt'],
    ];
    for (const [change, field] of bad) {
      const item = { ...activity(), ...change };
      const refused = await client.put(path(item), item);
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.issues, JSON.stringify(change)).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: field })]),
      );
    }
    const item = activity();
    expect((await client.put(path({ id: crypto.randomUUID() }), item)).status).toBe(400);
    expect((await client.put('/api/days/2026-11-27/activities/not-a-uuid', item)).status).toBe(400);
    expect((await client.put(`/api/days/2026-02-30/activities/${item.id}`, item)).status).toBe(400);
    expect((await client.get('/api/days/2026-11-27')).status).toBe(404);
  });

  it('keeps every activity of parallel writes, up to the day’s limit and not one past it', async () => {
    const { client } = await signUp();
    const many = Array.from({ length: LIMITS.activitiesPerDay.max + 5 }, () => activity());
    const answers = await Promise.all(
      many.map((item) => client.put(`/api/days/2026-11-27/activities/${item.id}`, item)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LIMITS.activitiesPerDay.max);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(refused[0]!.body).toMatchObject({ field: 'activities' });
    const day = (await client.get<Day>('/api/days/2026-11-27')).body;
    expect(day.activities).toHaveLength(LIMITS.activitiesPerDay.max);
  });

  it('keeps what parallel writes of a day not written yet each wrote', async () => {
    const { client } = await signUp();
    for (const date of ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05']) {
      const ride = activity();
      const meal = entry();
      await Promise.all([
        client.patch(`/api/days/${date}`, { water: 500 }),
        client.put(`/api/days/${date}/activities/${ride.id}`, ride),
        client.patch(`/api/days/${date}`, { weight: 70 }),
        client.put(`/api/days/${date}/entries/${meal.id}`, meal),
      ]);
      const day = (await client.get<Day>(`/api/days/${date}`)).body;
      expect(day, date).toMatchObject({ water: 500, weight: 70, activities: [ride], entries: [meal] });
    }
  });

  it('keeps one account’s activities from another', async () => {
    const owner = await signUp();
    const other = await signUp();
    const ride = activity();
    await owner.client.put(`/api/days/2026-11-27/activities/${ride.id}`, ride);
    expect((await other.client.delete(`/api/days/2026-11-27/activities/${ride.id}`)).status).toBe(404);
    expect((await owner.client.get<Day>('/api/days/2026-11-27')).body.activities).toEqual([ride]);
    // The same id in another account is that account's own.
    const theirs = await other.client.put<Day>(`/api/days/2026-11-27/activities/${ride.id}`, {
      ...ride,
      kcal: 1,
    });
    expect(theirs.body.activities).toEqual([{ ...ride, kcal: 1 }]);
    expect((await owner.client.get<Day>('/api/days/2026-11-27')).body.activities).toEqual([ride]);
  });

  it('takes activities in a batch, in order, with the day’s other changes', async () => {
    const { client } = await signUp();
    const walk = activity({ kind: 'walking' });
    const swim = activity({ kind: 'swimmingModerate', loggedAt: '2026-11-27T18:00:00.000Z' });
    const answer = await client.post<BatchAnswer>('/api/batch', {
      changes: [
        { date: '2026-11-27', change: { kind: 'putActivity', activity: walk } },
        { date: '2026-11-27', change: { kind: 'setWater', water: 500 } },
        { date: '2026-11-27', change: { kind: 'putActivity', activity: swim } },
        { date: '2026-11-27', change: { kind: 'deleteActivity', activityId: walk.id } },
      ],
    });
    expect(answer.body).toMatchObject({ done: 4, failed: null });
    expect(answer.body.days).toEqual([expect.objectContaining({ water: 500, activities: [swim] })]);
  });

  it('sums each day’s activity for the stats, as the week’s budget needs it', async () => {
    const { client } = await signUp();
    for (const kcal of [300, 150]) {
      const item = activity({ kcal });
      await client.put(`/api/days/2026-11-24/activities/${item.id}`, item);
    }
    await client.patch('/api/days/2026-11-25', { water: 250 });
    const stats = await client.get<StatsResponse>(
      '/api/stats?from=2026-11-23&to=2026-11-26&today=2026-11-26',
    );
    expect(stats.body.days.map((day) => day.activity)).toEqual([0, 450, 0, 0]);
  });

  it('keeps the share of activity in the budget within 0-100 %', async () => {
    const { client } = await signUp();
    expect((await client.get<Settings>('/api/settings')).body.activityShare).toBe(100);
    const set = await client.patch<Settings>('/api/settings', { activityShare: 50 });
    expect(set.body.activityShare).toBe(50);
    for (const bad of [-1, 101, 33.3, '50', null])
      expect((await client.patch('/api/settings', { activityShare: bad })).status, String(bad)).toBe(400);
    expect((await client.get<Settings>('/api/settings')).body.activityShare).toBe(50);
  });
});
