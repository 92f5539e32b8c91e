import { pushStateSchema } from '@/lib/schemas/push';
import { bearerOf } from '@/lib/server/auth/api-tokens';
import { findUser } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { HttpError, json, methodNotAllowed, noContent, reply } from '@/lib/server/http';
import { deleteSubscription, saveGuestWord, saveSubscription } from '@/lib/server/push/subscriptions';
import { throttled } from '@/lib/server/throttled';
import { vapidKeys } from '@/lib/server/push/vapid';
import { route } from '@/lib/server/route';

/**
 * Reminders by Web Push for this device (lib/server/push): for an account with its session, for
 * a guest without one. Never by a personal access token: reminders belong to a browser.
 */
const refuseTokens = (request: Request) => {
  if (bearerOf(request) !== null) throw new HttpError(403, { error: 'sessionRequired' });
};

/** GET /api/push → {publicKey}: the VAPID key a browser subscribes with. */
export const GET = route('getPushKey', async () =>
  json({ publicKey: (await vapidKeys(await getDb())).publicKey }),
);

/** PUT /api/push {subscription, timeZone, language, reminders, guestLogged?} → the reminders as kept. */
export const PUT = route('savePushSubscription', async (request, _caller, read) => {
  refuseTokens(request);
  const input = await read.body();
  const session = await findUser(request);
  const owner = session ? { userId: session.userId, sessionId: session.sessionId } : null;
  const db = await getDb();
  // A guest's new subscription is a row with no account behind it: an address starts only so many.
  const admitNewGuest = () =>
    throttled(db, request, 'guestReminders', '', async () => ({ ok: true, value: undefined }));
  return reply(pushStateSchema, await saveSubscription(db, input, owner, admitNewGuest));
});

/**
 * PATCH /api/push {endpoint, auth, guestLogged?, guestFast?} → 204: a guest says what it logged
 * today, or the fast it has under way.
 */
export const PATCH = route('savePushLogged', async (request, _caller, read) => {
  refuseTokens(request);
  const { endpoint, auth, ...word } = await read.body();
  await saveGuestWord(await getDb(), endpoint, auth, word);
  return noContent();
});

/** DELETE /api/push {endpoint, auth} → 204: this device's reminders end. */
export const DELETE = route('deletePushSubscription', async (request, _caller, read) => {
  refuseTokens(request);
  const { endpoint, auth } = await read.body();
  await deleteSubscription(await getDb(), endpoint, auth);
  return noContent();
});

export const POST = methodNotAllowed('GET', 'PUT', 'PATCH', 'DELETE');
