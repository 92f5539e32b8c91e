import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { changeDay } from '@/lib/server/db/days';
import * as schema from '@/lib/server/db/schema';
import type { Day } from '@/lib/schemas/day';
import { beginStop, resetStopForTests } from '@/server/lifecycle.mjs';
import { signUp, type TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';

// GET /api/changes: an account's changes as they are committed, by any device and any instance
// (the database announces them, migration 0018), to that account's open pages only.

const DATE = '2026-12-06';
/** How long a change may take to reach another device's open page (issue 50). */
const WITHIN_MS = 3_000;

type Event = { event: string; data: unknown };

/** A page's stream of changes: the events as they come, and how to leave. */
async function openStream(client: TestClient) {
  const leave = new AbortController();
  const answer = await client.stream('/api/changes', leave.signal);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = answer.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const events: Event[] = [];
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
        const block = text.slice(0, end);
        text = text.slice(end + 2);
        const lines = block.split('\n');
        const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  })();
  /** The first event matching `wanted` within WITHIN_MS, else the test fails saying what came. */
  async function next(wanted: (event: Event) => boolean): Promise<Event> {
    const deadline = Date.now() + WITHIN_MS;
    while (Date.now() < deadline) {
      const found = events.find(wanted);
      if (found) {
        events.splice(events.indexOf(found), 1);
        return found;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no such event within ${WITHIN_MS} ms; came: ${JSON.stringify(events)}`);
  }
  return { events, next, reading, leave: () => leave.abort() };
}

const open: Array<{ leave: () => void }> = [];
afterEach(() => {
  for (const stream of open.splice(0)) stream.leave();
  resetStopForTests();
});

describe.each(engines)('the stream of an account’s changes on $name', (engine) => {
  const database = useDatabase(engine);

  it('tells an open page of each change of the account, a day with its new version, and nothing of others’', async () => {
    const { client } = await signUp('Phone');
    const other = await signUp('Someone else');
    const page = await openStream(client);
    open.push(page);

    const tea = entry({ name: 'Tea' });
    const written = await client.put<Day>(`/api/days/${DATE}/entries/${tea.id}`, tea);
    const day = await page.next((event) => event.event === 'change');
    expect(day.data).toEqual({ kind: 'day', date: DATE, updatedAt: written.body.updatedAt });

    await other.client.put(`/api/days/${DATE}/entries/${entry().id}`, entry());
    await client.patch('/api/settings', { currentGoal: 1900 });
    expect((await page.next((event) => event.event === 'change')).data).toEqual({ kind: 'settings' });
    await client.post('/api/foods', { name: 'Kefir', kcal: 52, protein: 3, fat: 2.5, carbs: 4 });
    expect((await page.next((event) => event.event === 'change')).data).toEqual({ kind: 'foods' });
    // Nothing came of the other account's write.
    expect(page.events).toEqual([]);
  });

  it('announces a batch of changes once per day, at its commit, and nothing for a change refused', async () => {
    const { client } = await signUp();
    const page = await openStream(client);
    open.push(page);
    const answer = await client.post('/api/batch', {
      changes: [
        { date: DATE, change: { kind: 'setWater', water: 250 } },
        { date: DATE, change: { kind: 'setWater', water: 500 } },
        { date: DATE, change: { kind: 'setWeight', weight: 5 } },
      ],
    });
    expect(answer.body).toMatchObject({ done: 2, failed: { status: 400 } });
    const announced = await page.next((event) => event.event === 'change');
    expect(announced.data).toMatchObject({ kind: 'day', date: DATE });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Each version of the day the batch wrote may be announced; none after the last it kept.
    const last = (await client.get<Day>(`/api/days/${DATE}`)).body.updatedAt;
    const versions = [announced, ...page.events].map(
      (event) => (event.data as { updatedAt: string }).updatedAt,
    );
    expect(versions.at(-1)).toBe(last);
  });

  it('ends when the page leaves, and when the server stops', async () => {
    const { client } = await signUp();
    const leaving = await openStream(client);
    leaving.leave();
    await leaving.reading.catch(() => undefined);
    const staying = await openStream(client);
    open.push(staying);
    beginStop();
    // The stop does not wait for the stream: it ends, and the browser opens it again elsewhere.
    await expect(Promise.race([staying.reading.then(() => 'ended'), wait(WITHIN_MS, 'open')])).resolves.toBe(
      'ended',
    );
  });

  if (engine.name === 'postgres')
    it('reaches a page open on this instance from a change another instance commits', async () => {
      const { client, user } = await signUp();
      const page = await openStream(client);
      open.push(page);
      // Another instance: its own pool of connections to the same database.
      const pool = new pg.Pool({
        ...(database() as unknown as { $client: { options: pg.PoolConfig } }).$client.options,
        max: 1,
      });
      try {
        const elsewhere = drizzle(pool, { schema });
        const day = await changeDay(elsewhere, user.id, DATE, { kind: 'setWater', water: 750 });
        const announced = await page.next((event) => event.event === 'change');
        expect(announced.data).toEqual({ kind: 'day', date: DATE, updatedAt: day.updatedAt });
      } finally {
        await pool.end();
      }
    });
});

const wait = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
