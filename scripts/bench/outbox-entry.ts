// Bundled by scripts/bench/outbox.mjs for Node: the account repository's outbox, replayed
// against the production server over HTTP, with IndexedDB from fake-indexeddb.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { ApiRepository } from '@/lib/data/api/api-repository';
import { AccountStore } from '@/lib/data/offline/account-store';
import { OfflineAccountRepository } from '@/lib/data/offline/offline-repository';
import type { Entry } from '@/lib/schemas/entry';

/**
 * Queues `count` entry writes offline (over `days` days), then times the replay to fully synced,
 * sending at most `batchSize` changes per request, each request `roundTripMs` late.
 * Answers the milliseconds, the requests sent and the entries the server then holds.
 */
export async function replayOutbox(
  baseUrl: string,
  cookie: string,
  count: number,
  days: number,
  { batchSize, roundTripMs }: { batchSize: number; roundTripMs: number },
) {
  let online = false;
  let requests = 0;
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    if (!online) throw new TypeError('Failed to fetch');
    requests++;
    if (roundTripMs > 0) await new Promise((resolve) => setTimeout(resolve, roundTripMs));
    return realFetch(new URL(url, baseUrl), { ...init, headers: { ...(init.headers as object), cookie } });
  }) as typeof fetch;

  const store = await AccountStore.open(`bench-${randomUUID()}`);
  const repository = new OfflineAccountRepository(new ApiRepository(), store, 'bench');
  repository.outbox.batchSize = batchSize;
  const dates = Array.from({ length: days }, (_, index) => `2026-10-${String(index + 1).padStart(2, '0')}`);
  for (let index = 0; index < count; index++) {
    const now = new Date(Date.UTC(2026, 9, 1, 8, 0, index)).toISOString();
    const entry: Entry = {
      id: randomUUID(),
      meal: 'snacks',
      food: null,
      name: `Snack ${index}`,
      amount: 100,
      unit: 'kcal',
      grams: null,
      kcal: 100,
      protein: 0,
      fat: 0,
      carbs: 0,
      loggedAt: now,
      updatedAt: now,
    };
    await repository.changeDay(dates[index % days]!, { kind: 'putEntry', entry });
  }
  const queued = (await store.outbox()).length;

  online = true;
  requests = 0;
  const started = performance.now();
  await repository.sync();
  const ms = performance.now() - started;
  const left = (await store.outbox()).length;

  const stored = await new ApiRepository().listDays(dates[0]!, dates.at(-1)!);
  globalThis.fetch = realFetch;
  return { queued, ms, requests, left, stored: stored.reduce((sum, day) => sum + day.entries.length, 0) };
}
