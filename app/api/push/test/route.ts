import type { Locale } from '@/lib/i18n/config';
import { bearerOf } from '@/lib/server/auth/api-tokens';
import { getDb } from '@/lib/server/db/client';
import { HttpError, methodNotAllowed, noContent } from '@/lib/server/http';
import { testNotification } from '@/lib/server/push/notification';
import { deliverByWebPush } from '@/lib/server/push/send-reminders';
import { forgetGoneSubscription, ownedSubscription } from '@/lib/server/push/subscriptions';
import { throttled } from '@/lib/server/throttled';
import { countReminder } from '@/server/metrics.mjs';
import { route } from '@/lib/server/route';

/**
 * POST /api/push/test {endpoint, auth} → 204: a test reminder to this device now, in its
 * language, so a user sees that reminders reach it. 404 for a subscription this browser does not
 * own; 410 when the push service says the subscription is gone (it is then deleted); 502 when the
 * push service refused or could not be reached (the delivery logs why, once). An address may
 * send THROTTLES.testReminder of them.
 */
export const POST = route('sendTestReminder', async (request, _caller, read) => {
  if (bearerOf(request) !== null) throw new HttpError(403, { error: 'sessionRequired' });
  const { endpoint, auth } = await read.body();
  const db = await getDb();
  await throttled(db, request, 'testReminder', '', async () => {
    const subscription = await ownedSubscription(db, endpoint, auth);
    if (!subscription) throw new HttpError(404, { error: 'notFound' });
    const delivery = await deliverByWebPush(db)(
      subscription,
      testNotification(subscription.language as Locale),
      'test',
    );
    countReminder('test', delivery);
    if (delivery === 'gone') {
      await forgetGoneSubscription(db, subscription.id);
      throw new HttpError(410, { error: 'gone' });
    }
    if (delivery === 'failed') throw new HttpError(502, { error: 'pushFailed' });
    return { ok: true, value: undefined };
  });
  return noContent();
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
