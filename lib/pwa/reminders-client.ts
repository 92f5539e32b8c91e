'use client';

import { ApiError, apiRequest } from '@/lib/http/api-client';
import { deviceTimeZone } from '@/lib/importers/source-dates';
import type { Locale } from '@/lib/i18n/config';
import type { FastStarted } from '@/lib/diary/fasting';
import { meals } from '@/lib/diary/meals';
import { TIMINGS } from '@/lib/limits';
import type { Day } from '@/lib/schemas/day';
import { pushStateSchema, remindersSchema, type GuestLogged, type Reminders } from '@/lib/schemas/push';
import { z } from '@/lib/schemas/zod';

/**
 * This device's reminders in the browser: its push subscription (the service worker's), the
 * reminders it asked for (kept here too, to show them), and for a guest what it logged today,
 * told to the server as it changes. The server sends them (lib/server/push).
 */

/** The key of this device's reminders: per browser, as the push subscription is. */
export const REMINDERS_STORAGE_KEY = 'diary-reminders';
const LOGGED_STORAGE_KEY = 'diary-reminders-logged';
/** The fast under way a guest last told the server of, for the fast's reminder. */
const FAST_STORAGE_KEY = 'diary-reminders-fast';

/** What a guest's device tells the server of its diary: today's logging, and its fast under way. */
export type GuestWord = { guestLogged: GuestLogged; guestFast: FastStarted | null };

const storedSchema = z.object({ endpoint: z.string(), auth: z.string(), reminders: remindersSchema });
export type StoredReminders = z.infer<typeof storedSchema>;

export type ReminderSupport = 'supported' | 'unsupported' | 'denied';

/** Whether this browser can be reminded: the Push API, notifications, and not refused. */
export function reminderSupport(): ReminderSupport {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

export function storedReminders(): StoredReminders | null {
  return parseStored(storedRemindersText());
}

/** The stored text as it is: a stable snapshot for useSyncExternalStore. */
export const storedRemindersText = (): string | null => localStorage.getItem(REMINDERS_STORAGE_KEY);

export function parseStored(text: string | null): StoredReminders | null {
  try {
    const parsed = storedSchema.safeParse(JSON.parse(text ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever this page saves or ends the device's reminders. */
export function watchStoredReminders(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function storeReminders(stored: StoredReminders | null): void {
  if (stored) localStorage.setItem(REMINDERS_STORAGE_KEY, JSON.stringify(stored));
  else localStorage.removeItem(REMINDERS_STORAGE_KEY);
  listeners.forEach((listener) => listener());
}

/**
 * Why this browser could not make a push subscription though notifications are allowed:
 * `noServiceWorker`, the app's service worker is not running (a private window that keeps none,
 * site data blocked, or it failed to install); `subscribeFailed`, the browser's push service
 * refused or could not be reached (blocked by the network, a VPN or a privacy setting, or turned
 * off, as Brave does by default).
 */
export class PushSubscribeError extends Error {
  override readonly name = 'PushSubscribeError';
  constructor(
    readonly reason: 'noServiceWorker' | 'subscribeFailed',
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

/**
 * The service worker's registration, once it is active. `ready` never settles in a browser
 * where the worker never starts, which would leave the button doing nothing: past
 * TIMINGS.serviceWorkerReadyMs it is given up on.
 */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator)) throw new PushSubscribeError('noServiceWorker');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PushSubscribeError('noServiceWorker')), TIMINGS.serviceWorkerReadyMs);
  });
  try {
    const registration = await Promise.race([navigator.serviceWorker.ready, givenUp]);
    if (!registration.pushManager) throw new PushSubscribeError('subscribeFailed');
    return registration;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks for the permission, subscribes this device with the server's VAPID key and saves its
 * reminders on the server. A guest's word on its diary goes with a guest's (null for an
 * account); its fast only when the fast's reminder is on. Throws 'denied' when the permission is
 * refused, and a PushSubscribeError when the browser cannot make a subscription.
 */
export async function saveReminders(
  reminders: Reminders,
  language: Locale,
  guest: GuestWord | null,
): Promise<StoredReminders> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('denied');
  const registration = await activeRegistration();
  let subscription = await registration.pushManager.getSubscription();
  const publicKey = await serverPublicKey();
  // Made under another VAPID key (an older instance's, before the pair was kept in the database):
  // every push to it is refused (403), so it is made again under the server's current key.
  if (subscription && !madeWithKey(subscription, publicKey)) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
    } catch (error) {
      // Chrome: AbortError "Registration failed - push service error" when its push service is
      // unreachable or push is turned off; Firefox: AbortError or InvalidStateError.
      throw new PushSubscribeError('subscribeFailed', { cause: error });
    }
  }
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  const saved = pushStateSchema.parse(
    await apiRequest('PUT', '/push', {
      subscription: { endpoint: json.endpoint, keys: json.keys },
      timeZone: deviceTimeZone(),
      language,
      reminders,
      ...(guest ? { guestLogged: guest.guestLogged } : {}),
      ...(guest && reminders.fastEnd ? { guestFast: fastWord(guest.guestFast) } : {}),
    }),
  );
  const stored = { endpoint: json.endpoint, auth: json.keys.auth, reminders: saved.reminders };
  if (guest && reminders.fastEnd)
    localStorage.setItem(FAST_STORAGE_KEY, JSON.stringify(fastWord(guest.guestFast)));
  else localStorage.removeItem(FAST_STORAGE_KEY);
  storeReminders(stored);
  return stored;
}

async function serverPublicKey(): Promise<string> {
  return z.object({ publicKey: z.string() }).parse(await apiRequest('GET', '/push')).publicKey;
}

/**
 * Whether `subscription` was made with the VAPID public key `publicKey` (base64url, as GET
 * /api/push gives it). A browser that does not tell the key it was made with (no
 * `options.applicationServerKey`) is taken at its word.
 */
export function madeWithKey(
  subscription: { options?: { applicationServerKey?: ArrayBuffer | null } },
  publicKey: string,
): boolean {
  const key = subscription.options?.applicationServerKey;
  if (!key) return true;
  const made = new Uint8Array(key);
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  let current: string;
  try {
    current = atob(base64);
  } catch {
    return false;
  }
  return made.length === current.length && made.every((byte, index) => byte === current.charCodeAt(index));
}

/**
 * When this device's reminders are on but its subscription was made under another VAPID key than
 * the server's now, makes it again under the current key, saves the same reminders with it and
 * ends the old one on the server; silently, at the app's start. Best effort: it is tried again at
 * the next start.
 */
export async function renewRemindersOfOldKey(): Promise<void> {
  const stored = storedReminders();
  if (!stored || reminderSupport() !== 'supported' || Notification.permission !== 'granted') return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription || madeWithKey(subscription, await serverPublicKey())) return;
    const language = document.documentElement.lang === 'ru' ? 'ru' : 'en';
    // A guest's word on today and its fast go with their next change (reportGuestLogged, reportGuestFast).
    localStorage.removeItem(LOGGED_STORAGE_KEY);
    localStorage.removeItem(FAST_STORAGE_KEY);
    const renewed = await saveReminders(stored.reminders, language, null);
    if (renewed.endpoint !== stored.endpoint)
      await apiRequest('DELETE', '/push', { endpoint: stored.endpoint, auth: stored.auth }).catch(
        () => undefined,
      );
  } catch {
    // Offline, or the push service out of reach: the next start tries again.
  }
}

/**
 * Has the server push a test reminder to this device now. When the push service says the
 * subscription is gone (410), or the server no longer keeps it (404), the device's reminders are
 * forgotten here too, so the settings offer to turn them on again.
 */
export async function sendTestReminder(): Promise<void> {
  const stored = storedReminders();
  if (!stored) return;
  try {
    await apiRequest('POST', '/push/test', { endpoint: stored.endpoint, auth: stored.auth });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 410 || error.status === 404)) storeReminders(null);
    throw error;
  }
}

/**
 * After a log-in or a new account, this device's reminders (a guest's, or an earlier account's)
 * move to the session: the server then reads the account's diary to skip what is logged.
 */
export async function carryRemindersToSession(): Promise<void> {
  const stored = storedReminders();
  if (!stored || Notification.permission !== 'granted') return;
  const language = document.documentElement.lang === 'ru' ? 'ru' : 'en';
  await saveReminders(stored.reminders, language, null).catch(() => undefined);
}

/**
 * Ends this device's reminders: here, the subscription itself, then on the server. Offline, the
 * server learns it from the push service, which answers "gone" for an ended subscription.
 */
export async function stopReminders(): Promise<void> {
  const stored = storedReminders();
  storeReminders(null);
  localStorage.removeItem(LOGGED_STORAGE_KEY);
  localStorage.removeItem(FAST_STORAGE_KEY);
  const registration = await navigator.serviceWorker?.getRegistration();
  await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  if (stored) await apiRequest('DELETE', '/push', { endpoint: stored.endpoint, auth: stored.auth });
}

/** What a guest's day says was done, for the server to skip reminders of it. */
export const loggedOf = (day: Pick<Day, 'date' | 'entries' | 'weight'>): GuestLogged => ({
  date: day.date,
  meals: meals.filter((meal) => day.entries.some((entry) => entry.meal === meal)),
  weighed: day.weight !== null,
});

/**
 * Tells the server what a guest logged today, when it changed since last told and this device
 * has reminders. Best effort: a failure is told again with the next change.
 */
export async function reportGuestLogged(day: Pick<Day, 'date' | 'entries' | 'weight'>): Promise<void> {
  const stored = storedReminders();
  if (!stored) return;
  const logged = loggedOf(day);
  const text = JSON.stringify(logged);
  if (localStorage.getItem(LOGGED_STORAGE_KEY) === text) return;
  try {
    await apiRequest('PATCH', '/push', { endpoint: stored.endpoint, auth: stored.auth, guestLogged: logged });
    localStorage.setItem(LOGGED_STORAGE_KEY, text);
  } catch {
    // Offline, or the server forgot the subscription: the settings show it as it is.
  }
}

/** Of a fast under way, only what the server keeps: its start and planned minutes. */
const fastWord = (fast: FastStarted | null): FastStarted | null =>
  fast && { start: fast.start, goalMinutes: fast.goalMinutes };

/**
 * Tells the server a guest's fast under way (null: none), when the fast's reminder is on and it
 * changed since last told. Best effort, as reportGuestLogged.
 */
export async function reportGuestFast(fast: FastStarted | null): Promise<void> {
  const stored = storedReminders();
  if (!stored?.reminders.fastEnd) return;
  const guestFast = fastWord(fast);
  const text = JSON.stringify(guestFast);
  if (localStorage.getItem(FAST_STORAGE_KEY) === text) return;
  try {
    await apiRequest('PATCH', '/push', { endpoint: stored.endpoint, auth: stored.auth, guestFast });
    localStorage.setItem(FAST_STORAGE_KEY, text);
  } catch {
    // Offline, or the server forgot the subscription: told again with the next look at the fast.
  }
}

/**
 * The installed app's badge: how many of today's main meals are not logged yet, none once all
 * are. Browsers without badges, and an app that is not installed, ignore it.
 */
export function showMealsLeftOnBadge(day: Pick<Day, 'entries'>): void {
  const left = (['breakfast', 'lunch', 'dinner'] as const).filter(
    (meal) => !day.entries.some((entry) => entry.meal === meal),
  ).length;
  if (!('setAppBadge' in navigator)) return;
  const done = left === 0 ? navigator.clearAppBadge() : navigator.setAppBadge(left);
  void done.catch(() => undefined);
}
