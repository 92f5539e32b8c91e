import 'server-only';
import { ECDH } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { LIMITS } from '@/lib/limits';
import type { FastStarted } from '@/lib/diary/fasting';
import type { GuestLogged, PushSubscribe, Reminders } from '@/lib/schemas/push';
import type { Database } from '@/lib/server/db/client';
import { pushSubscriptions } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { HttpError } from '@/lib/server/http';

/**
 * The devices that asked for reminders. A subscription is known by its endpoint and proved by its
 * auth secret, which only the browser that made it has: so a guest, who has no account, can
 * change and end its own and nobody else's.
 */

/**
 * True when `endpoint` is a URL of a push service PUSH_SERVICE_HOSTS names: https, on the host
 * and port of an entry (`*.` for any subdomain; a bare host means port 443 only, as a browser's
 * push service always is), or plain http to a local stand-in named with its port
 * (`localhost:8795`). The port counts: a client must not make the server post to another
 * service on an allowed host.
 */
export function isPushService(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const local = url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
  if (url.protocol !== 'https:' && !local) return false;
  // URL leaves out the scheme's own port: https with no port is 443, http 80.
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return pushServiceHosts().some((entry) => {
    if (entry.port !== port) return false;
    if (local) return entry.host === url.hostname;
    return entry.host.startsWith('*.')
      ? url.hostname.endsWith(entry.host.slice(1))
      : url.hostname === entry.host;
  });
}

/** PUSH_SERVICE_HOSTS as host and port (443 when an entry names none). */
function pushServiceHosts(): Array<{ host: string; port: string }> {
  return env.PUSH_SERVICE_HOSTS.split(',').flatMap((each) => {
    const entry = each.trim().toLowerCase();
    if (!entry) return [];
    const [, host = entry, port = '443'] = /^(.*?)(?::(\d+))?$/.exec(entry) ?? [];
    return [{ host, port: String(Number(port)) }];
  });
}

/**
 * True when `p256dh` (base64url, 65 bytes by the schema) is a point on the P-256 curve: a key
 * off it passes the schema but no push could ever be encrypted for it.
 */
function isCurvePoint(p256dh: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/** The subscription at `endpoint`, if `auth` proves it is this browser's. */
const ownedBy = (endpoint: string, auth: string) =>
  and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.auth, auth));

const refused = (message: string) =>
  new HttpError(400, {
    error: 'invalid',
    field: 'subscription',
    issues: [{ path: 'subscription.endpoint', message }],
  });

const refusedKey = () =>
  new HttpError(400, {
    error: 'invalid',
    field: 'subscription.keys.p256dh',
    issues: [{ path: 'subscription.keys.p256dh', message: 'pushKeys' }],
  });

/**
 * Makes or replaces this device's subscription and its reminders. An account's is tied to the
 * session it was made in (its end ends the reminders); past LIMITS.pushSubscriptionsPerUser the
 * account's oldest device is dropped. 403 when the endpoint is another browser's. A guest's new
 * subscription, a row with no account behind it, first passes `admitNewGuest` (the route's limit
 * per address), which throws to refuse it.
 */
export async function saveSubscription(
  db: Database,
  input: PushSubscribe,
  owner: { userId: string; sessionId: string } | null,
  admitNewGuest: () => Promise<void>,
): Promise<{ reminders: Reminders; timeZone: string; language: PushSubscribe['language'] }> {
  const { endpoint, keys } = input.subscription;
  if (!isPushService(endpoint)) throw refused('pushEndpoint');
  if (!isCurvePoint(keys.p256dh)) throw refusedKey();
  const [existing] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  if (existing && existing.auth !== keys.auth) throw new HttpError(403, { error: 'forbidden' });
  if (!existing && !owner) await admitNewGuest();
  const fields = {
    userId: owner?.userId ?? null,
    sessionId: owner?.sessionId ?? null,
    p256dh: keys.p256dh,
    auth: keys.auth,
    language: input.language,
    timeZone: input.timeZone,
    reminders: input.reminders,
    // An account's logging is read from its diary; a guest's is what it says.
    guestLogged: owner ? null : (input.guestLogged ?? existing?.guestLogged ?? null),
    // Kept only while the fast's reminder is on: the server holds no more of a guest's diary than it needs.
    guestFast:
      owner || !input.reminders.fastEnd
        ? null
        : input.guestFast === undefined
          ? (existing?.guestFast ?? null)
          : input.guestFast,
    updatedAt: new Date(),
  };
  await db
    .insert(pushSubscriptions)
    .values({ endpoint, ...fields })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields });
  if (owner) await dropOldestPast(db, owner.userId);
  return { reminders: input.reminders, timeZone: input.timeZone, language: input.language };
}

async function dropOldestPast(db: Database, userId: string): Promise<void> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.updatedAt));
  const extra = rows.length - LIMITS.pushSubscriptionsPerUser.max;
  if (extra > 0)
    await db.delete(pushSubscriptions).where(
      inArray(
        pushSubscriptions.id,
        rows.slice(0, extra).map((row) => row.id),
      ),
    );
}

/** This browser's subscription (its endpoint, proved by its auth secret), or null. */
export async function ownedSubscription(db: Database, endpoint: string, auth: string) {
  const [row] = await db.select().from(pushSubscriptions).where(ownedBy(endpoint, auth));
  return row ?? null;
}

/** Deletes a subscription its push service says is gone (unsubscribed, expired). */
export async function forgetGoneSubscription(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Ends this device's reminders; nothing to end is not an error (the browser may ask twice). */
export async function deleteSubscription(db: Database, endpoint: string, auth: string): Promise<void> {
  await db.delete(pushSubscriptions).where(ownedBy(endpoint, auth));
}

/**
 * A guest's word on what it logged today, or on its fast under way, or both; 404 for a
 * subscription this browser does not own.
 */
export async function saveGuestWord(
  db: Database,
  endpoint: string,
  auth: string,
  word: { guestLogged?: GuestLogged | undefined; guestFast?: FastStarted | null | undefined },
): Promise<void> {
  const updated = await db
    .update(pushSubscriptions)
    .set({
      ...(word.guestLogged === undefined ? {} : { guestLogged: word.guestLogged }),
      ...(word.guestFast === undefined ? {} : { guestFast: word.guestFast }),
    })
    .where(ownedBy(endpoint, auth))
    .returning({ id: pushSubscriptions.id });
  if (updated.length === 0) throw new HttpError(404, { error: 'notFound' });
}
