import fc from 'fast-check';
import { v5 as uuidV5 } from 'uuid';
import { describe, expect, it, vi } from 'vitest';
import { answerApiRequest } from '@/app/api/api-routes';
import { LIMITS } from '@/lib/limits';
import type { Day } from '@/lib/schemas/day';
import { signUp, type TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { bearer, callTool, connectMcp } from '../support/mcp-client';
import { entry } from '../support/fixtures';

const MCP_URL = 'http://localhost/api/mcp';
const DATE = '2026-11-27';

// Loose, as the tests read answers (tests/support/api-client.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

const connect = connectMcp;

async function tokenFor(client: TestClient, scopes: string[]): Promise<{ token: string; id: string }> {
  const made = await client.post('/api/tokens', { name: `mcp-${scopes.join('+')}`, scopes, days: null });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { token: made.body.token, id: made.body.info.id };
}

/** A signed-in user whose diary is in English, and an MCP client with a token of `scopes`. */
async function assistant(scopes = ['read', 'write', 'delete']) {
  const account = await signUp();
  expect((await account.client.patch('/api/settings', { language: 'en' })).status).toBe(200);
  const { token, id } = await tokenFor(account.client, scopes);
  return { ...account, token, tokenId: id, mcp: await connect(bearer(token)) };
}

const call = callTool;

/** JSON-RPC messages (one, or a batch) posted to the MCP server as they are. */
function post(headers: Record<string, string>, body: unknown): Promise<Response> {
  return answerApiRequest(
    new Request(MCP_URL, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
}

/** An MCP initialize request as a client sends it first, posted as it is. */
function initialize(headers: Record<string, string>): Promise<Response> {
  return post(headers, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  });
}

/** A tools/call message of a batch. */
const toolCall = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe.each(engines)('the MCP server on $name', (engine) => {
  useDatabase(engine);

  it('lists its tools, each with an input schema', async () => {
    const { mcp } = await assistant();
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'delete_entry',
      'log_food',
      'log_meal',
      'log_weight',
      'quick_add',
      'read_day',
      'read_stats',
      'search_foods',
    ]);
    for (const tool of tools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      // Each says what its structuredContent holds (the SDK checks every answer against it).
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(Object.keys(tool.outputSchema?.properties ?? {}).length, tool.name).toBeGreaterThan(0);
    }
    expect(tools.find((tool) => tool.name === 'read_day')!.outputSchema?.required).toContain('remainingKcal');
    const logFood = tools.find((tool) => tool.name === 'log_food')!;
    expect(logFood.inputSchema.required).toEqual(['date', 'meal', 'food']);
    expect(tools.find((tool) => tool.name === 'delete_entry')!.annotations?.destructiveHint).toBe(true);
  });

  it('finds catalog foods and own foods, each with its source and reference', async () => {
    const { client, mcp } = await assistant();
    const own = await client.post('/api/foods', {
      name: 'Banana bread',
      kcal: 326,
      protein: 4.3,
      fat: 10.5,
      carbs: 54.6,
      serving: { label: 'slice', grams: 60 },
    });
    expect(own.status).toBe(201);
    const found = await call(mcp, 'search_foods', { query: 'banana' });
    expect(found.isError).toBeFalsy();
    const results: Loose[] = found.data.results;
    expect(results).toContainEqual({
      food: own.body.id,
      source: 'own',
      name: 'Banana bread',
      per100g: { kcal: 326, protein: 4.3, fat: 10.5, carbs: 54.6 },
      servings: [{ label: 'slice', grams: 60 }],
    });
    expect(results).toContainEqual(
      expect.objectContaining({
        food: 'c:banana',
        source: 'catalog',
        name: 'Banana',
        per100g: { kcal: 89, protein: 1.1, fat: 0.3, carbs: 22.8 },
        servings: expect.arrayContaining([{ label: '1 medium banana', grams: 118 }]),
      }),
    );
    // The whole USDA table is searched too, as in the app.
    const table = await call(mcp, 'search_foods', { query: 'Bananas, dehydrated', limit: 3 });
    expect(table.data.results.length).toBeLessThanOrEqual(3);
    expect(table.data.results.some((result: Loose) => /^c:usda-\d{5}$/.test(result.food))).toBe(true);
    // A portion typed as a person says it searches its food: the user's own banana bread first.
    const portion = await call(mcp, 'search_foods', { query: '2 slices of banana bread', limit: 3 });
    expect(portion.data.results[0]).toMatchObject({ food: own.body.id, name: 'Banana bread' });
  });

  it('logs a food and reads the day back with its totals', async () => {
    const { client, mcp } = await assistant();
    const own = (
      await client.post('/api/foods', {
        name: 'Rye bread',
        kcal: 259,
        protein: 8.5,
        fat: 3.3,
        carbs: 48.3,
        serving: { label: 'slice', grams: 32 },
      })
    ).body;
    const banana = await call(mcp, 'log_food', {
      date: DATE,
      meal: 'breakfast',
      food: 'c:banana',
      grams: 150,
    });
    expect(banana.isError, banana.text).toBeFalsy();
    expect(banana.data.entry).toMatchObject({
      name: 'Banana',
      grams: 150,
      kcal: 134,
      unit: 'g',
      source: 'catalog',
    });
    const bread = await call(mcp, 'log_food', { date: DATE, meal: 'lunch', food: own.id, servings: 2 });
    expect(bread.data.entry).toMatchObject({
      name: 'Rye bread',
      amount: 2,
      unit: 'serving',
      grams: 64,
      kcal: 166,
      source: 'own',
    });
    expect(bread.data.dayTotals.kcal).toBe(300);

    const day = (await call(mcp, 'read_day', { date: DATE })).data;
    expect(day.totals).toEqual({ kcal: 300, protein: 7.1, fat: 2.6, carbs: 65.1 });
    expect(day.goal).toBe(2500);
    expect(day.remainingKcal).toBe(2200);
    expect(day.macros.protein).toEqual({ grams: 7.1, targetGrams: 125, percentOfTarget: 6 });
    expect(day.meals.breakfast.entries).toEqual([
      expect.objectContaining({ food: 'c:banana', source: 'catalog' }),
    ]);
    expect(day.meals.lunch.entries).toEqual([expect.objectContaining({ food: own.id, source: 'own' })]);
    expect(day.meals.dinner).toEqual({
      name: null,
      totals: { kcal: 0, protein: 0, fat: 0, carbs: 0 },
      entries: [],
    });
    // What the app itself reads: the same entries, a catalog food's nutrients copied as the app copies them.
    const stored = (await client.get<Day>(`/api/days/${DATE}`)).body;
    const storedBanana = stored.entries.find((each) => each.id === banana.data.entry.id);
    expect(stored.entries).toHaveLength(2);
    expect(storedBanana?.nutrients?.fibre).toBe(2.6);
    // Kept to the whole second, as every layer keeps an entry's times.
    expect(storedBanana?.loggedAt).toMatch(/:\d{2}\.000Z$/);

    // A meal of one's own: logged into by its slot, read back under the name the user gave it.
    await client.patch('/api/settings', {
      meals: [
        ...['breakfast', 'lunch', 'dinner', 'snacks'].map((id) => ({ id, name: null, hidden: false })),
        { id: 'meal5', name: 'Полдник', hidden: false },
      ],
    });
    const kefir = await call(mcp, 'quick_add', { date: DATE, meal: 'meal5', name: 'Кефир', kcal: 120 });
    expect(kefir.isError, kefir.text).toBeFalsy();
    const withOwn = (await call(mcp, 'read_day', { date: DATE })).data;
    expect(withOwn.meals.meal5).toMatchObject({ name: 'Полдник', totals: { kcal: 120 } });
    expect(withOwn.meals.meal6).toBeUndefined();
  });

  it('quick-adds kcal, logs a weight and reads the stats of a range', async () => {
    const { client, mcp } = await assistant();
    const quick = await call(mcp, 'quick_add', {
      date: DATE,
      meal: 'snacks',
      name: 'Cafe latte',
      kcal: 120,
      protein: 6,
    });
    expect(quick.data.entry).toMatchObject({
      name: 'Cafe latte',
      food: null,
      unit: 'kcal',
      amount: 120,
      grams: null,
      kcal: 120,
      protein: 6,
      fat: 0,
      source: 'quick add / label',
    });
    const unnamed = await call(mcp, 'quick_add', { date: DATE, meal: 'snacks', kcal: 80 });
    expect(unnamed.data.entry.name).toBe('Quick add');
    const weight = await call(mcp, 'log_weight', { date: DATE, kg: 72.5 });
    expect(weight.data).toEqual({ date: DATE, weightKg: 72.5 });
    const day = (await call(mcp, 'read_day', { date: DATE })).data;
    expect(day).toMatchObject({ weightKg: 72.5, waterMl: 0, note: null, totals: { kcal: 200 } });
    // The day's note, as the user wrote it, in the read too.
    await client.patch(`/api/days/${DATE}`, { details: { note: 'Latte after the gym' } });
    expect((await call(mcp, 'read_day', { date: DATE })).data.note).toBe('Latte after the gym');

    const stats = await call(mcp, 'read_stats', { from: '2026-11-21', to: DATE });
    expect(stats.isError, stats.text).toBeFalsy();
    expect(stats.data).toMatchObject({ loggedDays: 1, averageKcal: 200, streaks: { current: 1 } });
    expect(stats.data.days).toContainEqual(expect.objectContaining({ date: DATE, kcal: 200, logged: true }));
    expect(stats.data.weights).toEqual([expect.objectContaining({ date: DATE, weight: 72.5 })]);
  });

  it('says an entry imported from another app is an import', async () => {
    const { client, mcp } = await assistant();
    // lib/importers/build.ts gives imported entries content-derived v5 ids.
    const imported = entry({ id: uuidV5('a row of a file', '9f2b7c1e-52d4-4f0a-9a43-6d1c0e5b8a71') });
    expect((await client.put(`/api/days/${DATE}/entries/${imported.id}`, imported)).status).toBe(200);
    const day = (await call(mcp, 'read_day', { date: DATE })).data;
    expect(day.meals.breakfast.entries[0]).toMatchObject({ id: imported.id, source: 'import' });
  });

  it('deletes an entry only when confirmed', async () => {
    const { client, mcp } = await assistant();
    const logged = (await call(mcp, 'quick_add', { date: DATE, meal: 'dinner', name: 'Pizza', kcal: 800 }))
      .data.entry;
    const unconfirmed = await call(mcp, 'delete_entry', { date: DATE, id: logged.id });
    expect(unconfirmed.isError).toBe(true);
    expect(unconfirmed.text).toContain('Pizza');
    expect(unconfirmed.text).toContain('confirm: true');
    expect((await client.get<Day>(`/api/days/${DATE}`)).body.entries).toHaveLength(1);
    const refused = await call(mcp, 'delete_entry', { date: DATE, id: logged.id, confirm: false });
    expect(refused.isError).toBe(true);
    const deleted = await call(mcp, 'delete_entry', { date: DATE, id: logged.id, confirm: true });
    expect(deleted.isError, deleted.text).toBeFalsy();
    expect(deleted.data).toMatchObject({ deleted: { id: logged.id }, dayTotals: { kcal: 0 } });
    expect((await client.get<Day>(`/api/days/${DATE}`)).body.entries).toEqual([]);
    const again = await call(mcp, 'delete_entry', { date: DATE, id: logged.id, confirm: true });
    expect(again.isError).toBe(true);
  });

  it('needs the scope of what a tool does, and writes nothing without it', async () => {
    const { client, mcp } = await assistant(['read']);
    for (const [name, args] of [
      ['log_food', { date: DATE, meal: 'lunch', food: 'c:banana', grams: 100 }],
      ['quick_add', { date: DATE, meal: 'lunch', kcal: 100 }],
      ['log_weight', { date: DATE, kg: 70 }],
    ] as const) {
      const refused = await call(mcp, name, args);
      expect(refused.isError, name).toBe(true);
      expect(refused.text).toContain('"write" scope');
    }
    expect((await client.get(`/api/days/${DATE}`)).status).toBe(404);
    expect((await call(mcp, 'read_day', { date: DATE })).isError).toBeFalsy();

    const writer = await connect(bearer((await tokenFor(client, ['read', 'write'])).token));
    const logged = (await call(writer, 'quick_add', { date: DATE, meal: 'lunch', kcal: 100 })).data.entry;
    const refused = await call(writer, 'delete_entry', { date: DATE, id: logged.id, confirm: true });
    expect(refused.text).toContain('"delete" scope');
    expect((await client.get<Day>(`/api/days/${DATE}`)).body.entries).toHaveLength(1);
  });

  it('answers bad input as a tool error, never a failure', async () => {
    const { client, mcp } = await assistant();
    for (const [name, args] of [
      ['read_day', { date: '2026-02-30' }],
      ['read_day', { date: '3000-01-01' }],
      ['read_day', {}],
      ['log_food', { date: DATE, meal: 'lunch', food: 'c:banana' }],
      ['log_food', { date: DATE, meal: 'lunch', food: 'c:banana', grams: 100, servings: 1 }],
      ['log_food', { date: DATE, meal: 'brunch', food: 'c:banana', grams: 100 }],
      ['log_food', { date: DATE, meal: 'lunch', food: 'c:no-such-food', grams: 100 }],
      ['log_food', { date: DATE, meal: 'lunch', food: 12345, grams: 100 }],
      ['log_food', { date: DATE, meal: 'lunch', food: null, grams: 100 }],
      ['log_food', { date: DATE, meal: 'lunch', food: 'c:banana', servings: 1, serving: 'bucket' }],
      ['log_food', { date: DATE, meal: 'lunch', food: 'c:banana', grams: LIMITS.entryGrams.max + 1 }],
      // Within the grams' limit, but past an entry's kcal.
      ['log_food', { date: DATE, meal: 'lunch', food: 'c:banana', grams: LIMITS.entryGrams.max }],
      ['quick_add', { date: DATE, meal: 'lunch', kcal: LIMITS.entryKcal.max + 1 }],
      ['quick_add', { date: DATE, meal: 'lunch', kcal: 100, name: 'x'.repeat(LIMITS.nameLength.max + 1) }],
      ['log_weight', { date: DATE, kg: LIMITS.weightKg.max + 1 }],
      ['read_stats', { from: DATE, to: '2026-11-01' }],
      ['read_stats', { from: '2000-01-01', to: DATE }],
      ['search_foods', { query: 'milk', limit: LIMITS.mcpSearchResults.max + 1 }],
      ['delete_entry', { date: DATE, id: 'not-an-id', confirm: true }],
    ] as const) {
      const refused = await call(mcp, name, args);
      expect(refused.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(refused.text).not.toContain('error on its side');
    }
    expect((await client.get(`/api/days/${DATE}`)).status).toBe(404);
  });

  it('refuses requests without a valid token, and a session cookie alone', async () => {
    const { client, token, tokenId } = await assistant();
    expect((await initialize(bearer(token))).status).toBe(200);

    for (const headers of [
      {},
      bearer('cdt_' + 'x'.repeat(43)),
      bearer('not-a-token'),
      { authorization: 'Basic abc' },
    ]) {
      const answer = await initialize(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      // No resource_metadata, so a client (MCP Inspector) has no OAuth to start; the body says
      // what to send instead.
      expect(answer.headers.get('www-authenticate')).not.toContain('resource_metadata');
      expect(await answer.json()).toMatchObject({
        error: 'unauthorized',
        message: expect.stringContaining('Settings > Personal access tokens'),
      });
    }
    // The browser's session is no way in, whatever the Origin.
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await initialize({ cookie })).status).toBe(401);
    expect((await initialize({ cookie, origin: 'http://localhost' })).status).toBe(401);
    await expect(connect({})).rejects.toThrow();

    expect((await client.delete(`/api/tokens/${tokenId}`)).status).toBe(204);
    expect((await initialize(bearer(token))).status).toBe(401);
    await expect(connect(bearer(token))).rejects.toThrow();
  });

  it('answers GET and DELETE with a JSON 405', async () => {
    const { token } = await assistant();
    for (const method of ['GET', 'DELETE']) {
      const answer = await answerApiRequest(new Request(MCP_URL, { method, headers: bearer(token) }));
      expect(answer.status).toBe(405);
      expect(await answer.json()).toEqual({ error: 'methodNotAllowed' });
    }
  });

  it("counts a token's requests against its rate limit", async () => {
    const { token } = await assistant();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // At the start of a minute, so the whole run falls in one; the client's connect counted in another.
      vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
      for (let index = 0; index < LIMITS.tokenRequestsPerMinute.max; index++)
        expect((await initialize(bearer(token))).status).toBe(200);
      const limited = await initialize(bearer(token));
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts each message of a batch, and refuses whole a batch past the limit', async () => {
    const { client, token } = await assistant();
    const { max } = LIMITS.tokenRequestsPerMinute;
    const batch = (from: number) =>
      Array.from({ length: 100 }, (_, index) =>
        toolCall(from + index, 'quick_add', { date: DATE, meal: 'snacks', kcal: 1 }),
      );
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Math.ceil(Date.now() / 60_000) * 60_000 + 1000);
      const first = await post(bearer(token), batch(1));
      expect(first.status).toBe(200);
      const answers = (await first.json()) as Loose[];
      expect(answers).toHaveLength(100);
      expect(answers.every((each) => each.result && !each.result.isError)).toBe(true);
      // 100 of the minute's 120 are taken: a second batch of 100 does not fit, and does nothing.
      const second = await post(bearer(token), batch(101));
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await client.get<Day>(`/api/days/${DATE}`)).body.entries).toHaveLength(100);
      // What is left of the minute still serves smaller requests, one each, and then no more.
      for (let index = 0; index < max - 100; index++)
        expect((await post(bearer(token), toolCall(1, 'read_day', { date: DATE }))).status).toBe(200);
      expect((await post(bearer(token), toolCall(1, 'read_day', { date: DATE }))).status).toBe(429);
      expect((await post(bearer(token), batch(201).slice(0, 2))).status).toBe(429);
    } finally {
      vi.useRealTimers();
    }
    expect((await client.get<Day>(`/api/days/${DATE}`)).body.entries).toHaveLength(100);
  });

  it("never reaches another user's entries, whatever ids it names", async () => {
    const other = await assistant();
    const theirs = (
      await call(other.mcp, 'quick_add', { date: DATE, meal: 'lunch', name: 'Theirs', kcal: 500 })
    ).data.entry;
    const { mcp } = await assistant();
    expect((await call(mcp, 'read_day', { date: DATE })).data.totals.kcal).toBe(0);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(theirs.id as string), fc.uuid()), async (id) => {
        for (const confirm of [false, true]) {
          const refused = await call(mcp, 'delete_entry', { date: DATE, id, confirm });
          expect(refused.isError).toBe(true);
          expect(refused.text).toContain('has no entry');
        }
      }),
      { numRuns: 15 },
    );
    const stillThere = (await other.client.get<Day>(`/api/days/${DATE}`)).body.entries;
    expect(stillThere.map((each) => each.id)).toEqual([theirs.id]);
  });
});
