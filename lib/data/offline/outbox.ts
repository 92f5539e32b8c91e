import { ApiError, NetworkError } from '@/lib/http/api-client';
import { LIMITS } from '@/lib/limits';
import { entryTimestampSchema } from '@/lib/schemas/common';
import type { Day } from '@/lib/schemas/day';
import type { Food } from '@/lib/schemas/food';
import { updateSyncStatus } from '@/lib/data/sync-status';
import type { ApiRepository } from '../api/api-repository';
import { EntryConflictError } from '../types';
import type { AccountStore } from './account-store';
import { askForBackgroundSync, BACKGROUND_SYNC_MESSAGE } from './background-sync';
import { applyToSettings, dateOf, entryOf, type Operation, type QueuedOperation } from './operations';
import { baseOf, batchRun, refusalReason, type Advanced, type QueuedDayOperation } from './outbox-batches';
import { keepReceivedDay, moveTempFood } from './received';

/** Backing off while the server cannot be reached: 1 s, 2 s, 4 s ... at most a minute. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 60_000;

export type Rejection = { seq: number; error: unknown };

/**
 * The changes an account made that the server has not taken yet, kept in the account's own
 * IndexedDB store and sent in order whenever the server can be reached: at once, when the
 * network returns, when the tab comes back, and with back-off in between. Changes are
 * idempotent by their ids, so a change sent twice (an answer lost on the way) changes nothing
 * the second time.
 *
 * A change the server refuses is kept as failed, with its reason, until the user discards or
 * redoes it; an entry changed here and on another device meanwhile is kept as a conflict with
 * both versions. Nothing is dropped without the user's say.
 */
export class Outbox {
  /** The most changes one request carries; 1 sends each alone (the outbox bench compares both). */
  batchSize: number = LIMITS.batchOperations.max;
  private running: Promise<Rejection[]> | null = null;
  /** Temporary food ids and the ids the server gave them, in this tab. */
  private readonly createdIds = new Map<number, number>();
  private again = false;
  private retryDelay = RETRY_MIN_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Retries are timed only while the tab watches for the network (watch()). */
  private watching = false;

  constructor(
    private readonly api: ApiRepository,
    private readonly store: AccountStore,
    private readonly userId: string,
    private readonly now: () => string,
  ) {}

  /** The id the server gave a food made offline with the temporary id `tempId`, once it has. */
  serverFoodId(tempId: number): number | undefined {
    return this.createdIds.get(tempId);
  }

  /** Starts sending on the events that may bring the network back; answers how to stop. */
  watch(target: Window = window): () => void {
    const onOnline = () => {
      updateSyncStatus({ online: true });
      // The network is back: a first try that still fails (the connection settling) is retried
      // within a second, not after the back-off that grew while offline (up to a minute).
      this.retryDelay = RETRY_MIN_MS;
      void this.sync();
    };
    const onOffline = () => updateSyncStatus({ online: false });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void this.sync();
    };
    // Background Sync: the service worker says when the browser thinks the network is back.
    const onWorkerMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === BACKGROUND_SYNC_MESSAGE) void this.sync();
    };
    target.navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    target.addEventListener('online', onOnline);
    target.addEventListener('offline', onOffline);
    target.addEventListener('focus', onVisible);
    target.document.addEventListener('visibilitychange', onVisible);
    updateSyncStatus({ online: target.navigator.onLine });
    this.watching = true;
    void this.sync();
    return () => {
      this.watching = false;
      target.navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      target.removeEventListener('online', onOnline);
      target.removeEventListener('offline', onOffline);
      target.removeEventListener('focus', onVisible);
      target.document.removeEventListener('visibilitychange', onVisible);
      clearTimeout(this.retryTimer);
    };
  }

  // ---- for the screens ---------------------------------------------------------------------

  /** Drops a failed or conflicting change and shows the server's copy again. */
  async discardChange(seq: number): Promise<void> {
    const operation = (await this.store.outbox()).find((candidate) => candidate.seq === seq);
    if (!operation) return;
    await this.store.removeOperation(seq);
    await this.refreshAfter(operation);
    await this.publish();
  }

  /** Resolves a conflict for this device's version: sent again, based on the other device's. */
  async keepMine(seq: number): Promise<void> {
    const operation = (await this.store.outbox()).find((candidate) => candidate.seq === seq);
    const entry = operation && entryOf(operation);
    if (!entry || operation.kind !== 'changeDay' || !operation.base) return;
    await this.store.updateOperation({
      ...operation,
      state: 'queued',
      // To the whole second, as the server keeps it: a retry then finds its own copy there.
      change: { kind: 'putEntry', entry: { ...entry, updatedAt: entryTimestampSchema.parse(this.now()) } },
      base: { ...operation.base, entry: operation.theirs ?? null },
      theirs: undefined,
      error: undefined,
    });
    await this.sync();
  }

  // ---- sending ----------------------------------------------------------------------------

  /**
   * Sends what the outbox holds, in order, once at a time per account across this browser's
   * tabs; answers the changes the server refused on the way.
   */
  sync(): Promise<Rejection[]> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      const rejected: Rejection[] = [];
      do {
        this.again = false;
        rejected.push(...(await this.exclusively(() => this.sendQueued())));
      } while (this.again);
      return rejected;
    };
    this.running = run().finally(() => {
      this.running = null;
      void this.publish();
    });
    return this.running;
  }

  private exclusively<T>(work: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? (locks.request(`diary-outbox-${this.userId}`, work) as Promise<T>) : work();
  }

  private async sendQueued(): Promise<Rejection[]> {
    const rejected: Rejection[] = [];
    // The day versions this run's own changes produced, from the version they were made on.
    const advanced: Advanced = new Map();
    // Changes a batch stopped at (or could not carry), to be sent alone next.
    const alone = new Set<number>();
    let sent = 0;
    updateSyncStatus({ syncing: true });
    try {
      for (;;) {
        const queued = (await this.store.outbox()).filter((operation) => operation.state === 'queued');
        const next = queued[0];
        if (!next) break;
        const run = batchRun(queued, alone, this.batchSize);
        if (run.length > 1) {
          try {
            sent += await this.deliverBatch(run, advanced, alone);
          } catch (error) {
            if (!refusalReason(error)) {
              this.stopped(error);
              return rejected;
            }
            // The server refused the batch as a whole (an older server without the route): the
            // first change goes alone, to its own answer, and the rest follow.
            alone.add(next.seq);
          }
          continue;
        }
        try {
          await this.deliver(next, advanced);
          await this.store.removeOperation(next.seq);
          sent++;
        } catch (error) {
          if (error instanceof EntryConflictError) {
            await this.store.updateOperation({ ...next, state: 'conflict', theirs: error.theirs });
          } else if (refusalReason(error)) {
            rejected.push({ seq: next.seq, error });
            await this.store.updateOperation({
              ...next,
              state: 'failed',
              attempts: next.attempts + 1,
              error: refusalReason(error)!,
            });
          } else {
            this.stopped(error);
            return rejected;
          }
        }
      }
      this.retryDelay = RETRY_MIN_MS;
      updateSyncStatus(sent > 0 ? { online: true, sessionEnded: false, syncedAt: Date.now() } : {});
      return rejected;
    } finally {
      updateSyncStatus({ syncing: false });
    }
  }

  /** The network or the session stopped the run: try again later, or after logging in. */
  private stopped(error: unknown): void {
    if (error instanceof ApiError && error.status === 401) {
      updateSyncStatus({ sessionEnded: true });
      return;
    }
    if (!(error instanceof NetworkError) && !(error instanceof ApiError)) throw error;
    updateSyncStatus({ online: !(error instanceof NetworkError) });
    clearTimeout(this.retryTimer);
    if (!this.watching) return;
    if (error instanceof NetworkError) askForBackgroundSync();
    // Each try the timer makes waits twice as long as the one before; a try the user's own
    // change or a read makes waits no longer.
    this.retryTimer = setTimeout(() => {
      this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
      void this.sync();
    }, this.retryDelay);
  }

  /**
   * Sends the changes of days at the head of the outbox in one request; answers how many the
   * server took. Those are done; the one it stopped at is sent alone next, where its conflict or
   * refusal is met as it always was.
   */
  private async deliverBatch(
    run: QueuedDayOperation[],
    advanced: Advanced,
    alone: Set<number>,
  ): Promise<number> {
    const answer = await this.api.sendBatch(
      run.map((operation) => ({
        date: operation.date,
        change: operation.change,
        base: baseOf(operation, advanced)?.day,
      })),
    );
    const taken = run.slice(0, answer.done);
    const days = new Map(answer.days.map((day) => [day.date, day]));
    for (const operation of taken) {
      if (operation.base)
        advanced.set(operation.date, { from: operation.base.day, to: days.get(operation.date)!.updatedAt });
      await this.store.removeOperation(operation.seq);
    }
    const last = taken.at(-1);
    if (last) for (const day of days.values()) await this.receivedDay(day, last.seq);
    const stoppedAt = run[answer.done];
    if (stoppedAt) alone.add(stoppedAt.seq);
    return taken.length;
  }

  private async deliver(operation: QueuedOperation, advanced: Advanced): Promise<void> {
    switch (operation.kind) {
      case 'changeDay': {
        const day = await this.api.changeDay(operation.date, operation.change, baseOf(operation, advanced));
        if (day && operation.base)
          advanced.set(operation.date, { from: operation.base.day, to: day.updatedAt });
        return day ? this.receivedDay(day, operation.seq) : undefined;
      }
      case 'createFood': {
        const food = await this.api.createFood(operation.input);
        await this.remapTempFood(operation.tempId, food);
        return;
      }
      case 'updateFood': {
        const food = await this.api.updateFood(operation.id, operation.input);
        const foods = (await this.store.foods()) ?? [];
        await this.store.putFoods(foods.map((candidate) => (candidate.id === food.id ? food : candidate)));
        return;
      }
      case 'deleteFood':
        return this.api.deleteFood(operation.id);
      case 'updateSettings': {
        const settings = await this.api.updateSettings(operation.patch);
        const later = (await this.queued()).filter(
          (queued) => queued.seq > operation.seq && queued.kind === 'updateSettings',
        );
        const shown = later.reduce(
          (current, queued) =>
            queued.kind === 'updateSettings' ? applyToSettings(current, queued.patch, this.now()) : current,
          settings,
        );
        return this.store.putSettings(shown);
      }
      default: {
        const never: never = operation;
        return never;
      }
    }
  }

  /** Keeps the server's copy of a day, with the changes still waiting for it shown on top. */
  private receivedDay(day: Day, afterSeq: number): Promise<void> {
    return keepReceivedDay(this.store, day, afterSeq);
  }

  /** The server gave a food created offline its id: every reference to the temporary one moves. */
  private async remapTempFood(tempId: number, food: Food): Promise<void> {
    this.createdIds.set(tempId, food.id);
    await moveTempFood(this.store, tempId, food);
  }

  /**
   * Records a change, shows it, and sends the outbox. When the server refuses this very change
   * at once, the change is taken back and the refusal thrown, as a plain online write would.
   */
  async send(operation: Operation, restore: () => Promise<void>): Promise<void> {
    const queued = await this.store.enqueue({
      ...operation,
      queuedAt: this.now(),
      state: 'queued',
      attempts: 0,
    } as Omit<QueuedOperation, 'seq'>);
    await this.publish();
    const refusal = (await this.sync()).find((rejection) => rejection.seq === queued.seq);
    if (refusal) {
      await this.store.removeOperation(queued.seq);
      await restore().catch(() => undefined);
      await this.publish();
      throw refusal.error;
    }
  }

  private async refreshAfter(operation: Operation): Promise<void> {
    const date = dateOf(operation);
    try {
      if (date) await this.store.putDay(date, await this.api.getDay(date));
      else if (operation.kind === 'updateSettings')
        await this.store.putSettings(await this.api.getSettings());
      else await this.store.putFoods(await this.api.listFoods());
    } catch {
      // Offline: the server's copy comes with the next read.
    }
  }

  /** Drops earlier failed or conflicting changes that a new change replaces. */
  async dropSettled(matches: (operation: QueuedOperation) => boolean): Promise<void> {
    for (const operation of await this.store.outbox()) {
      if (operation.state !== 'queued' && matches(operation)) await this.store.removeOperation(operation.seq);
    }
  }

  /** The changes the server has not taken yet, but for those it refused. */
  async queued(): Promise<QueuedOperation[]> {
    return (await this.store.outbox()).filter((operation) => operation.state !== 'failed');
  }

  /**
   * The day version the entry changes of `date` still waiting were made on (null: a day the
   * server had not got); undefined when none waits. Until they are sent, the day shown here is
   * that version with them on top, whatever its own updatedAt says.
   */
  async waitingBase(date: string): Promise<string | null | undefined> {
    const waiting = (await this.store.outbox()).filter(
      (operation) => operation.state === 'queued' && dateOf(operation) === date && entryOf(operation),
    );
    const last = waiting.at(-1);
    return last?.kind === 'changeDay' ? last.base?.day : undefined;
  }

  /** Whether a change the server has not taken yet matches. */
  async waiting(matches: (operation: QueuedOperation) => boolean): Promise<boolean> {
    return (await this.queued()).some(matches);
  }

  /** Tells the screens what waits, what failed and what met a conflict. */
  async publish(): Promise<void> {
    const outbox = await this.store.outbox();
    updateSyncStatus({
      pending: outbox.filter((operation) => operation.state === 'queued').length,
      failed: outbox.filter((operation) => operation.state === 'failed'),
      conflicts: outbox.filter((operation) => operation.state === 'conflict'),
    });
  }
}
