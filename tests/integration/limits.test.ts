import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { putEntry } from '@/lib/diary/day-rules';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import { LIMITS, type NumericLimit } from '@/lib/limits';
import type { BatchAnswer } from '@/lib/schemas/api';
import { signSession, SESSION_COOKIE } from '@/lib/server/auth/session';
import { MIGRATIONS_FOLDER } from '@/lib/server/db/client';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { entry } from '../support/fixtures';
import { thrownBy } from '../support/thrown';

const DATE = '2026-11-22';
const FULL = LIMITS.entriesPerDay.max;
// Filling a day takes 500 writes: seconds on a busy machine, past Vitest's default 5 s.
const SLOW_MS = 60_000;

type Client = Awaited<ReturnType<typeof signUp>>['client'];

/**
 * Puts `count` new entries into the day through the outbox's batch endpoint, as many a request
 * as it takes (five requests fill a day, where single writes took 500).
 */
async function fill(client: Client, date: string, count: number): Promise<void> {
  for (let start = 0; start < count; start += LIMITS.batchOperations.max) {
    const items = Array.from({ length: Math.min(LIMITS.batchOperations.max, count - start) }, () =>
      entry({ kcal: 1 }),
    );
    const changes = items.map((entry) => ({ date: date, change: { kind: 'putEntry', entry } }));
    const answer = await client.post<BatchAnswer>('/api/batch', { changes });
    expect(answer.body).toMatchObject({ done: items.length, failed: null });
  }
}

const exportFile = (data: { days: unknown[]; foods?: unknown[] }, settingsOf: unknown) => ({
  format: 'calorie-diary',
  version: 1,
  exportedAt: '2026-11-22T09:00:00.000Z',
  settings: settingsOf,
  foods: [],
  ...data,
});

describe.each(engines)('limits at write time on $name', (engine) => {
  const db = useDatabase(engine);

  it(
    'refuses the 501st entry of a day by name, stores nothing, and still reads and exports',
    { timeout: SLOW_MS },
    async () => {
      const { client } = await signUp();
      await fill(client, DATE, FULL);
      const before = (await client.get('/api/export')).body;
      const extra = entry();
      const refused = await client.put(`/api/days/${DATE}/entries/${extra.id}`, extra);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'invalid',
        field: 'entries',
        issues: [{ path: 'entries', message: 'entriesPerDay' }],
      });
      // The one-statement path and the day rules agree: the rules refuse this entry on the day
      // the server holds, in the very words of the answer.
      const held = (await client.get(`/api/days/${DATE}`)).body;
      const ruled = thrownBy(() => putEntry(held, extra), InvalidDataError);
      expect(refused.body.issues).toEqual([{ path: ruled.field, message: ruled.messageKey }]);
      const after = await client.get('/api/export');
      expect(after.status).toBe(200);
      expect({ ...after.body, exportedAt: null }).toEqual({ ...before, exportedAt: null });
      expect((await client.get(`/api/days/${DATE}`)).body.entries).toHaveLength(FULL);
      // An entry of the full day can still be edited, and one can move in once another has left.
      const first = (await client.get(`/api/days/${DATE}`)).body.entries[0];
      expect((await client.put(`/api/days/${DATE}/entries/${first.id}`, { ...first, kcal: 2 })).status).toBe(
        200,
      );
      expect((await client.delete(`/api/days/${DATE}/entries/${first.id}`)).status).toBe(200);
      expect((await client.put(`/api/days/${DATE}/entries/${extra.id}`, extra)).status).toBe(200);
    },
  );

  it(
    'lets parallel writes fill a day exactly to the limit, never past it',
    { timeout: SLOW_MS },
    async () => {
      const { client } = await signUp();
      await fill(client, DATE, FULL - 5);
      const racers = Array.from({ length: 20 }, () => entry({ kcal: 1 }));
      const answers = await Promise.all(
        racers.map((item) => client.put(`/api/days/${DATE}/entries/${item.id}`, item)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.filter((status) => status === 400)).toHaveLength(15);
      expect((await client.get(`/api/days/${DATE}`)).body.entries).toHaveLength(FULL);
    },
  );

  it('counts an entry moved from another day against the day it joins', { timeout: SLOW_MS }, async () => {
    const { client } = await signUp();
    await fill(client, DATE, FULL);
    const elsewhere = entry();
    await client.put(`/api/days/2026-11-21/entries/${elsewhere.id}`, elsewhere);
    const moved = await client.put(`/api/days/${DATE}/entries/${elsewhere.id}`, elsewhere);
    expect(moved.status).toBe(400);
    expect((await client.get('/api/days/2026-11-21')).body.entries).toHaveLength(1);
  });

  it(
    'reads, exports and edits a day an older build let grow past the limit',
    { timeout: SLOW_MS },
    async () => {
      const { client, user } = await signUp();
      await fill(client, DATE, 3);
      // What the old bug left: rows written past the limit (the guard stood aside to write them).
      await db().execute(sql`ALTER TABLE entries DISABLE TRIGGER entries_per_day`);
      await db().execute(sql`
      INSERT INTO entries (user_id, id, date, meal, name, amount, unit, grams, kcal, protein, fat, carbs, logged_at, updated_at)
      SELECT ${user.id}::uuid, gen_random_uuid(), ${DATE}::date, 'snacks', 'Sip', 1, 'kcal', NULL, 1, 0, 0, 0, now(), now()
      FROM generate_series(1, 600)`);
      await db().execute(sql`ALTER TABLE entries ENABLE TRIGGER entries_per_day`);
      const day = await client.get(`/api/days/${DATE}`);
      expect(day.status).toBe(200);
      expect(day.body.entries).toHaveLength(603);
      expect((await client.get(`/api/days?from=${DATE}&to=${DATE}`)).status).toBe(200);
      expect((await client.get(`/api/stats?from=${DATE}&to=${DATE}`)).status).toBe(200);
      const exported = await client.get('/api/export');
      expect(exported.status).toBe(200);
      expect(exported.body.days[0].entries).toHaveLength(603);
      const kept = day.body.entries[0];
      expect((await client.put(`/api/days/${DATE}/entries/${kept.id}`, { ...kept, kcal: 9 })).status).toBe(
        200,
      );
      const extra = entry();
      expect((await client.put(`/api/days/${DATE}/entries/${extra.id}`, extra)).status).toBe(400);
    },
  );

  it(
    'refuses an import that would make a day too long, and stores nothing of it',
    { timeout: SLOW_MS },
    async () => {
      const { client } = await signUp();
      const settings = (await client.get('/api/settings')).body;
      const dayOf = (count: number) => ({
        date: DATE,
        goal: 2000,
        weight: null,
        updatedAt: '2026-11-22T09:00:00.000Z',
        entries: Array.from({ length: count }, () => entry({ kcal: 1 })),
      });
      const foods = [
        {
          ...(await import('../support/fixtures')).oats,
          id: 7,
          createdAt: DATE + 'T00:00:00.000Z',
          updatedAt: DATE + 'T00:00:00.000Z',
        },
      ];
      expect((await client.post('/api/import', exportFile({ days: [dayOf(400)] }, settings))).status).toBe(
        200,
      );
      const before = (await client.get('/api/export')).body;
      const second = await client.post('/api/import', exportFile({ days: [dayOf(400)], foods }, settings));
      expect(second.status).toBe(400);
      expect(second.body).toMatchObject({
        field: `days.${DATE}.entries`,
        issues: [{ message: 'entriesPerDay' }],
      });
      const dry = await client.post('/api/import?dryRun=1', exportFile({ days: [dayOf(400)] }, settings));
      expect(dry.status).toBe(400);
      const after = (await client.get('/api/export')).body;
      expect({ ...after, exportedAt: null }).toEqual({ ...before, exportedAt: null });
    },
  );

  it('refuses an import naming an entry, a day or a food twice', async () => {
    const { client } = await signUp();
    const settings = (await client.get('/api/settings')).body;
    const twice = entry();
    const day = (date: string, entries: unknown[]) => ({
      date,
      goal: 2000,
      weight: null,
      updatedAt: '2026-11-22T09:00:00.000Z',
      entries,
    });
    const cases: Array<[unknown, string, string]> = [
      [{ days: [day(DATE, [twice, twice])] }, 'days.0.entries.1.id', 'duplicateEntry'],
      [{ days: [day(DATE, [twice]), day('2026-11-23', [twice])] }, 'days.1.entries.0.id', 'duplicateEntry'],
      [{ days: [day(DATE, []), day(DATE, [])] }, 'days.1.date', 'duplicateDate'],
    ];
    for (const [data, field, message] of cases) {
      const answer = await client.post('/api/import', exportFile(data as { days: unknown[] }, settings));
      expect(answer.status, field).toBe(400);
      expect(answer.body.issues).toContainEqual({ path: field, message });
    }
    expect((await client.get('/api/export')).body.days).toEqual([]);
  });

  it('answers 4xx, never 500, for what PostgreSQL cannot store, and stores nothing', async () => {
    const { client } = await signUp();
    const bad: Array<[string, string, unknown]> = [
      ['PUT', `/api/days/${DATE}/entries/ID`, entry({ loggedAt: '0000-01-01T00:00:00Z' })],
      ['PUT', `/api/days/${DATE}/entries/ID`, entry({ updatedAt: '9999-12-31T23:59:59-14:00' })],
      ['PUT', `/api/days/${DATE}/entries/ID`, entry({ name: 'a\u0000b' })],
      ['PUT', `/api/days/${DATE}/entries/ID`, entry({ food: 2_147_483_648 })],
      ['PUT', `/api/days/0000-01-01/entries/ID`, entry()],
      ['PATCH', `/api/days/${DATE}`, { weight: 70, baseUpdatedAt: '0000-01-01T00:00:00Z' }],
      ['POST', '/api/foods', { name: 'Pie\u0000', kcal: 100, protein: 1, fat: 1, carbs: 1 }],
      ['PATCH', '/api/foods/2147483648', { name: 'x' }],
      ['PATCH', '/api/settings', { name: 'Anna\u0000' }],
    ];
    for (const [method, url, body] of bad) {
      const id = (body as { id?: string }).id ?? 'x';
      const answer = await client.call(method, url.replace('ID', id), { body });
      expect(answer.status, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(answer.status).toBeLessThan(500);
    }
    expect((await client.get('/api/export')).body.days).toEqual([]);
  });

  it('reads back an entry timed at either end of the limits exactly as it was written', async () => {
    const { client } = await signUp();
    const first = new Date(LIMITS.timestampMs.min).toISOString();
    // The last whole second: entries keep their times to the second.
    const last = new Date(Math.floor(LIMITS.timestampMs.max / 1000) * 1000).toISOString();
    const early = entry({ loggedAt: first, updatedAt: last });
    const late = entry({ loggedAt: last, updatedAt: first });
    const written = await client.put(`/api/days/${DATE}/entries/${early.id}`, early);
    expect(written.status).toBe(200);
    expect(written.body.entries).toEqual([early]);
    expect((await client.put(`/api/days/${DATE}/entries/${late.id}`, late)).body.entries).toEqual([
      early,
      late,
    ]);
    const day = (await client.get(`/api/days/${DATE}`)).body;
    expect(day.entries).toEqual([early, late]);
    expect(day.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The list of days reads the same rows by another path (drizzle's Dates): the same answer.
    expect((await client.get(`/api/days?from=${DATE}&to=${DATE}`)).body).toEqual([day]);
  });

  it('treats an unreadable cookie or a token with a malformed session id as no session', async () => {
    const { user } = await signUp();
    for (const cookie of ['%', '%E0%A4%A', 'a%2']) {
      const client = new TestClient();
      client.cookies.set(SESSION_COOKIE, cookie);
      client.cookies.set('i18n_redirected', '%');
      expect((await client.get('/api/me')).status).toBe(401);
    }
    const forged = await signSession(
      { userId: user.id, sessionId: 'not-a-uuid' },
      new Date(Date.now() + 60_000),
    );
    const client = new TestClient();
    client.cookies.set(SESSION_COOKIE, forged);
    expect((await client.get('/api/me')).status).toBe(401);
  });
});

describe('the database constraints', () => {
  // Every CHECK of the migrations, by name, and the limit it must hold.
  const expected: Record<string, NumericLimit> = {
    days_goal_range: LIMITS.goalKcal,
    days_weight_range: LIMITS.weightKg,
    days_water_range: LIMITS.waterMl,
    entries_name_length: LIMITS.nameLength,
    entries_amount_range: LIMITS.entryAmount,
    entries_grams_range: LIMITS.entryGrams,
    entries_kcal_range: LIMITS.entryKcal,
    entries_protein_range: LIMITS.entryMacro,
    entries_fat_range: LIMITS.entryMacro,
    entries_carbs_range: LIMITS.entryMacro,
    foods_name_length: LIMITS.nameLength,
    foods_kcal_range: LIMITS.foodKcal,
    foods_protein_range: LIMITS.foodMacro,
    foods_fat_range: LIMITS.foodMacro,
    foods_carbs_range: LIMITS.foodMacro,
    foods_serving_grams_range: LIMITS.servingGrams,
    settings_goal_range: LIMITS.goalKcal,
    settings_weight_range: LIMITS.weightKg,
    settings_height_range: LIMITS.heightCm,
    settings_age_range: LIMITS.ageYears,
    settings_water_glass_range: LIMITS.waterGlassMl,
    settings_water_goal_range: LIMITS.waterGoalMl,
    settings_steps_goal_range: LIMITS.stepsGoal,
    settings_activity_share_range: LIMITS.activityShare,
  };
  const migrations = readdirSync(MIGRATIONS_FOLDER)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8'))
    .join('\n');

  it('hold the numbers of lib/limits.ts', () => {
    const found = Object.fromEntries(
      [...migrations.matchAll(/CONSTRAINT "(\w+)" CHECK \(.*? BETWEEN ([\d.]+) AND ([\d.]+)\)/g)].map(
        ([, name, min, max]) => [name, { min: Number(min), max: Number(max) }],
      ),
    );
    expect(found).toEqual(expected);
    const perDay =
      /count\(\*\) FROM entries WHERE user_id = NEW\.user_id AND date = NEW\.date\) > (\d+)/.exec(migrations);
    expect(Number(perDay?.[1])).toBe(LIMITS.entriesPerDay.max);
  });
});
