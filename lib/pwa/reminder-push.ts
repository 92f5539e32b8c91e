/**
 * A reminder as the service worker receives it (lib/server/push/notification.ts sends it) and
 * shows it. Kept apart from app/sw.ts so it is tested without a worker: a push that is not a
 * reminder of ours still shows something (a browser requires every push to), and a click only
 * ever opens a page of this app.
 */
export type ShownReminder = { title: string; options: NotificationOptions & { data: { url: string } } };

const FALLBACK_URL = '/dashboard';

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '');

export function reminderOfPush(data: unknown, fallbackTitle: string): ShownReminder {
  const push = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const url =
    typeof push.url === 'string' && push.url.startsWith('/') && !push.url.startsWith('//')
      ? push.url
      : FALLBACK_URL;
  return {
    title: text(push.title, 120) || fallbackTitle,
    options: {
      body: text(push.body, 300),
      tag: text(push.tag, 100) || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    },
  };
}

/** The page a click on a reminder opens: its own path on this origin, never another site. */
export function reminderTarget(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  const target = new URL(typeof url === 'string' ? url : FALLBACK_URL, origin);
  return target.origin === origin ? target.href : new URL(FALLBACK_URL, origin).href;
}
