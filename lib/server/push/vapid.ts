import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Database } from '@/lib/server/db/client';
import { vapidKeys as vapidKeysTable } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { logger } from '@/server/log.mjs';

export type VapidKeys = { publicKey: string; privateKey: string };

/** Per database, so a test's two engines never share a pair; a process has one. */
const loaded = new WeakMap<Database, Promise<VapidKeys>>();

/**
 * The key pair that signs this server's pushes (VAPID, RFC 8292), read once per process (see
 * loadVapidKeys). A browser's subscription is bound to the public key, so it must be the same on
 * every instance and never change.
 */
export function vapidKeys(db: Database): Promise<VapidKeys> {
  const fromEnvironment = environmentKeys();
  if (fromEnvironment) return Promise.resolve(fromEnvironment);
  let keys = loaded.get(db);
  if (!keys) {
    keys = loadVapidKeys(db);
    loaded.set(db, keys);
    // A database that could not answer is asked again by the next caller.
    keys.catch(() => loaded.delete(db));
  }
  return keys;
}

/**
 * The pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY win (lib/server/env.ts refuses one without the
 * other). Without them the pair is the database's, so every instance on it signs alike: the first
 * instance to need one inserts it, and any instance starting at the same moment meets that row
 * (its fixed key) and reads it, never its own. The first pair is the one an earlier version wrote
 * into DATA_DIR/vapid.json, if there is one, so the browsers subscribed with it keep their
 * reminders; otherwise a new one.
 */
export async function loadVapidKeys(db: Database): Promise<VapidKeys> {
  const fromEnvironment = environmentKeys();
  if (fromEnvironment) return fromEnvironment;
  const kept = await keptKeys(db);
  if (kept) return kept;
  const earlier = keysOfDataDir();
  const inserted = await db
    .insert(vapidKeysTable)
    .values({ id: 1, ...(earlier ?? webPush.generateVAPIDKeys()) })
    .onConflictDoNothing()
    .returning({ id: vapidKeysTable.id });
  if (inserted.length > 0)
    logger.info(
      earlier
        ? 'the VAPID key pair of DATA_DIR/vapid.json is now kept in the database, for every instance'
        : 'a VAPID key pair was generated and kept in the database, for every instance',
    );
  const pair = await keptKeys(db);
  if (!pair) throw new Error('the VAPID key pair was inserted but cannot be read back');
  return pair;
}

function environmentKeys(): VapidKeys | null {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
    ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
    : null;
}

async function keptKeys(db: Database): Promise<VapidKeys | null> {
  const [row] = await db
    .select({ publicKey: vapidKeysTable.publicKey, privateKey: vapidKeysTable.privateKey })
    .from(vapidKeysTable)
    .where(eq(vapidKeysTable.id, 1));
  return row ?? null;
}

/** The pair an earlier version generated into DATA_DIR/vapid.json, if it is there and whole. */
function keysOfDataDir(): VapidKeys | null {
  try {
    const file = JSON.parse(readFileSync(path.resolve(env.DATA_DIR, 'vapid.json'), 'utf8')) as unknown;
    const { publicKey, privateKey } = (file ?? {}) as Partial<VapidKeys>;
    const whole =
      typeof publicKey === 'string' &&
      /^[A-Za-z0-9_-]{87}$/.test(publicKey) &&
      typeof privateKey === 'string' &&
      /^[A-Za-z0-9_-]{43}$/.test(privateKey);
    return whole ? { publicKey, privateKey } : null;
  } catch {
    return null;
  }
}
