import { describe, expect, it } from 'vitest';
import type { StatsResponse } from '@/lib/schemas/api';
import type { Day } from '@/lib/schemas/day';
import type { Food } from '@/lib/schemas/food';
import type { Settings } from '@/lib/schemas/settings';
import { signUp } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry, oats } from '../support/fixtures';

describe.each(engines)('diary API on $name', (engine) => {
  useDatabase(engine);

  describe('foods', () => {
    it('creates with integer ids, lists by id, updates partially and deletes', async () => {
      const { client } = await signUp();
      const first = await client.post<Food>('/api/foods', oats);
      expect(first.status).toBe(201);
      expect(Number.isInteger(first.body.id)).toBe(true);
      expect(first.body).toMatchObject({ ...oats, createdAt: first.body.updatedAt });
      const second = await client.post<Food>('/api/foods', {
        name: 'Kefir',
        kcal: 50,
        protein: 3,
        fat: 2.5,
        carbs: 4,
      });
      expect(second.body).toMatchObject({ brand: null, serving: null, favorite: false });
      expect(second.body.id).toBeGreaterThan(first.body.id);

      const list = await client.get<Food[]>('/api/foods');
      expect(list.body.map((food) => food.id)).toEqual([first.body.id, second.body.id]);

      const patched = await client.patch<Food>(`/api/foods/${first.body.id}`, {
        favorite: true,
        brand: 'Nordic',
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ ...oats, favorite: true, brand: 'Nordic', id: first.body.id });
      expect(Date.parse(patched.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.body.updatedAt));

      // Merged onto the stored food, then checked whole: 60 g of fat on top of 73 g of the rest is too much.
      const tooMuch = await client.patch(`/api/foods/${first.body.id}`, { fat: 60 });
      expect(tooMuch).toMatchObject({
        status: 400,
        body: { error: 'invalid', field: 'carbs', issues: [{ message: 'macroSum' }] },
      });

      expect((await client.delete(`/api/foods/${first.body.id}`)).status).toBe(204);
      expect((await client.get<Food[]>('/api/foods')).body.map((food) => food.id)).toEqual([second.body.id]);
      expect(await client.delete(`/api/foods/${first.body.id}`)).toMatchObject({
        status: 404,
        body: { error: 'notFound' },
      });
      expect((await client.patch(`/api/foods/${first.body.id}`, { favorite: true })).status).toBe(404);
    });

    it('answers 409 with the current food on a stale update or delete, and writes nothing', async () => {
      const { client } = await signUp();
      const created = (await client.post<Food>('/api/foods', oats)).body;
      const updated = (
        await client.patch<Food>(`/api/foods/${created.id}`, { kcal: 380, baseUpdatedAt: created.updatedAt })
      ).body;
      expect(updated.kcal).toBe(380);

      const stale = await client.patch(`/api/foods/${created.id}`, {
        kcal: 999,
        baseUpdatedAt: created.updatedAt,
      });
      expect(stale).toMatchObject({ status: 409, body: { error: 'conflict', current: updated } });
      const staleDelete = await client.delete(
        `/api/foods/${created.id}?baseUpdatedAt=${encodeURIComponent(created.updatedAt)}`,
      );
      expect(staleDelete).toMatchObject({ status: 409, body: { current: updated } });
      expect((await client.get<Food[]>('/api/foods')).body).toEqual([updated]);

      const fresh = await client.delete(
        `/api/foods/${created.id}?baseUpdatedAt=${encodeURIComponent(updated.updatedAt)}`,
      );
      expect(fresh.status).toBe(204);
    });
  });

  describe('days and entries', () => {
    it('creates a day with the current goal on the first entry and answers the whole day', async () => {
      const { client } = await signUp();
      await client.patch('/api/settings', { currentGoal: 2100 });
      const breakfast = entry({ loggedAt: '2026-11-22T08:00:00.000Z' });
      const put = await client.put<Day>(`/api/days/2026-11-22/entries/${breakfast.id}`, breakfast);
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({ date: '2026-11-22', goal: 2100, weight: null, entries: [breakfast] });

      // Changing the goal later never rewrites the day.
      await client.patch('/api/settings', { currentGoal: 1800 });
      const lunch = entry({
        meal: 'lunch',
        name: 'Soup',
        kcal: 200,
        loggedAt: '2026-11-22T12:00:00.000Z',
        food: 'c:borscht',
      });
      const day = (await client.put<Day>(`/api/days/2026-11-22/entries/${lunch.id}`, lunch)).body;
      expect(day.goal).toBe(2100);
      expect(day.entries).toEqual([breakfast, lunch]);
      expect(Date.parse(day.updatedAt)).toBeGreaterThanOrEqual(Date.parse(put.body.updatedAt));
      expect((await client.get<Day>('/api/days/2026-11-22')).body).toEqual(day);

      const edited = { ...breakfast, amount: 200, kcal: 740, updatedAt: '2026-11-22T09:00:00.000Z' };
      const replaced = (await client.put<Day>(`/api/days/2026-11-22/entries/${breakfast.id}`, edited)).body;
      expect(replaced.entries).toEqual([edited, lunch]);

      const afterDelete = await client.delete<Day>(`/api/days/2026-11-22/entries/${lunch.id}`);
      expect(afterDelete.status).toBe(200);
      expect(afterDelete.body.entries).toEqual([edited]);
      expect((await client.delete(`/api/days/2026-11-22/entries/${lunch.id}`)).status).toBe(404);
      expect((await client.get('/api/days/2026-11-23')).status).toBe(404);
    });

    it('sets and clears the weight, creating the day when absent', async () => {
      const { client } = await signUp();
      const set = await client.patch<Day>('/api/days/2026-01-05', { weight: 81.4 });
      expect(set.body).toMatchObject({ date: '2026-01-05', goal: 2500, weight: 81.4, entries: [] });
      const goal = await client.patch<Day>('/api/days/2026-01-05', { goal: 2000 });
      expect(goal.body).toMatchObject({ goal: 2000, weight: 81.4 });
      const cleared = await client.patch<Day>('/api/days/2026-01-05', { weight: null });
      expect(cleared.body).toMatchObject({ goal: 2000, weight: null });
    });

    it('keeps a day’s water in whole ml beside its weight and entries, and refuses any other', async () => {
      const { client } = await signUp();
      const item = entry();
      await client.put(`/api/days/2026-01-06/entries/${item.id}`, item);
      const set = await client.patch<Day>('/api/days/2026-01-06', { water: 750 });
      expect(set.body).toMatchObject({ water: 750, weight: null, entries: [item] });
      const weighed = await client.patch<Day>('/api/days/2026-01-06', { weight: 80 });
      expect(weighed.body).toMatchObject({ water: 750, weight: 80 });
      for (const bad of [-1, 237.5, 20_001, '750', null]) {
        const refused = await client.patch('/api/days/2026-01-06', { water: bad });
        expect(refused.status, JSON.stringify(bad)).toBe(400);
        expect(refused.body, JSON.stringify(refused.body)).toMatchObject({
          field: 'water',
          issues: [expect.objectContaining({ path: 'water' })],
        });
      }
      const read = await client.get<Day>('/api/days/2026-01-06');
      expect(read.body).toMatchObject({ water: 750, weight: 80 });
      // A day of water alone is written with the goal in force and no entries.
      const fresh = await client.patch<Day>('/api/days/2026-01-07', { water: 20_000 });
      expect(fresh.body).toMatchObject({ goal: 2500, water: 20_000, entries: [] });
      const listed = await client.get<Day[]>('/api/days?from=2026-01-06&to=2026-01-07');
      expect(listed.body.map((day) => day.water)).toEqual([750, 20_000]);
    });

    it('keeps a day’s note beside its other fields, refuses one too long by name, and removes one by null', async () => {
      const { client } = await signUp();
      const item = entry();
      await client.put(`/api/days/2026-01-08/entries/${item.id}`, item);
      await client.patch('/api/days/2026-01-08', { water: 500 });
      const noted = await client.patch<Day>('/api/days/2026-01-08', {
        details: { note: '  Ужин в гостях.\nSlept 6 h.  ' },
      });
      expect(noted.status).toBe(200);
      expect(noted.body).toMatchObject({
        water: 500,
        entries: [item],
        details: { note: 'Ужин в гостях.\nSlept 6 h.' },
      });
      // An entry written in one statement (decision 0033) answers the day with its note too.
      const other = entry();
      const put = await client.put<Day>(`/api/days/2026-01-08/entries/${other.id}`, other);
      expect(put.body.details).toEqual({ note: 'Ужин в гостях.\nSlept 6 h.' });
      for (const bad of [{ note: 'x'.repeat(100_000) }, { note: 42 }, { mood: 'ok' }, 'note']) {
        const refused = await client.patch('/api/days/2026-01-08', { details: bad });
        expect(refused.status, JSON.stringify(bad).slice(0, 40)).toBe(400);
      }
      const tooLong = await client.patch('/api/days/2026-01-08', { details: { note: 'x'.repeat(100_000) } });
      expect(tooLong.body).toMatchObject({ field: 'details.note' });
      expect((await client.get<Day>('/api/days/2026-01-08')).body.details).toEqual({
        note: 'Ужин в гостях.\nSlept 6 h.',
      });
      const removed = await client.patch<Day>('/api/days/2026-01-08', { details: { note: null } });
      expect(removed.body).not.toHaveProperty('details');
      expect(removed.body).toMatchObject({ water: 500 });
      // A day of a note alone is written with the goal in force.
      const fresh = await client.patch<Day>('/api/days/2026-01-09', { details: { note: 'Fasted' } });
      expect(fresh.body).toMatchObject({ goal: 2500, entries: [], details: { note: 'Fasted' } });
      const listed = await client.get<Day[]>('/api/days?from=2026-01-08&to=2026-01-09');
      expect(listed.body.map((day) => day.details?.note ?? null)).toEqual([null, 'Fasted']);
      // Half an emoji (a lone UTF-16 surrogate), which PostgreSQL's JSON refuses, is kept as U+FFFD.
      const cut = await client.patch<Day>('/api/days/2026-01-10', { details: { note: 'ate \uD83C' } });
      expect(cut.status).toBe(200);
      expect(cut.body.details).toEqual({ note: 'ate \uFFFD' });
    });

    it('keeps a day’s steps beside its note, answers them in the stats, and keeps a goal for them', async () => {
      const { client } = await signUp();
      await client.patch('/api/days/2026-01-08', { details: { note: 'Hike' } });
      const walked = await client.patch<Day>('/api/days/2026-01-08', { details: { steps: 23_456 } });
      expect(walked.body.details).toEqual({ note: 'Hike', steps: 23_456 });
      await client.patch('/api/days/2026-01-10', { details: { steps: 4_000 } });
      for (const bad of [-1, 1.5, 200_001, '9000', null]) {
        const refused = await client.patch('/api/days/2026-01-09', { details: { steps: bad } });
        // null removes steps a day does not have: nothing to refuse, nothing written.
        if (bad === null) continue;
        expect(refused.status, String(bad)).toBe(400);
        expect(refused.body).toMatchObject({ field: 'details.steps' });
      }
      const stats = await client.get<StatsResponse>('/api/stats?from=2026-01-08&to=2026-01-10');
      expect(stats.body.days.map((day) => day.steps)).toEqual([23_456, null, 4_000]);
      expect(stats.body.steps).toEqual({ days: 2, average: 13_728 });
      const removed = await client.patch<Day>('/api/days/2026-01-08', { details: { steps: null } });
      expect(removed.body.details).toEqual({ note: 'Hike' });

      expect((await client.get<Settings>('/api/settings')).body.stepsGoal).toBe(10_000);
      expect((await client.patch<Settings>('/api/settings', { stepsGoal: 8_000 })).body.stepsGoal).toBe(
        8_000,
      );
      expect((await client.patch<Settings>('/api/settings', { stepsGoal: null })).body.stepsGoal).toBeNull();
      for (const bad of [999, 100_001, 7_500.5]) {
        const refused = await client.patch('/api/settings', { stepsGoal: bad });
        expect(refused.status, String(bad)).toBe(400);
      }
      // Whether their walking adds to the day's budget: off until asked for, a boolean only.
      expect((await client.get<Settings>('/api/settings')).body.stepsInBudget).toBe(false);
      expect(
        (await client.patch<Settings>('/api/settings', { stepsInBudget: true })).body.stepsInBudget,
      ).toBe(true);
      for (const bad of ['yes', 1, null]) {
        const refused = await client.patch('/api/settings', { stepsInBudget: bad });
        expect(refused.status, String(bad)).toBe(400);
      }
      expect((await client.get<Settings>('/api/settings')).body.stepsInBudget).toBe(true);
    });

    it('keeps body measurements key by key, refuses one out of range whole, and charts each', async () => {
      const { client } = await signUp();
      await client.patch('/api/days/2026-02-01', { details: { note: 'Tape day', waist: 84.5, bodyFat: 22 } });
      const second = await client.patch<Day>('/api/days/2026-02-01', { details: { hips: 101, waist: 84 } });
      expect(second.body.details).toEqual({ note: 'Tape day', waist: 84, hips: 101, bodyFat: 22 });
      await client.patch('/api/days/2026-02-15', { details: { waist: 82.2, neck: 38 } });
      for (const bad of [
        { waist: 9.9 },
        { chest: 301 },
        { bodyFat: 1 },
        { neck: '38' },
        { waist: 80, bodyFat: 76 },
      ]) {
        const refused = await client.patch('/api/days/2026-02-15', { details: bad });
        expect(refused.status, JSON.stringify(bad)).toBe(400);
        expect(refused.body.field).toMatch(/^details\.(waist|chest|bodyFat|neck)$/);
      }
      // The refused patch wrote nothing, its good waist neither.
      expect((await client.get<Day>('/api/days/2026-02-15')).body.details).toEqual({ waist: 82.2, neck: 38 });
      const stats = await client.get<StatsResponse>('/api/stats?from=2026-01-31&to=2026-02-20');
      expect(stats.body.measures).toEqual([
        { date: '2026-02-01', waist: 84, hips: 101, bodyFat: 22 },
        { date: '2026-02-15', waist: 82.2, neck: 38 },
      ]);
      // A day with only a note has none to chart.
      await client.patch('/api/days/2026-02-16', { details: { note: 'no tape' } });
      expect(
        (await client.get<StatsResponse>('/api/stats?from=2026-02-16&to=2026-02-16')).body.measures,
      ).toEqual([]);
    });

    it('starts a day with its weekday’s goal where one is set, by either way of writing it', async () => {
      const { client } = await signUp();
      const set = await client.patch<Settings>('/api/settings', {
        currentGoal: 2000,
        weekdayGoals: { sat: 2600, sun: 2700 },
      });
      expect(set.body.weekdayGoals).toEqual({ sat: 2600, sun: 2700 });
      // 2026-11-28 is a Saturday: an entry's one-statement write; 2026-11-29 a Sunday, by a weight.
      const item = entry();
      const saturday = await client.put<Day>(`/api/days/2026-11-28/entries/${item.id}`, item);
      expect(saturday.body.goal).toBe(2600);
      const sunday = await client.patch<Day>('/api/days/2026-11-29', { weight: 70 });
      expect(sunday.body.goal).toBe(2700);
      const other = entry();
      const monday = await client.put<Day>(`/api/days/2026-11-30/entries/${other.id}`, other);
      expect(monday.body.goal).toBe(2000);
      // A day keeps the goal it was written with when the weekday's goal changes later.
      await client.patch('/api/settings', { weekdayGoals: {} });
      expect((await client.get<Day>('/api/days/2026-11-28')).body.goal).toBe(2600);
      for (const bad of [{ fri: 499 }, { fri: 2000.5 }, { funday: 2000 }, { sat: '2600' }, []])
        expect((await client.patch('/api/settings', { weekdayGoals: bad })).status).toBe(400);
    });

    it('lists written days of a range in date order', async () => {
      const { client } = await signUp();
      for (const date of ['2026-03-03', '2026-03-01', '2026-04-01']) {
        const item = entry();
        await client.put(`/api/days/${date}/entries/${item.id}`, item);
      }
      const list = await client.get<Day[]>('/api/days?from=2026-03-01&to=2026-03-31');
      expect(list.body.map((day) => day.date)).toEqual(['2026-03-01', '2026-03-03']);
      expect(list.body.every((day) => day.entries.length === 1)).toBe(true);
    });

    it('treats the same entry sent again as a no-op', async () => {
      const { client } = await signUp();
      const item = entry();
      const first = (await client.put<Day>(`/api/days/2026-11-22/entries/${item.id}`, item)).body;
      // A retry after a lost answer still carries the base the first write was made on.
      const retry = await client.put<Day>(`/api/days/2026-11-22/entries/${item.id}`, {
        ...item,
        baseUpdatedAt: null,
      });
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first);
      const same = await client.put<Day>(`/api/days/2026-11-22/entries/${item.id}`, {
        ...item,
        loggedAt: '2026-11-22T11:00:00+03:00',
      });
      expect(same.body.updatedAt).toBe(first.updatedAt);
    });

    it('moves an entry put on another date, and marks both days changed', async () => {
      const { client } = await signUp();
      const item = entry();
      const stay = entry({ name: 'Tea', loggedAt: '2026-11-21T07:00:00.000Z' });
      await client.put(`/api/days/2026-11-21/entries/${stay.id}`, stay);
      const before = (await client.put<Day>(`/api/days/2026-11-21/entries/${item.id}`, item)).body;
      expect(before.entries).toEqual([stay, item]);
      await new Promise((resolve) => setTimeout(resolve, 5));

      const moved = { ...item, updatedAt: '2026-11-22T09:00:00.000Z' };
      const day = await client.put<Day>(`/api/days/2026-11-22/entries/${item.id}`, moved);
      expect(day.status).toBe(200);
      expect(day.body).toMatchObject({ date: '2026-11-22', entries: [moved] });
      const left = (await client.get<Day>('/api/days/2026-11-21')).body;
      expect(left.entries).toEqual([stay]);
      expect(Date.parse(left.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    });

    it('keeps every one of many concurrent writes to one day, and answers each with a whole day', async () => {
      const { client } = await signUp();
      const items = Array.from({ length: 16 }, (_, index) =>
        entry({ name: `Item ${index}`, loggedAt: `2026-11-22T08:${String(index).padStart(2, '0')}:00.000Z` }),
      );
      const answers = await Promise.all(
        items.map((item) => client.put<Day>(`/api/days/2026-11-22/entries/${item.id}`, item)),
      );
      for (const [index, answer] of answers.entries()) {
        expect(answer.status).toBe(200);
        expect(answer.body.entries).toContainEqual(items[index]);
      }
      // The latest answer is the stored day, and each answer lists the entries of the earlier ones.
      const stored = (await client.get<Day>('/api/days/2026-11-22')).body;
      expect(stored.entries).toEqual(items);
      const byTime = answers.map((answer) => answer.body).sort((a, b) => a.entries.length - b.entries.length);
      expect(byTime.map((day) => day.entries.length)).toEqual(items.map((_, index) => index + 1));
      expect(byTime.at(-1)).toEqual(stored);
    });

    it('lets one of many concurrent writes on the same base through and refuses the rest', async () => {
      const { client } = await signUp();
      const first = entry();
      const day = (await client.put<Day>(`/api/days/2026-11-22/entries/${first.id}`, first)).body;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const items = Array.from({ length: 8 }, (_, index) => entry({ name: `Item ${index}` }));
      const answers = await Promise.all(
        items.map((item) =>
          client.put<Day>(`/api/days/2026-11-22/entries/${item.id}`, {
            ...item,
            baseUpdatedAt: day.updatedAt,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(7).fill(409)]);
      const stored = (await client.get<Day>('/api/days/2026-11-22')).body;
      expect(stored.entries).toHaveLength(2);
      for (const answer of answers.filter((answer) => answer.status === 409)) {
        expect(answer.body).toMatchObject({ error: 'conflict', current: stored });
      }
    });

    it('answers 409 with the current day on a stale write, and writes nothing', async () => {
      const { client } = await signUp();
      const one = entry();
      const day = (
        await client.put<Day>(`/api/days/2026-11-22/entries/${one.id}`, { ...one, baseUpdatedAt: null })
      ).body;
      const two = entry({ name: 'Tea' });
      const fresh = (
        await client.put<Day>(`/api/days/2026-11-22/entries/${two.id}`, {
          ...two,
          baseUpdatedAt: day.updatedAt,
        })
      ).body;

      const three = entry({ name: 'Cake' });
      const stale = await client.put(`/api/days/2026-11-22/entries/${three.id}`, {
        ...three,
        baseUpdatedAt: day.updatedAt,
      });
      expect(stale).toMatchObject({ status: 409, body: { error: 'conflict', current: fresh } });
      const believedNew = await client.put(`/api/days/2026-11-22/entries/${three.id}`, {
        ...three,
        baseUpdatedAt: null,
      });
      expect(believedNew.status).toBe(409);
      const staleWeight = await client.patch('/api/days/2026-11-22', {
        weight: 70,
        baseUpdatedAt: day.updatedAt,
      });
      expect(staleWeight).toMatchObject({ status: 409, body: { current: fresh } });
      expect((await client.get('/api/days/2026-11-22')).body).toEqual(fresh);

      const weighed = await client.patch<Day>('/api/days/2026-11-22', {
        weight: 70,
        baseUpdatedAt: fresh.updatedAt,
      });
      expect(weighed.body.weight).toBe(70);
    });
  });

  describe('settings', () => {
    it('patches only the fields sent, keeps the account email, and refuses stale writes', async () => {
      const { client, email } = await signUp();
      const before = (await client.get<Settings>('/api/settings')).body;
      const dark = await client.patch<Settings>('/api/settings', {
        theme: 'dark',
        bottomNav: false,
        email: 'other@example.com',
      });
      expect(dark.body).toMatchObject({ theme: 'dark', bottomNav: false, email, name: before.name });

      // Fields left out keep their values (the shared patch schema would default bottomNav to true).
      const renamed = await client.patch<Settings>('/api/settings', {
        name: 'Grace',
        baseUpdatedAt: dark.body.updatedAt,
      });
      expect(renamed.body).toMatchObject({ name: 'Grace', theme: 'dark', bottomNav: false });

      const stale = await client.patch('/api/settings', { name: 'Lost', baseUpdatedAt: dark.body.updatedAt });
      expect(stale).toMatchObject({ status: 409, body: { error: 'conflict', current: renamed.body } });
      expect((await client.get('/api/settings')).body).toEqual(renamed.body);
    });

    it('keeps macro targets in whole percents adding up to 100, or in grams, or none', async () => {
      const { client } = await signUp();
      expect((await client.get<Settings>('/api/settings')).body.macroTargets).toBeNull();
      const percent = { unit: 'percent', protein: 30, fat: 30, carbs: 40 };
      expect(
        (await client.patch<Settings>('/api/settings', { macroTargets: percent })).body.macroTargets,
      ).toEqual(percent);
      const grams = { unit: 'grams', protein: 140.5, fat: 60, carbs: 0 };
      expect(
        (await client.patch<Settings>('/api/settings', { macroTargets: grams })).body.macroTargets,
      ).toEqual(grams);
      for (const bad of [
        { ...percent, carbs: 41 },
        { ...percent, protein: 30.5, carbs: 39.5 },
        { ...grams, fat: 1001 },
        { ...grams, fat: -1 },
        { ...grams, unit: 'ounces' },
        { unit: 'grams', protein: 10 },
        'lots',
      ])
        expect((await client.patch('/api/settings', { macroTargets: bad })).status).toBe(400);
      expect((await client.get<Settings>('/api/settings')).body.macroTargets).toEqual(grams);
      expect(
        (await client.patch<Settings>('/api/settings', { macroTargets: null })).body.macroTargets,
      ).toBeNull();
    });

    it('keeps the water glass and goal within their limits, a goal of none as null', async () => {
      const { client } = await signUp();
      const defaults = (await client.get<Settings>('/api/settings')).body;
      expect(defaults).toMatchObject({ waterGlass: 250, waterGoal: 2000 });
      const set = await client.patch<Settings>('/api/settings', { waterGlass: 330, waterGoal: null });
      expect(set.body).toMatchObject({ waterGlass: 330, waterGoal: null });
      for (const bad of [
        { waterGlass: 9 },
        { waterGlass: 2001 },
        { waterGoal: 99 },
        { waterGoal: 10_001 },
        { waterGlass: 1.5 },
      ])
        expect((await client.patch('/api/settings', bad)).status).toBe(400);
      expect((await client.get('/api/settings')).body).toEqual(set.body);
    });
  });

  describe('text', () => {
    // docs/decisions/0022: a lone UTF-16 surrogate (half an emoji, which only a hand-made
    // request can send) is stored as U+FFFD, as every UTF-8 encoder writes it, and answered so.
    it('stores a lone surrogate as U+FFFD and answers what it stored', async () => {
      const { client } = await signUp();
      const created = await client.post<Food>('/api/foods', { ...oats, name: 'Oats \ud83c and \udf3e' });
      expect(created.status).toBe(201);
      expect(created.body.name).toBe('Oats \ufffd and \ufffd');
      expect((await client.get<Food[]>('/api/foods')).body[0]!.name).toBe('Oats \ufffd and \ufffd');
      const item = entry({ name: 'Tea \udbff' });
      const day = await client.put<Day>(`/api/days/2026-11-22/entries/${item.id}`, item);
      expect(day.body.entries[0]!.name).toBe('Tea \ufffd');
    });
  });

  describe('parallel moves', () => {
    // Two devices moving one entry between two days at once used to lock the two days in
    // opposite orders; on PostgreSQL one of them died of a deadlock and answered 500.
    it('moving one entry back and forth between two days in parallel never fails', async () => {
      const { client } = await signUp();
      const item = entry();
      const days = ['2026-11-20', '2026-11-21'] as const;
      expect((await client.put(`/api/days/${days[0]}/entries/${item.id}`, item)).status).toBe(200);
      const answers = [];
      for (let round = 0; round < 15; round++) {
        answers.push(
          ...(await Promise.all(
            Array.from({ length: 4 }, (_, index) => {
              const date = days[(round + index) % 2]!;
              const moved = { ...item, amount: 100 + round * 4 + index };
              return client.put(`/api/days/${date}/entries/${item.id}`, moved);
            }),
          )),
        );
      }
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
      // The entry is on exactly one of the two days.
      const [first, second] = await Promise.all(days.map((date) => client.get<Day>(`/api/days/${date}`)));
      const holding = [first!, second!].filter((answer) =>
        answer.body.entries.some((stored: { id: string }) => stored.id === item.id),
      );
      expect(holding).toHaveLength(1);
    });
  });

  describe('isolation', () => {
    it('never shows or changes another user’s records: 404, not 403', async () => {
      const alice = await signUp('Alice');
      const bob = await signUp('Bob');
      const food = (await alice.client.post<Food>('/api/foods', oats)).body;
      const item = entry();
      await alice.client.put(`/api/days/2026-11-22/entries/${item.id}`, item);

      expect((await bob.client.get('/api/foods')).body).toEqual([]);
      expect(await bob.client.patch(`/api/foods/${food.id}`, { favorite: true })).toMatchObject({
        status: 404,
        body: { error: 'notFound' },
      });
      expect((await bob.client.delete(`/api/foods/${food.id}`)).status).toBe(404);
      expect((await bob.client.get('/api/days/2026-11-22')).status).toBe(404);
      expect((await bob.client.get('/api/days?from=2026-01-01&to=2026-12-31')).body).toEqual([]);
      expect((await bob.client.delete(`/api/days/2026-11-22/entries/${item.id}`)).status).toBe(404);
      expect((await bob.client.get('/api/export')).body.days).toEqual([]);

      // The same client UUID in Bob's account is Bob's own entry, and Alice's stays as it was.
      const bobs = { ...item, name: 'Bob’s oatmeal' };
      expect((await bob.client.put(`/api/days/2026-11-22/entries/${item.id}`, bobs)).status).toBe(200);
      expect((await alice.client.get<Food[]>('/api/foods')).body).toEqual([food]);
      expect((await alice.client.get<Day>('/api/days/2026-11-22')).body.entries).toEqual([item]);
    });
  });
});
