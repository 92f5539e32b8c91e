import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { ApiRepository } from '@/lib/data/api/api-repository';
import { splitExport } from '@/lib/data/api/import-chunks';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import type { DiaryExport } from '@/lib/schemas/export';

const entry = (id: string, updatedAt: string, kcal = 100): Entry => ({
  id,
  meal: 'lunch',
  food: null,
  name: 'Soup',
  amount: kcal,
  unit: 'kcal',
  grams: null,
  kcal,
  protein: 0,
  fat: 0,
  carbs: 0,
  loggedAt: '2026-11-20T12:00:00.000Z',
  updatedAt,
});

const day = (entries: Entry[], updatedAt = '2026-11-20T12:00:00.000Z'): Day => ({
  date: '2026-11-20',
  goal: 2000,
  weight: null,
  water: 0,
  activities: [],
  entries,
  updatedAt,
});

type Call = { method: string; url: string; body: unknown };

/** Answers each request with the next scripted response and records what was sent. */
function scriptFetch(responses: Array<{ status: number; body?: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({
      method: init.method ?? 'GET',
      url,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const next = responses.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    return new Response(next.status === 204 ? null : JSON.stringify(next.body), { status: next.status });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const A = '11111111-1111-4111-8111-111111111111';

/** The batch endpoint's answer to one change: taken, with the day after it. */
const taken = (after: Day) => ({ status: 200, body: { done: 1, failed: null, days: [after] } });
/** The batch endpoint's answer to one change it stopped at, as its own route would have answered. */
const stopped = (status: number, body: unknown) => ({
  status: 200,
  body: { done: 0, failed: { status, body }, days: [] },
});
type Sent = { changes: Array<{ date: string; change: { kind: string }; base?: string | null }> };
const sent = (call: Call) => (call.body as Sent).changes[0]!;

describe('ApiRepository writes', () => {
  it('bases an entry write on the day as last seen: none for a new day, then its updatedAt', async () => {
    const first = entry(A, '2026-11-20T12:00:00.000Z');
    const edited = entry(A, '2026-11-20T13:00:00.000Z', 150);
    const calls = scriptFetch([
      taken(day([first], '2026-11-20T12:00:00.000Z')),
      taken(day([edited], '2026-11-20T13:00:00.000Z')),
    ]);
    const repository = new ApiRepository();
    await repository.changeDay('2026-11-20', { kind: 'putEntry', entry: first });
    await repository.changeDay('2026-11-20', { kind: 'putEntry', entry: edited });
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['POST', '/api/batch'],
      ['POST', '/api/batch'],
    ]);
    expect(sent(calls[0]!)).toEqual({
      date: '2026-11-20',
      change: { kind: 'putEntry', entry: first },
      base: null,
    });
    expect(sent(calls[1]!).base).toBe('2026-11-20T12:00:00.000Z');
  });

  it('on a stale entry write, retries on top of the server day when our entry is newer', async () => {
    const theirs = entry(A, '2026-11-20T12:30:00.000Z', 120);
    const ours = entry(A, '2026-11-20T13:00:00.000Z', 150);
    const current = day([theirs], '2026-11-20T12:31:00.000Z');
    const calls = scriptFetch([stopped(409, { error: 'conflict', current }), taken(day([ours]))]);
    const result = await new ApiRepository().changeDay('2026-11-20', { kind: 'putEntry', entry: ours });
    expect(result!.entries[0]!.kcal).toBe(150);
    expect(sent(calls[1]!).base).toBe(current.updatedAt);
  });

  it('on a stale write to a day deleted meanwhile, writes it as new', async () => {
    const ours = entry(A, '2026-11-20T13:00:00.000Z', 150);
    const calls = scriptFetch([
      { status: 200, body: day([], '2026-11-20T12:00:00.000Z') },
      stopped(409, { error: 'conflict', current: null }),
      taken(day([ours])),
    ]);
    const repository = new ApiRepository();
    await repository.getDay('2026-11-20');
    await repository.changeDay('2026-11-20', { kind: 'putEntry', entry: ours });
    expect(sent(calls[1]!).base).toBe('2026-11-20T12:00:00.000Z');
    expect(sent(calls[2]!).base).toBeNull();
  });

  it('on a stale entry write, keeps the server copy when it is newer than ours', async () => {
    const theirs = entry(A, '2026-11-20T14:00:00.000Z', 120);
    const ours = entry(A, '2026-11-20T13:00:00.000Z', 150);
    const calls = scriptFetch([stopped(409, { error: 'conflict', current: day([theirs]) })]);
    const result = await new ApiRepository().changeDay('2026-11-20', { kind: 'putEntry', entry: ours });
    expect(result!.entries[0]!.kcal).toBe(120);
    expect(calls).toHaveLength(1);
  });

  it('sends a weight without a base, for the server to set on its newest day, and throws its refusal', async () => {
    const current = day([], '2026-11-20T15:00:00.000Z');
    const calls = scriptFetch([taken({ ...current, weight: 70 })]);
    const saved = await new ApiRepository().changeDay('2026-11-20', { kind: 'setWeight', weight: 70 });
    expect(saved!.weight).toBe(70);
    expect(calls[0]!.body).toEqual({
      changes: [{ date: '2026-11-20', change: { kind: 'setWeight', weight: 70 } }],
    });

    scriptFetch([stopped(400, { error: 'invalid', issues: [{ path: 'weight', message: 'weightRange' }] })]);
    await expect(
      new ApiRepository().changeDay('2026-11-20', { kind: 'setWeight', weight: 70 }),
    ).rejects.toMatchObject({ status: 400, issueMessage: 'weightRange' });
  });

  it('answers the day as it is when what a change removes is already gone', async () => {
    const now = day([], '2026-11-20T15:00:00.000Z');
    const calls = scriptFetch([stopped(404, { error: 'notFound' }), { status: 200, body: now }]);
    const answer = await new ApiRepository().changeDay('2026-11-20', { kind: 'deleteEntry', entryId: A });
    expect(answer).toEqual(now);
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['POST', '/api/batch'],
      ['GET', '/api/days/2026-11-20'],
    ]);
  });

  it('takes an older server’s refusal of the batch’s very shape as a wait, not as a refusal of the change', async () => {
    const older = {
      error: 'invalid',
      field: 'operations',
      issues: [{ path: 'operations', message: 'invalid' }],
    };
    scriptFetch([{ status: 400, body: older }]);
    await expect(
      new ApiRepository().changeDay('2026-11-20', { kind: 'setWater', water: 250 }),
    ).rejects.toMatchObject({ status: 503 });
  });

  it('answers null for a day the server does not have', async () => {
    scriptFetch([{ status: 404, body: { error: 'notFound' } }]);
    const repository = new ApiRepository();
    expect(await repository.getDay('2026-11-21')).toBeNull();
  });

  it('rejects an answer that does not match the schema instead of showing it', async () => {
    scriptFetch([{ status: 200, body: { date: '2026-11-20', entries: 'nope' } }]);
    await expect(new ApiRepository().getDay('2026-11-20')).rejects.toThrow();
  });
});

describe('splitExport', () => {
  const settings = {
    ...defaultSettings('2026-11-20T12:00:00.000Z'),
    language: 'en' as const,
    currentGoal: 2000,
  };

  const manyDays = Array.from({ length: 400 }, (_, index) => ({
    ...day(
      Array.from({ length: 8 }, (_, n) => entry(crypto.randomUUID(), '2026-11-20T12:00:00.000Z', n + 1)),
    ),
    date: `2025-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
  }));
  const data: DiaryExport = {
    format: 'calorie-diary',
    version: 1,
    exportedAt: '2026-11-20T12:00:00.000Z',
    settings,
    foods: [],
    days: manyDays,
  };

  it('keeps every part under the limit, each a whole export, with every day exactly once', () => {
    const parts = splitExport(data, 100_000);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(new TextEncoder().encode(JSON.stringify(part)).length).toBeLessThanOrEqual(100_000);
      expect(part.settings).toEqual(settings);
    }
    expect(parts.flatMap((part) => part.days)).toEqual(manyDays);
  });

  it('sends all foods with the first part and later only the foods their entries point at', () => {
    const foods = Array.from({ length: 60 }, (_, index) => ({
      id: index + 1,
      name: `Food number ${index + 1} with a long enough name`,
      brand: null,
      kcal: 100,
      protein: 10,
      fat: 5,
      carbs: 10,
      serving: null,
      measures: [],
      favorite: false,
      recipe: null,
      createdAt: '2026-11-20T12:00:00.000Z',
      updatedAt: '2026-11-20T12:00:00.000Z',
    }));
    const withFoods = manyDays.map((day, index) => ({
      ...day,
      entries: day.entries.map((entry, n) => ({ ...entry, food: ((index + n) % 40) + 1 })),
    }));
    const parts = splitExport({ ...data, foods, days: withFoods }, 100_000);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts[0]!.foods).toEqual(foods);
    for (const part of parts.slice(1)) {
      const used = new Set(part.days.flatMap((day) => day.entries.map((entry) => entry.food)));
      expect(new Set(part.foods.map((food) => food.id))).toEqual(used);
      expect(new TextEncoder().encode(JSON.stringify(part)).length).toBeLessThanOrEqual(100_000);
    }
    expect(parts.flatMap((part) => part.days)).toEqual(withFoods);
  });

  it('sends a small export in one part', () => {
    expect(splitExport({ ...data, days: manyDays.slice(0, 3) })).toHaveLength(1);
  });
});
