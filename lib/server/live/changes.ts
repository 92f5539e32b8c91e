import 'server-only';
import { closeOnStop } from '@/server/lifecycle.mjs';
import { loggableError, logger } from '@/server/log.mjs';
import type { Database } from '@/lib/server/db/client';

/** The channel the database announces an account's changes on (migration 0018_live_changes). */
export const CHANGES_CHANNEL = 'diary_changes';

/**
 * A change of an account's data as the database announced it at commit: a day (`date`, and its
 * new version `updatedAt`, null when the day was removed), its settings, or its foods.
 */
export type Change =
  { kind: 'day'; date: string; updatedAt: string | null } | { kind: 'settings' } | { kind: 'foods' };

type Listener = (change: Change) => void;

/** What the database sends: {u: user, k: 'day' | 'settings' | 'foods', d?: date, v?: version}. */
function announced(payload: string | undefined): { userId: string; change: Change } | null {
  try {
    const sent = JSON.parse(payload ?? '') as { u?: unknown; k?: unknown; d?: unknown; v?: unknown };
    if (typeof sent.u !== 'string') return null;
    if (sent.k === 'day' && typeof sent.d === 'string')
      return {
        userId: sent.u,
        change: {
          kind: 'day',
          date: sent.d,
          updatedAt: typeof sent.v === 'string' ? new Date(sent.v).toISOString() : null,
        },
      };
    if (sent.k === 'settings' || sent.k === 'foods') return { userId: sent.u, change: { kind: sent.k } };
    return null;
  } catch {
    return null;
  }
}

type PgliteClient = {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
};
type PgPool = { options: object };

/**
 * One database's announcements, handed to the pages of each account that listen. The database
 * is listened to once per process and database, from the first page that listens on: PGlite in
 * this process; PostgreSQL on a connection of its own (a pool's connections are lent out, and
 * LISTEN belongs to a connection), so a change written by any instance reaches the pages open on
 * every instance. A lost connection is made again, and the pages are told `gap`: they read
 * everything again, since what was announced meanwhile is lost.
 */
class ChangeFeed {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly gaps = new Set<() => void>();
  private started: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly db: Database) {}

  async listen(userId: string, listener: Listener, onGap: () => void): Promise<() => void> {
    let own = this.listeners.get(userId);
    if (!own) this.listeners.set(userId, (own = new Set()));
    own.add(listener);
    this.gaps.add(onGap);
    const stop = () => {
      own.delete(listener);
      if (own.size === 0) this.listeners.delete(userId);
      this.gaps.delete(onGap);
    };
    this.started ??= this.start().catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    try {
      await this.started;
    } catch (error) {
      // The database cannot be listened to now: this page is told so (503) and kept nowhere.
      stop();
      throw error;
    }
    return stop;
  }

  private deliver(payload: string | undefined): void {
    const sent = announced(payload);
    if (!sent) return;
    for (const listener of this.listeners.get(sent.userId) ?? []) listener(sent.change);
  }

  private async start(): Promise<void> {
    const client = (this.db as unknown as { $client: PgliteClient | PgPool }).$client;
    if ('listen' in client) {
      const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => this.deliver(payload));
      this.unlisten = unlisten;
      return;
    }
    await this.connect(client);
    closeOnStop(() => this.unlisten?.() ?? Promise.resolve());
  }

  private async connect(pool: PgPool): Promise<void> {
    const { Client } = await import('pg');
    const connection = new Client(pool.options);
    let stopped = false;
    connection.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL) this.deliver(message.payload);
    });
    connection.on('error', (error) => {
      if (stopped) return;
      stopped = true;
      logger.warn({ error: loggableError(error) }, 'the connection that listens for changes was lost');
      void connection.end().catch(() => undefined);
      // Whatever was announced meanwhile is lost: every listening page reads again.
      const again = () =>
        this.connect(pool)
          .then(() => {
            for (const gap of this.gaps) gap();
          })
          .catch(() => setTimeout(again, RECONNECT_MS).unref());
      setTimeout(again, RECONNECT_MS).unref();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      // Not listening: the caller's next try makes a connection of its own, not this one's loop.
      stopped = true;
      await connection.end().catch(() => undefined);
      throw error;
    }
    this.unlisten = async () => {
      stopped = true;
      await connection.end();
    };
  }
}

/** How long a lost listening connection waits before it is made again. */
const RECONNECT_MS = 1_000;

const feeds = new WeakMap<Database, ChangeFeed>();

/**
 * Calls `listener` with each change of `userId`'s data committed from now on, by any instance,
 * and `onGap` when some may have been missed (the listening connection was lost and made again).
 * Answers how to stop.
 */
export function listenForChanges(
  db: Database,
  userId: string,
  listener: Listener,
  onGap: () => void,
): Promise<() => void> {
  let feed = feeds.get(db);
  if (!feed) feeds.set(db, (feed = new ChangeFeed(db)));
  return feed.listen(userId, listener, onGap);
}
