import { describe, expect, it } from 'vitest';
import type { BatchAnswer } from '@/lib/schemas/api';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { LIMITS } from '@/lib/limits';
import { signUp, type TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';

// POST /api/batch: an outbox's changes of days (typed, lib/diary/day-change.ts) in one request and
// one transaction, each answered as it would be alone, applied in order up to the first that is
// not a success.

const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';

const put = (date: string, entry: Entry, base?: string | null) => ({
  date,
  change: { kind: 'putEntry', entry },
  ...(base === undefined ? {} : { base }),
});
const remove = (date: string, entryId: string) => ({ date, change: { kind: 'deleteEntry', entryId } });
const setWeight = (date: string, weight: number) => ({ date, change: { kind: 'setWeight', weight } });

async function stored(client: TestClient, date: string): Promise<Day | null> {
  const answer = await client.get<Day>(`/api/days/${date}`);
  return answer.status === 200 ? answer.body : null;
}

describe.each(engines)('batches of changes on $name', (engine) => {
  useDatabase(engine);

  it('applies every change in order and answers the days as they now are', async () => {
    const { client } = await signUp();
    const [porridge, tea, soup] = [
      entry({ name: 'Porridge' }),
      entry({ name: 'Tea' }),
      entry({ name: 'Soup' }),
    ];
    const answer = await client.post<BatchAnswer>('/api/batch', {
      changes: [
        put(MONDAY, porridge, null),
        put(MONDAY, tea, null),
        setWeight(MONDAY, 71.5),
        { date: MONDAY, change: { kind: 'setDetails', details: { note: 'Gym day' } } },
        put(TUESDAY, soup, null),
        put(MONDAY, { ...porridge, amount: 200, updatedAt: '2026-11-23T09:00:00.000Z' }, null),
        remove(MONDAY, tea.id),
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ done: 7, failed: null });
    const monday = await stored(client, MONDAY);
    const tuesday = await stored(client, TUESDAY);
    expect(monday).toMatchObject({
      weight: 71.5,
      details: { note: 'Gym day' },
      entries: [{ name: 'Porridge', amount: 200 }],
    });
    expect(tuesday?.entries.map((item) => item.name)).toEqual(['Soup']);
    expect(answer.body.days).toEqual([monday, tuesday]);
  });

  it('takes changes made on one version of a day as based on what the batch wrote before them', async () => {
    const { client } = await signUp();
    const first = entry({ name: 'Breakfast' });
    const version = (await client.put<Day>(`/api/days/${MONDAY}/entries/${first.id}`, first)).body.updatedAt;
    // Made offline on that version, one after the other.
    const [lunch, dinner] = [entry({ name: 'Lunch' }), entry({ name: 'Dinner' })];
    const answer = await client.post<BatchAnswer>('/api/batch', {
      changes: [put(MONDAY, lunch, version), put(MONDAY, dinner, version), put(TUESDAY, first, null)],
    });
    expect(answer.body).toMatchObject({ done: 3, failed: null });
    expect((await stored(client, MONDAY))?.entries.map((item) => item.name).sort()).toEqual([
      'Dinner',
      'Lunch',
    ]);
    expect((await stored(client, TUESDAY))?.entries.map((item) => item.name)).toEqual(['Breakfast']);
  });

  it('stops at a change made on a version another device replaced, keeps what came before, writes nothing after', async () => {
    const { client } = await signUp();
    const first = entry({ name: 'Breakfast' });
    const version = (await client.put<Day>(`/api/days/${MONDAY}/entries/${first.id}`, first)).body.updatedAt;
    const elsewhere = entry({ name: 'From the laptop' });
    await client.put(`/api/days/${MONDAY}/entries/${elsewhere.id}`, elsewhere);
    const [soup, lunch, dinner] = [
      entry({ name: 'Soup' }),
      entry({ name: 'Lunch' }),
      entry({ name: 'Dinner' }),
    ];
    const answer = await client.post<BatchAnswer>('/api/batch', {
      changes: [put(TUESDAY, soup, null), put(MONDAY, lunch, version), put(MONDAY, dinner, version)],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.done).toBe(1);
    // The stale change's own answer, as alone: 409 with the day as it is now.
    expect(answer.body.failed).toMatchObject({ status: 409, body: { error: 'conflict' } });
    const current = (answer.body.failed!.body as { current: Day }).current;
    expect(current.entries.map((item) => item.name).sort()).toEqual(['Breakfast', 'From the laptop']);
    expect(answer.body.days.map((day) => day.date)).toEqual([TUESDAY]);
    expect((await stored(client, TUESDAY))?.entries.map((item) => item.name)).toEqual(['Soup']);
    expect(await stored(client, MONDAY)).toEqual(current);
  });

  it('a change refused stops the batch with its refusal, and is not half-written', async () => {
    const { client } = await signUp();
    const [tea, soup] = [entry({ name: 'Tea' }), entry({ name: 'Soup' })];
    const answer = await client.post<BatchAnswer>('/api/batch', {
      changes: [put(MONDAY, tea), setWeight(MONDAY, 5), put(MONDAY, soup), remove(MONDAY, tea.id)],
    });
    expect(answer.body.done).toBe(1);
    expect(answer.body.failed).toMatchObject({
      status: 400,
      body: { error: 'invalid', field: 'change.weight' },
    });
    expect(await stored(client, MONDAY)).toMatchObject({ weight: null, entries: [{ name: 'Tea' }] });

    // An entry already gone: 404, as alone.
    const gone = await client.post<BatchAnswer>('/api/batch', {
      changes: [remove(MONDAY, tea.id), remove(MONDAY, tea.id), put(MONDAY, soup)],
    });
    expect(gone.body).toMatchObject({ done: 1, failed: { status: 404, body: { error: 'notFound' } } });
    expect((await stored(client, MONDAY))?.entries).toEqual([]);
  });

  it('holds a day to its limit of entries across the changes of one batch', async () => {
    const { client } = await signUp();
    const room = LIMITS.entriesPerDay.max;
    const day = {
      date: MONDAY,
      goal: 2000,
      weight: null,
      updatedAt: '2026-11-23T09:00:00.000Z',
      entries: Array.from({ length: room - 1 }, () => entry({ kcal: 1 })),
    };
    const { settings } = (await client.get('/api/export')).body;
    const file = {
      format: 'calorie-diary',
      version: 1,
      exportedAt: day.updatedAt,
      settings,
      foods: [],
      days: [day],
    };
    expect((await client.post('/api/import', file)).status).toBe(200);
    const [last, oneTooMany] = [entry({ name: 'Last' }), entry({ name: 'One too many' })];
    const answer = await client.post<BatchAnswer>('/api/batch', {
      changes: [put(MONDAY, last), put(MONDAY, oneTooMany)],
    });
    expect(answer.body.done).toBe(1);
    expect(answer.body.failed?.status).toBe(400);
    expect((await stored(client, MONDAY))?.entries).toHaveLength(room);
  });

  it('refuses a batch that is not one list of changes whole, and stops at a change that is not one', async () => {
    const { client } = await signUp();
    const tea = entry({ name: 'Tea' });
    const valid = put(MONDAY, tea);
    const refused: Array<[unknown, string]> = [
      [{}, 'changes'],
      [{ changes: [] }, 'changes'],
      [{ changes: Array.from({ length: LIMITS.batchOperations.max + 1 }, () => valid) }, 'changes'],
      [{ operations: [{ method: 'PUT', path: `/days/${MONDAY}/entries/${tea.id}`, body: tea }] }, 'changes'],
    ];
    for (const [body, path] of refused) {
      const answer = await client.post('/api/batch', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    }
    expect((await client.post('/api/batch', '{"changes": [')).body).toMatchObject({ error: 'invalidJson' });
    expect(await stored(client, MONDAY)).toBeNull();

    const notChanges: Array<[unknown, string]> = [
      [{ ...valid, change: { kind: 'setSettings', goal: 1 } }, 'change.kind'],
      [{ ...valid, change: { kind: 'putEntry' } }, 'change.entry'],
      [{ ...valid, change: { ...valid.change, extra: 1 } }, 'change'],
      [{ ...valid, date: '2026-02-30' }, 'date'],
      [{ ...valid, date: '../me' }, 'date'],
      [{ ...valid, base: 'yesterday' }, 'base'],
      [{ ...valid, path: '/settings' }, ''],
      ['PUT /days', ''],
    ];
    for (const [change, path] of notChanges) {
      const other = entry({ name: 'Other' });
      const answer = await client.post<BatchAnswer>('/api/batch', { changes: [put(TUESDAY, other), change] });
      expect(answer.status).toBe(200);
      expect(answer.body, JSON.stringify(change).slice(0, 80)).toMatchObject({
        done: 1,
        failed: { status: 400, body: { error: 'invalid' } },
      });
      const issues = (answer.body.failed!.body as { issues: Array<{ path: string }> }).issues;
      expect(issues.map((issue) => issue.path)).toContain(path);
    }
    expect(await stored(client, MONDAY)).toBeNull();
  });

  it('answers only its own account: no session is a 401, another account’s entry a 404', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    const hers = entry({ name: 'Her tea' });
    await alice.client.put(`/api/days/${MONDAY}/entries/${hers.id}`, hers);

    const anonymous = new (alice.client.constructor as typeof TestClient)();
    expect((await anonymous.post('/api/batch', { changes: [remove(MONDAY, hers.id)] })).status).toBe(401);
    const answer = await bob.client.post<BatchAnswer>('/api/batch', {
      changes: [remove(MONDAY, hers.id), put(MONDAY, { ...hers, name: 'Taken over' })],
    });
    expect(answer.body).toMatchObject({ done: 0, failed: { status: 404 } });
    expect((await stored(alice.client, MONDAY))?.entries.map((item) => item.name)).toEqual(['Her tea']);
    expect(await stored(bob.client, MONDAY)).toBeNull();
  });

  it('two devices’ batches and single writes of one account at once all land, each once', async () => {
    const { client } = await signUp();
    const dates = [MONDAY, TUESDAY, '2026-11-25'];
    const devices = [0, 1].map((device) =>
      Array.from({ length: 30 }, (_, index) => ({
        date: dates[(index + device) % dates.length]!,
        item: entry({ name: `Device ${device} bite ${index}` }),
      })),
    );
    const singles = Array.from({ length: 10 }, (_, index) => entry({ name: `Single ${index}` }));
    const answers = await Promise.all([
      ...devices.map((changes) =>
        client.post<BatchAnswer>('/api/batch', {
          changes: changes.map(({ date, item }) => put(date, item)),
        }),
      ),
      ...singles.map((item, index) =>
        client.put(`/api/days/${dates[index % dates.length]}/entries/${item.id}`, item),
      ),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.slice(0, 2).map((answer) => answer.body)).toMatchObject([
      { done: 30, failed: null },
      { done: 30, failed: null },
    ]);
    const names = (await Promise.all(dates.map((date) => stored(client, date)))).flatMap(
      (day) => day?.entries.map((item) => item.name) ?? [],
    );
    expect(names.sort()).toEqual(
      [...devices.flat().map(({ item }) => item.name), ...singles.map((item) => item.name)].sort(),
    );
  });
});
