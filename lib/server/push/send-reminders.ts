import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import webPush from 'web-push';
import type { Locale } from '@/lib/i18n/config';
import { isMeal } from '@/lib/diary/meals';
import type { ReminderKind } from '@/lib/schemas/push';
import type { Database } from '@/lib/server/db/client';
import { getDay } from '@/lib/server/db/days';
import { pushSubscriptions, reminderSends } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { loggableError, logger } from '@/server/log.mjs';
import { dueReminders } from './due';
import { reminderNotification, type ReminderNotification } from './notification';
import { forgetGoneSubscription, isPushService } from './subscriptions';
import { vapidKeys } from './vapid';

type Subscription = typeof pushSubscriptions.$inferSelect;

/** How a push went: shown; the subscription is gone (unsubscribed, expired); or try again later. */
export type Delivery = 'sent' | 'gone' | 'failed';
export type Deliver = (subscription: Subscription, notification: ReminderNotification) => Promise<Delivery>;

/** A push service keeps a reminder this long for a device that is off, then drops it. */
const PUSH_TTL_SECONDS = 60 * 60;
/** A push service that has not answered in this long is tried again next minute. */
const PUSH_TIMEOUT_MS = 10_000;
/** Sent reminders are kept this long, past any day a reminder could still be due for. */
const SENDS_KEPT_MS = 3 * 86_400_000;

/**
 * Sends `notification` to the subscription's push service, encrypted for the browser and signed
 * with this server's VAPID keys by `web-push`, posted with fetch (which also speaks the plain
 * http of a local stand-in) and never following a redirect off the push service.
 */
export const deliverByWebPush: Deliver = async (subscription, notification) => {
  if (!isPushService(subscription.endpoint)) return 'gone';
  const { publicKey, privateKey } = vapidKeys();
  try {
    const request = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(notification),
      { vapidDetails: { subject: env.VAPID_SUBJECT, publicKey, privateKey }, TTL: PUSH_TTL_SECONDS },
    );
    const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
    void _length; // fetch sets it from the body
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    // 404 and 410: the browser unsubscribed or the subscription expired (RFC 8030 §7.3).
    if (response.status === 404 || response.status === 410) return 'gone';
    if (response.ok) return 'sent';
    logger.warn({ status: response.status }, 'a push service refused a reminder; it is tried again');
    return 'failed';
  } catch (error) {
    logger.warn({ error: loggableError(error) }, 'a reminder could not be pushed; it is tried again');
    return 'failed';
  }
};

/** True when what `kind` reminds of is done that day: the meal logged, the weight noted, anything logged. */
async function isDone(
  db: Database,
  subscription: Subscription,
  kind: ReminderKind,
  date: string,
): Promise<boolean> {
  if (subscription.userId === null) {
    const logged = subscription.guestLogged;
    if (!logged || logged.date !== date) return false;
    if (isMeal(kind)) return logged.meals.includes(kind);
    return kind === 'weighIn' ? logged.weighed : logged.meals.length > 0;
  }
  const day = await getDay(db, subscription.userId, date);
  if (!day) return false;
  if (isMeal(kind)) return day.entries.some((entry) => entry.meal === kind);
  return kind === 'weighIn' ? day.weight !== null : day.entries.length > 0;
}

/**
 * Sends every reminder due now that is not done yet, each once: an instance sends one only after
 * inserting its row in reminder_sends (the primary key refuses a second), so any number of
 * instances may run this every minute. A reminder whose push failed gives its row back to be tried
 * on the next run; a subscription the push service says is gone is deleted.
 */
export async function sendDueReminders(
  db: Database,
  now = new Date(),
  deliver: Deliver = deliverByWebPush,
): Promise<{ sent: number; skipped: number; gone: number }> {
  const counts = { sent: 0, skipped: 0, gone: 0 };
  await db.delete(reminderSends).where(lt(reminderSends.sentAt, new Date(now.getTime() - SENDS_KEPT_MS)));
  for (const subscription of await db.select().from(pushSubscriptions)) {
    for (const { kind, date } of dueReminders(subscription.reminders, subscription.timeZone, now)) {
      if (await isDone(db, subscription, kind, date)) {
        counts.skipped++;
        continue;
      }
      const claimed = await db
        .insert(reminderSends)
        .values({ subscriptionId: subscription.id, reminder: kind, date, sentAt: now })
        .onConflictDoNothing()
        .returning({ date: reminderSends.date });
      if (claimed.length === 0) continue;
      const delivery = await deliver(
        subscription,
        reminderNotification(kind, date, subscription.language as Locale),
      );
      if (delivery === 'gone') {
        await forgetGoneSubscription(db, subscription.id);
        counts.gone++;
        break;
      }
      if (delivery === 'failed') await unclaim(db, subscription.id, kind, date);
      else counts.sent++;
    }
  }
  return counts;
}

async function unclaim(db: Database, subscriptionId: string, reminder: ReminderKind, date: string) {
  await db
    .delete(reminderSends)
    .where(
      and(
        eq(reminderSends.subscriptionId, subscriptionId),
        eq(reminderSends.reminder, reminder),
        eq(reminderSends.date, date),
      ),
    );
}

/**
 * Runs sendDueReminders every minute (REMINDERS_EVERY_SECONDS) in this process, unless REMINDERS=off. A run that fails is
 * logged and the next one tries again; the timer never keeps the process alive on its own.
 */
export function startReminderLoop(openDb: () => Promise<Database>): void {
  if (env.REMINDERS === 'off') return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const counts = await sendDueReminders(await openDb());
      if (counts.sent + counts.gone > 0) logger.info(counts, 'reminders sent');
    } catch (error) {
      logger.error({ error: loggableError(error) }, 'the reminders could not be sent this minute');
    } finally {
      running = false;
    }
  };
  setInterval(() => void tick(), env.REMINDERS_EVERY_SECONDS * 1000).unref();
}
