'use client';

import { Serwist } from '@serwist/window';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { whenIdle } from '@/lib/browser/idle';
import { protectedPaths } from '@/lib/navigation/routes';
import { setPwaStatus } from '@/lib/pwa/status';
import { toast } from '@/lib/ui/toast-store';

/** Asks the service worker to keep these pages, so they open offline even if reached by a client-side link. */
function cacheUrls(urls: Array<string | [string, RequestInit]>) {
  navigator.serviceWorker?.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}

/**
 * The start page as a visitor without a session sees it, which is where logging out leads: a
 * signed-in browser is sent on from /, so without this it would never be kept for offline use.
 */
const signedOutStart: [string, RequestInit] = ['/', { credentials: 'omit' }];

/**
 * How long after the page is up (loaded, its content shown, the browser idle) a page that no
 * worker controls yet registers one. A first install precaches the whole build, about 70 files
 * and 2 MB: the largest job the app ever does in the background. Started at once, it shared a
 * phone's network and CPU with the page's own first seconds, and the page was slower to answer
 * taps. Nobody needs the offline copy in those seconds. Decision 0012 has the measurements.
 */
export const SERVICE_WORKER_DELAY_MS = 5000;

/**
 * Registers /sw.js (scope /) and speaks for it: "ready to work offline" after the first
 * install, an update toast with Refresh while a new version waits, a reload when it takes
 * control, and the registration-failed flag that settings shows.
 */
export function ServiceWorkerRegistrar() {
  const t = useTranslations('pwa');
  const pathname = usePathname();
  const registered = useRef(false);

  useEffect(() => {
    if (registered.current) return;
    registered.current = true;
    if (!('serviceWorker' in navigator)) {
      setPwaStatus('unsupported');
      return;
    }
    if (process.env.NODE_ENV !== 'production') return;

    const serwist = new Serwist('/sw.js', { scope: '/', type: 'classic' });

    serwist.addEventListener('installed', (event) => {
      if (event.isUpdate) return;
      setPwaStatus('ready');
      toast({ title: t('offlineReadyTitle'), description: t('offlineReadyBody'), variant: 'success' });
    });
    serwist.addEventListener('activated', () => setPwaStatus('ready'));
    serwist.addEventListener('controlling', (event) => {
      // A new version took over: reload so the page and its scripts come from the same build.
      if (event.isUpdate) window.location.reload();
      else cacheUrls([window.location.href, ...protectedPaths, signedOutStart]);
    });
    serwist.addEventListener('waiting', () => {
      toast({
        title: t('updateTitle'),
        description: t('updateBody'),
        duration: Infinity,
        action: { label: t('refresh'), onClick: () => serwist.messageSkipWaiting() },
      });
    });

    const register = () =>
      serwist
        .register()
        .then((registration) => {
          if (registration?.active) setPwaStatus('ready');
          // Already controlled (a later visit): make sure every section is cached for offline use.
          if (navigator.serviceWorker.controller) cacheUrls([...protectedPaths, signedOutStart]);
        })
        .catch((error: unknown) => {
          console.error('Service worker registration failed', error);
          setPwaStatus('failed');
        });
    // A page the worker already controls registers at once: that only checks for a new version.
    // Registered once per page load, so no cleanup: the ref keeps a remount from doing it twice.
    if (navigator.serviceWorker.controller) void register();
    else window.setTimeout(() => whenIdle(() => void register()), SERVICE_WORKER_DELAY_MS);
  }, [t]);

  useEffect(() => {
    cacheUrls([window.location.href]);
  }, [pathname]);

  return null;
}
