import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import webPush from 'web-push';
import type { Locale } from '@/lib/i18n/config';
import { isMeal, ownNameOf } from '@/lib/diary/meals';
import type { ReminderKind } from '@/lib/schemas/push';
import type { Database } from '@/lib/server/db/client';
import { addDays, toIsoDate } from '@/lib/diary/dates';
import { FAST_LOOKBACK_DAYS, runningFast, type FastStarted } from '@/lib/diary/fasting';
import { getDay, listDayDetails } from '@/lib/server/db/days';
import { getSettings } from '@/lib/server/db/settings';
import { pushSubscriptions, reminderSends } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { loggableError, logger } from '@/server/log.mjs';
import { countReminder } from '@/server/metrics.mjs';
import { dueFastEnd, dueReminders, type DueReminder } from './due';
import { causeOf, pushEnded, pushFailed, type PushFailure } from './failure-log';
import { reminderNotification, type ReminderNotification } from './notification';
import { forgetGoneSubscription, isPushService } from './subscriptions';
import { vapidKeys } from './vapid';

type Subscription = typeof pushSubscriptions.$inferSelect;

/** How a push went: shown; the subscription is gone (unsubscribed, expired); or try again later. */
export type Delivery = 'sent' | 'gone' | 'failed';
export type Deliver = (
  subscription: Subscription,
  notification: ReminderNotification,
  reminder: ReminderKind | 'test',
) => Promise<Delivery>;

/** A push service keeps a reminder this long for a device that is off, then drops it. */
const PUSH_TTL_SECONDS = 60 * 60;
/** A push service that has not answered in this long is tried again next minute. */
const PUSH_TIMEOUT_MS = 10_000;
/** Sent reminders are kept this long, past any day a reminder could still be due for. */
const SENDS_KEPT_MS = 3 * 86_400_000;

/**
 * Sends `notification` to the subscription's push service, encrypted for the browser and signed
 * with the VAPID keys of `db` (lib/server/push/vapid.ts) by `web-push`, posted with fetch (which
 * also speaks the plain http of a local stand-in) and never following a redirect off the push
 * service. A failure is logged by failure-log.ts: once with its cause, then counted.
 */
export function deliverByWebPush(db: Database): Deliver {
  return async (subscription, notification, reminder) => {
    const where = { host: hostOf(subscription.endpoint), reminder };
    if (!isPushService(subscription.endpoint)) {
      logger.warn(where, "a device's push service is not in PUSH_SERVICE_HOSTS; its reminders are deleted");
      pushEnded(subscription.id, 'gone', where);
      return 'gone';
    }
    const failed = (failure: Omit<PushFailure, keyof typeof where>): Delivery => {
      pushFailed(subscription.id, { ...failure, ...where });
      return 'failed';
    };
    const { publicKey, privateKey } = await vapidKeys(db);
    let request: ReturnType<typeof webPush.generateRequestDetails>;
    try {
      request = webPush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(notification),
        { vapidDetails: { subject: env.VAPID_SUBJECT, publicKey, privateKey }, TTL: PUSH_TTL_SECONDS },
      );
    } catch (error) {
      // The browser's keys cannot encrypt (web-push's messages name the key, never its value).
      return failed({
        cause: 'encryption',
        detail: String((error as Error)?.message ?? error).slice(0, 200),
      });
    }
    const { 'Content-Length': _length, ...headers } = request.headers as Record<string, string>;
    void _length; // fetch sets it from the body
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ? new Uint8Array(request.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
    } catch (error) {
      return failed({ cause: causeOf(error) });
    }
    // What the push service says is not read: the status is its answer; this frees the connection.
    void response.body?.cancel().catch(() => undefined);
    // 404 and 410: the browser unsubscribed or the subscription expired (RFC 8030 §7.3).
    if (response.status === 404 || response.status === 410) {
      pushEnded(subscription.id, 'gone', where);
      return 'gone';
    }
    if (!response.ok) return failed({ cause: `status ${response.status}`, status: response.status });
    pushEnded(subscription.id, 'sent', where);
    return 'sent';
  };
}

/** The push service's host and port (the port only when not the scheme's): never the path, a secret. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'not a URL';
  }
}

/**
 * The fast `subscription`'s diary has under way at `now`: a guest's, as its device told it; an
 * account's, read from its days (a fast is found on the day it began, at most FAST_LOOKBACK_DAYS
 * back; a day either side of UTC's date covers every time zone).
 */
async function fastUnderWay(
  db: Database,
  subscription: Subscription,
  now: Date,
): Promise<FastStarted | null> {
  if (subscription.userId === null) return subscription.guestFast ?? null;
  const today = toIsoDate(now);
  const days = await listDayDetails(
    db,
    subscription.userId,
    addDays(today, -FAST_LOOKBACK_DAYS - 1),
    addDays(today, 1),
  );
  return runningFast(days);
}

/** The reminders due for `subscription` at `now`: those at their times, and a fast's that reached its plan. */
async function dueFor(db: Database, subscription: Subscription, now: Date): Promise<DueReminder[]> {
  const due = dueReminders(subscription.reminders, subscription.timeZone, now);
  if (!subscription.reminders.fastEnd) return due;
  const fastEnd = dueFastEnd(await fastUnderWay(db, subscription, now), subscription.timeZone, now);
  return fastEnd ? [...due, fastEnd] : due;
}

/** True when what `kind` reminds of is done that day: the meal logged, the weight noted, anything logged. */
async function isDone(
  db: Database,
  subscription: Subscription,
  kind: ReminderKind,
  date: string,
): Promise<boolean> {
  // A fast that reached its plan is due only while it is under way, which dueFor has seen.
  if (kind === 'fastEnd') return false;
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
 * The name the user gave the meal a reminder is of, or null (not a meal, or its own name): an
 * account's as its settings hold it now, a guest's as its device last said.
 */
async function mealNameOf(
  db: Database,
  subscription: Subscription,
  kind: ReminderKind,
): Promise<string | null> {
  if (!isMeal(kind)) return null;
  if (subscription.userId === null) return subscription.reminders.mealNames?.[kind] ?? null;
  return ownNameOf((await getSettings(db, subscription.userId)).meals, kind);
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
  deliver: Deliver = deliverByWebPush(db),
): Promise<{ sent: number; skipped: number; gone: number }> {
  const counts = { sent: 0, skipped: 0, gone: 0 };
  await db.delete(reminderSends).where(lt(reminderSends.sentAt, new Date(now.getTime() - SENDS_KEPT_MS)));
  for (const subscription of await db.select().from(pushSubscriptions)) {
    for (const { kind, date, sent } of await dueFor(db, subscription, now)) {
      if (await isDone(db, subscription, kind, date)) {
        countReminder(kind, 'skipped', `${subscription.id} ${kind} ${date}`);
        counts.skipped++;
        continue;
      }
      const claimed = await db
        .insert(reminderSends)
        .values({ subscriptionId: subscription.id, reminder: sent, date, sentAt: now })
        .onConflictDoNothing()
        .returning({ date: reminderSends.date });
      if (claimed.length === 0) continue;
      const delivery = await deliver(
        subscription,
        reminderNotification(
          kind,
          date,
          subscription.language as Locale,
          await mealNameOf(db, subscription, kind),
        ),
        kind,
      );
      countReminder(kind, delivery, `${subscription.id} ${kind} ${date}`);
      if (delivery === 'gone') {
        await forgetGoneSubscription(db, subscription.id);
        counts.gone++;
        break;
      }
      if (delivery === 'failed') await unclaim(db, subscription.id, sent, date);
      else counts.sent++;
    }
  }
  return counts;
}

async function unclaim(db: Database, subscriptionId: string, reminder: string, date: string) {
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
