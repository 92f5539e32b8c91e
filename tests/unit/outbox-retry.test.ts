import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRepository } from '@/lib/data/api/api-repository';
import { AccountStore } from '@/lib/data/offline/account-store';
import { OfflineAccountRepository } from '@/lib/data/offline/offline-repository';
import { getSyncStatus } from '@/lib/data/sync-status';
import { entry } from '../support/fixtures';
import type { Entry } from '@/lib/schemas/entry';

// While the server cannot be reached, the outbox tries again after 1 s, 2 s, 4 s ...
// (at most a minute), at once when the browser says it is online, and keeps the order.

/** A window for watch(): its events, navigator.onLine and a document to be visible. */
function fakeWindow(onLine: boolean) {
  const target = new EventTarget() as EventTarget & { navigator: object; document: EventTarget & object };
  target.navigator = { onLine };
  target.document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  return target as unknown as Window;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function settle() {
  // IndexedDB (fake-indexeddb) answers on real macrotasks: let them run between timer steps.
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('the outbox while the server cannot be reached', () => {
  it('tries again with back-off, at once when online, and sends in order', async () => {
    const sent: string[] = [];
    let reachable = false;
    const day = {
      date: '2026-11-20',
      goal: 2500,
      weight: null,
      entries: [],
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      // Changes of days go in batches (app/api/batch), one change alone as a batch of one.
      expect(url).toMatch(/\/api\/batch$/);
      const { changes } = JSON.parse(String(init.body)) as { changes: Array<{ change: { entry: Entry } }> };
      sent.push(...changes.map(({ change }) => change.entry.name));
      const answer = { done: changes.length, failed: null, days: [day] };
      return new Response(JSON.stringify(answer), { status: 200 });
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const store = await AccountStore.open(`retry-${Math.random()}`);
    const repository = new OfflineAccountRepository(new ApiRepository(), store, 'retry');
    const window = fakeWindow(false);
    const stop = repository.outbox.watch(window);
    await settle();

    let tries = 0;
    const attempts = () => tries;
    const counting = globalThis.fetch;
    vi.stubGlobal('fetch', (...args: Parameters<typeof fetch>) => {
      tries++;
      return counting(...args);
    });

    await repository.changeDay('2026-11-20', { kind: 'putEntry', entry: entry({ name: 'First' }) });
    await repository.changeDay('2026-11-20', { kind: 'putEntry', entry: entry({ name: 'Second' }) });
    await settle();
    const afterWrites = attempts();
    expect(getSyncStatus()).toMatchObject({ online: false, pending: 2 });

    // 1 s, then 2 s, then 4 s later: one more try each time, none in between.
    for (const delay of [1_000, 2_000, 4_000]) {
      await vi.advanceTimersByTimeAsync(delay - 10);
      await settle();
      const before = attempts();
      await vi.advanceTimersByTimeAsync(10);
      await settle();
      expect(attempts(), `after ${delay} ms`).toBe(before + 1);
    }
    expect(attempts()).toBe(afterWrites + 3);

    // The browser says the network is back: sent at once, in the order they were made.
    reachable = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    await vi.advanceTimersByTimeAsync(0);
    await settle();
    expect(sent).toEqual(['First', 'Second']);
    expect(await store.outbox()).toEqual([]);
    expect(getSyncStatus()).toMatchObject({ online: true, pending: 0 });
    stop();
  });
});
