import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { describe, expect, it } from 'vitest';
import { loggableFromCatalog } from '@/lib/diary/loggable';
import { mealOfTheHour } from '@/lib/diary/meals';
import { localDateTime } from '@/lib/importers/source-dates';
import { LIMITS } from '@/lib/limits';
import type { BatchAnswer } from '@/lib/schemas/api';
import type { Day } from '@/lib/schemas/day';
import { serverCatalogFood } from '@/lib/server/mcp/catalog';
import { userClock } from '@/lib/server/mcp/user-clock';
import { pushSubscriptions } from '@/lib/server/db/schema';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { bearer, callTool, connectMcp } from '../support/mcp-client';
import { entry } from '../support/fixtures';

// The MCP tool log_meal (issue 49): a meal described in words logged as one entry per food found,
// all or none, and every item it could not log named in the answer.

const DATE = '2026-11-27';

// Loose, as the tests read answers (tests/support/api-client.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const connect = (token: string) => connectMcp(bearer(token));

/** A signed-in user whose diary is in English, and an MCP client with a token of `scopes`. */
async function assistant(scopes = ['read', 'write']) {
  const account = await signUp();
  expect((await account.client.patch('/api/settings', { language: 'en' })).status).toBe(200);
  const made = await account.client.post('/api/tokens', { name: 'log-meal', scopes, days: null });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { ...account, token: made.body.token as string, mcp: await connect(made.body.token) };
}

const call = (client: Client, args: Record<string, unknown>) => callTool(client, 'log_meal', args);

const entriesOf = async (client: TestClient, date = DATE) => {
  const day = await client.get<Day>(`/api/days/${date}`);
  return day.status === 404 ? [] : day.body.entries;
};

/** The grams of each measure of the catalog food `ref` that is a slice. */
async function sliceGrams(ref: string): Promise<number[]> {
  const food = await serverCatalogFood(ref.slice('c:'.length));
  return loggableFromCatalog(food!, 'en')
    .measures.filter((each) => /slice/i.test(each.label))
    .map((each) => each.grams);
}

describe.each(engines)('log_meal on $name', (engine) => {
  const db = useDatabase(engine);

  it('logs each food found, in the order said, and names what it could not find', async () => {
    const { client, mcp } = await assistant();
    const logged = await call(mcp, {
      text: '2 slices of bread, a cup of coffee and a zzqx for breakfast',
      date: DATE,
    });
    expect(logged.isError, logged.text).toBeFalsy();
    expect(logged.data).toMatchObject({ date: DATE, meal: 'breakfast', mealFrom: 'text', truncated: false });
    expect(logged.data.logged).toHaveLength(2);
    const [bread, coffee] = logged.data.logged;
    expect(bread).toMatchObject({
      text: '2 slices of bread',
      sure: 'sure',
      notes: [],
      entry: { meal: 'breakfast', unit: 'serving', amount: 2, source: 'catalog' },
    });
    expect(bread.entry.name).toMatch(/bread/i);
    expect(coffee.entry.name).toMatch(/coffee/i);
    expect(logged.data.notLogged).toEqual([
      // The meal's words are part of the item's text, as the reader spans it.
      { text: 'a zzqx for breakfast', reason: expect.stringContaining('no food was found for "zzqx"') },
    ]);
    expect(logged.text).toContain('zzqx');
    expect(logged.text).toContain('Logged 2 entries to breakfast on 2026-11-27');

    const stored = await entriesOf(client);
    expect(stored.map((each) => each.id)).toEqual([bread.entry.id, coffee.entry.id]);
    const storedBread = stored[0]!;
    // Two of the food's own slices.
    expect(await sliceGrams(String(storedBread.food))).toContain(storedBread.grams! / 2);
    // A catalog food's nutrients beyond the macros are copied, as log_food and the app copy them.
    expect(storedBread.nutrients?.fibre).toBeGreaterThan(0);
    expect(logged.data.dayTotals.kcal).toBe(bread.entry.kcal + coffee.entry.kcal);
  });

  it('takes the meal given over the one the text names, and reads Russian', async () => {
    const { client, mcp } = await assistant();
    const logged = await call(mcp, {
      text: 'два яйца и стакан кефира на завтрак',
      date: DATE,
      meal: 'snacks',
      locale: 'ru',
    });
    expect(logged.isError, logged.text).toBeFalsy();
    expect(logged.data).toMatchObject({ meal: 'snacks', mealFrom: 'input', notLogged: [] });
    expect(logged.data.logged.map((each: Loose) => each.entry.name)).toEqual([
      expect.stringMatching(/^Яйц/),
      expect.stringMatching(/кефир/i),
    ]);
    expect((await entriesOf(client)).map((each) => each.meal)).toEqual(['snacks', 'snacks']);
  });

  it("picks today and the meal by the user's clock when neither is given", async () => {
    const { user, mcp, client } = await assistant();
    const subscribe = (timeZone: string) =>
      db()
        .insert(pushSubscriptions)
        .values({
          userId: user.id,
          endpoint: `https://fcm.googleapis.com/fcm/send/${user.id}`,
          p256dh: 'key',
          auth: 'auth',
          language: 'en',
          timeZone,
          reminders: {
            breakfast: null,
            lunch: null,
            dinner: null,
            snacks: null,
            weighIn: null,
            nothingLogged: null,
            fastEnd: false,
          },
        });
    // 20:30 in UTC, a dinner; 10:30 the next morning in Kiritimati (UTC+14), a breakfast. Faking
    // the clock for a whole tool call would skew PGlite's own timers, so the clock is asked alone.
    const at = new Date('2027-01-15T20:30:00Z');
    expect(await userClock(db(), user.id, at)).toEqual({
      date: '2027-01-15',
      meal: 'dinner',
      timeZone: 'UTC',
    });

    // The tool on the real clock: today and the hour's meal in UTC, read either side of the call.
    const clockNow = () => {
      const { date, time } = localDateTime(new Date(), 'UTC')!;
      return { date, meal: mealOfTheHour(new Date(2000, 0, 1, Number(time.slice(0, 2)))) };
    };
    const before = clockNow();
    const utc = await call(mcp, { text: 'a banana' });
    const after = clockNow();
    expect(utc.isError, utc.text).toBeFalsy();
    expect([before, after]).toContainEqual({ date: utc.data.date, meal: utc.data.meal });
    expect(utc.data.mealFrom).toBe('hour');
    expect(utc.text).toContain('today in UTC, the meal by its hour');
    expect(await entriesOf(client, utc.data.date)).toHaveLength(1);

    await subscribe('Pacific/Kiritimati');
    expect(await userClock(db(), user.id, at)).toEqual({
      date: '2027-01-16',
      meal: 'breakfast',
      timeZone: 'Pacific/Kiritimati',
    });
    const kiritimati = await call(mcp, { text: 'a banana', meal: 'snacks' });
    expect(kiritimati.data).toMatchObject({ meal: 'snacks', mealFrom: 'input' });
    expect(kiritimati.text).toContain('today in Pacific/Kiritimati');
    // A date given, the text's meal wins over the hour.
    const given = await call(mcp, { text: 'a banana for lunch', date: DATE });
    expect(given.data).toMatchObject({ date: DATE, meal: 'lunch', mealFrom: 'text' });
  });

  it("logs the user's own food before the catalog's, and never another user's", async () => {
    const other = await assistant();
    const theirs = await other.client.post('/api/foods', {
      name: 'Zzqxberry pie',
      kcal: 300,
      protein: 3,
      fat: 12,
      carbs: 44,
    });
    expect(theirs.status).toBe(201);
    const { client, mcp } = await assistant();
    const own = await client.post('/api/foods', {
      name: 'Bread',
      kcal: 250,
      protein: 9,
      fat: 3,
      carbs: 47,
      serving: { label: 'slice', grams: 40 },
    });
    const logged = await call(mcp, { text: '2 slices of bread, zzqxberry', date: DATE, meal: 'lunch' });
    expect(logged.isError, logged.text).toBeFalsy();
    expect(logged.data.logged).toEqual([
      expect.objectContaining({
        entry: expect.objectContaining({ food: own.body.id, source: 'own', grams: 80, kcal: 200 }),
      }),
    ]);
    expect(logged.data.notLogged).toEqual([{ text: 'zzqxberry', reason: expect.any(String) }]);
    expect(logged.text).not.toContain('Zzqxberry pie');
    expect(await entriesOf(other.client)).toEqual([]);
  });

  it('logs nothing when one item is past the limits, or the day has no room for all', async () => {
    const { client, mcp } = await assistant();
    const tooMuch = await call(mcp, {
      text: '2 slices of bread and 200 kg of rice',
      date: DATE,
      meal: 'lunch',
    });
    expect(tooMuch.isError).toBe(true);
    expect(tooMuch.text).toContain('Nothing was logged');
    expect(tooMuch.text).toContain('200 kg of rice');
    expect(await entriesOf(client)).toEqual([]);

    // A day with room for one entry more: two items are refused whole.
    const room = LIMITS.entriesPerDay.max - 1;
    for (let start = 0; start < room; start += LIMITS.batchOperations.max) {
      const items = Array.from({ length: Math.min(LIMITS.batchOperations.max, room - start) }, () =>
        entry({ kcal: 1 }),
      );
      const changes = items.map((entry) => ({ date: DATE, change: { kind: 'putEntry', entry } }));
      const answer = await client.post<BatchAnswer>('/api/batch', { changes });
      expect(answer.body).toMatchObject({ done: items.length, failed: null });
    }
    const full = await call(mcp, { text: 'a banana and an apple', date: DATE, meal: 'lunch' });
    expect(full.isError).toBe(true);
    expect(full.text).toContain('entriesPerDay');
    expect(await entriesOf(client)).toHaveLength(room);
    const one = await call(mcp, { text: 'a banana', date: DATE, meal: 'lunch' });
    expect(one.isError, one.text).toBeFalsy();
    expect(await entriesOf(client)).toHaveLength(room + 1);
  }, 60_000);

  it('refuses a text where nothing is found, and bad input, writing nothing; reads to the limit', async () => {
    const { client, mcp } = await assistant();
    const nothing = await call(mcp, { text: 'a zzqx and 200 g', date: DATE });
    expect(nothing.isError).toBe(true);
    expect(nothing.text).toContain('Nothing was logged');
    expect(nothing.text).toContain('"zzqx"');
    expect(nothing.text).toContain('200 g');
    for (const args of [
      {},
      { text: 42 },
      { text: null },
      { text: 'a banana', date: '2026-02-30' },
      { text: 'a banana', date: '3000-01-01' },
      { text: 'a banana', meal: 'brunch' },
      { text: 'a banana', locale: 'de' },
      { text: '' },
      { text: '!!!' },
    ]) {
      const refused = await call(mcp, args);
      expect(refused.isError, JSON.stringify(args)).toBe(true);
      expect(refused.text).not.toContain('error on its side');
    }
    expect(await entriesOf(client)).toEqual([]);
    // The end of a text past the limit is not read, and the answer says so.
    const long = await call(mcp, {
      text: `a banana${' '.repeat(LIMITS.phraseLength.max)} and an apple`,
      date: DATE,
      meal: 'snacks',
    });
    expect(long.isError, long.text).toBeFalsy();
    expect(long.data).toMatchObject({ truncated: true, notLogged: [] });
    expect(long.data.logged).toHaveLength(1);
    expect(long.text).toContain(`Only the first ${LIMITS.phraseLength.max} characters were read.`);
  });

  it('needs the write scope; a read-only token can still parse', async () => {
    const { client, token, mcp } = await assistant(['read']);
    const refused = await call(mcp, { text: 'a banana', date: DATE, meal: 'lunch' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('"write" scope');
    expect(await entriesOf(client)).toEqual([]);
    const parsed = await new TestClient().post(
      '/api/parse',
      { text: 'a banana' },
      { headers: bearer(token) },
    );
    expect(parsed.status).toBe(200);
    expect(parsed.body.items[0].food.name).toMatch(/banana/i);
  });

  it('reads and logs into a meal the user named, "на полдник"', async () => {
    const { client, token, mcp } = await assistant();
    await client.patch('/api/settings', {
      meals: [
        ...['breakfast', 'lunch', 'dinner', 'snacks'].map((id) => ({ id, name: null, hidden: false })),
        { id: 'meal5', name: 'Полдник', hidden: false },
      ],
    });
    const parsed = await new TestClient().post(
      '/api/parse',
      { text: 'на полдник банан', locale: 'ru' },
      { headers: bearer(token) },
    );
    expect(parsed.body.meal).toBe('meal5');
    const logged = await call(mcp, { text: 'на полдник банан', date: DATE, locale: 'ru' });
    expect(logged.isError, logged.text).toBeFalsy();
    expect((await entriesOf(client)).map((entry) => entry.meal)).toEqual(['meal5']);
  });
});
