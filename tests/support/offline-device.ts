import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { ApiRepository } from '@/lib/data/api/api-repository';
import { AccountStore } from '@/lib/data/offline/account-store';
import { OfflineAccountRepository } from '@/lib/data/offline/offline-repository';
import { TestClient } from './api-client';

/**
 * A device of one account for the offline tests: its own browser storage (an IndexedDB
 * database named for it) and its own network, which the test switches off and on. Requests go
 * to the real route handlers through a TestClient with the account's session cookie.
 */
export class Device {
  online = true;
  /** When set, a request reaches the server but its answer is lost on the way back. */
  loseAnswers = false;
  requests = 0;
  /**
   * The answers this device received, as "METHOD path status", oldest first; a batch's also say
   * how many of its changes were taken and how the one it stopped at was answered.
   */
  readonly answers: string[] = [];

  private constructor(
    readonly client: TestClient,
    readonly store: AccountStore,
    readonly repository: OfflineAccountRepository,
  ) {}

  static async open(client: TestClient, userId: string, name: string): Promise<Device> {
    // Each device has a browser of its own: its store is named for the device, not shared.
    const store = await AccountStore.open(`${userId}-${name}`);
    const device = new Device(client, store, undefined as never);
    const repository = new OfflineAccountRepository(new ApiRepository(), store, `${userId}-${name}`);
    (device as { repository: OfflineAccountRepository }).repository = repository;
    return device;
  }

  /** The same browser after a reload: the same store, a new repository with nothing in memory. */
  reload(): OfflineAccountRepository {
    const repository = new OfflineAccountRepository(
      new ApiRepository(),
      this.store,
      `reloaded-${Math.random()}`,
    );
    (this as { repository: OfflineAccountRepository }).repository = repository;
    return repository;
  }

  /** Routes fetch() through this device while `work` runs. */
  async use<T>(work: (repository: OfflineAccountRepository) => Promise<T>): Promise<T> {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      this.requests++;
      if (!this.online) throw new TypeError('Failed to fetch');
      const answer = await this.client.call(init.method ?? 'GET', url, {
        body: init.body === undefined ? undefined : String(init.body),
      });
      this.answers.push(
        `${init.method ?? 'GET'} ${new URL(url, 'http://device').pathname} ${answer.status}${batchOutcome(init, answer)}`,
      );
      if (this.loseAnswers) throw new TypeError('network connection lost');
      return new Response(answer.status === 204 ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: answer.headers,
      });
    });
    try {
      return await work(this.repository);
    } finally {
      vi.unstubAllGlobals();
    }
  }
}

/** What a batch did, as ": 2 of 3, then 409" (nothing for any other request). */
function batchOutcome(init: RequestInit, answer: { status: number; body: unknown }): string {
  const body = answer.body as { done?: number; failed?: { status: number } | null } | undefined;
  if (answer.status !== 200 || typeof body?.done !== 'number') return '';
  const sent = (JSON.parse(String(init.body)) as { changes: unknown[] }).changes.length;
  return `: ${body.done} of ${sent}${body.failed ? `, then ${body.failed.status}` : ''}`;
}
