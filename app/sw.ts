/// <reference lib="webworker" />
// The service worker, built by `serwist build serwist.config.mjs` into public/sw.js after
// `next build`. It precaches the build's static files and keeps visited pages for offline use.
import type { PrecacheEntry, RouteMatchCallbackOptions, SerwistGlobalConfig, SerwistPlugin } from 'serwist';
import { reminderOfPush, reminderTarget } from '../lib/pwa/reminder-push';
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  StaleWhileRevalidate,
} from 'serwist';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const pagePaths = new Set(['/', '/dashboard', '/food', '/stats', '/settings', '/Login', '/Register']);

// Keep only real pages: a redirect (to /Login, say) or an error must never be stored as the
// page the user asked for.
const onlyFinalPages: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (response.ok && !response.redirected ? response : null),
};

// A share link's page is someone's diary for as long as the link works: never kept, so a
// revoked link shows nothing even offline.
const isPageRequest = ({ request, url, sameOrigin }: RouteMatchCallbackOptions) =>
  sameOrigin &&
  !request.headers.has('RSC') &&
  !url.pathname.startsWith('/shared/') &&
  (request.mode === 'navigate' || (request.method === 'GET' && pagePaths.has(url.pathname)));

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true, concurrency: 10 },
  // An update waits until the user presses Refresh (the page then sends SKIP_WAITING).
  skipWaiting: false,
  // The first install takes over the open page at once, so it works offline straight away.
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    // The build-id file must always be fresh: it is how a new deploy is noticed.
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/builds/'),
      handler: new NetworkOnly(),
    },
    // The REST API is data, not shell: the repository layer handles being offline.
    {
      matcher: ({ url, sameOrigin }) =>
        sameOrigin && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/icons/'),
      handler: new NetworkOnly(),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/icons/'),
      handler: new StaleWhileRevalidate({
        cacheName: 'icons',
        plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: isPageRequest,
      handler: new NetworkFirst({
        cacheName: 'pages',
        networkTimeoutSeconds: 4,
        plugins: [onlyFinalPages, new ExpirationPlugin({ maxEntries: 32 })],
      }),
    },
    // Client-side navigations fetch React Server Component payloads; keep them for offline too.
    {
      matcher: ({ request, sameOrigin }) => sameOrigin && request.headers.has('RSC'),
      handler: new NetworkFirst({
        cacheName: 'pages-rsc',
        networkTimeoutSeconds: 4,
        plugins: [onlyFinalPages, new ExpirationPlugin({ maxEntries: 64 })],
      }),
    },
    // The USDA table's groups (lib/catalog/usda-table.ts), fetched when search first needs them
    // and kept for offline use: each URL carries its content hash, so a kept copy never goes stale
    // and a new build fetches only the groups it changed.
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/catalog/'),
      handler: new CacheFirst({
        cacheName: 'catalog',
        plugins: [new ExpirationPlugin({ maxEntries: 120 })],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_next/static/'),
      handler: new CacheFirst({
        cacheName: 'next-static',
        plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) =>
        sameOrigin && /\.(?:png|svg|ico|webp|webmanifest)$/.test(url.pathname),
      handler: new StaleWhileRevalidate({ cacheName: 'static-assets' }),
    },
  ],
});

serwist.addEventListeners();

// The landing page is where a logout lands, offline too: kept at install, as a visitor without a
// session sees it (a signed-in visitor is redirected from it, and a redirect is never kept).
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open('pages')
      .then(async (cache) => {
        if (await cache.match('/')) return;
        const landing = await fetch('/', { credentials: 'omit' });
        if (landing.ok && !landing.redirected) await cache.put('/', landing);
      })
      .catch(() => undefined),
  );
});

// Background Sync, where the browser has it: when the network returns, an account's open pages
// are told to send the changes they kept offline (lib/data/offline registers the tag).
type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== 'diary-outbox') return;
  event.waitUntil(
    self.clients
      .matchAll({ type: 'window' })
      .then((clients) => clients.forEach((client) => client.postMessage({ type: 'DIARY_SYNC' }))),
  );
}) as EventListener);

// A reminder (lib/server/push): shown in the language the server wrote it in. A click opens the
// day and meal it is about, in an open window of the app if there is one.
self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    data = null;
  }
  const { title, options } = reminderOfPush(data, 'Calorie Diary');
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = reminderTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return void (await self.clients.openWindow(target));
      await open.focus();
      await open.navigate(target);
    })(),
  );
});
