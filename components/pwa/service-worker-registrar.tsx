'use client';

import { Serwist } from '@serwist/window';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { protectedPaths } from '@/lib/routes';
import { setPwaStatus } from '@/lib/pwa-status';
import { toast } from '@/lib/toast-store';

/** Asks the service worker to keep these pages, so they open offline even if reached by a client-side link. */
function cacheUrls(urls: string[]) {
  navigator.serviceWorker?.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}

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
      else cacheUrls([window.location.href, ...protectedPaths]);
    });
    serwist.addEventListener('waiting', () => {
      toast({
        title: t('updateTitle'),
        description: t('updateBody'),
        duration: Infinity,
        action: { label: t('refresh'), onClick: () => serwist.messageSkipWaiting() },
      });
    });

    serwist
      .register()
      .then((registration) => {
        if (registration?.active) setPwaStatus('ready');
        // Already controlled (a later visit): make sure every section is cached for offline use.
        if (navigator.serviceWorker.controller) cacheUrls(protectedPaths as string[]);
      })
      .catch((error: unknown) => {
        console.error('Service worker registration failed', error);
        setPwaStatus('failed');
      });
  }, [t]);

  useEffect(() => {
    cacheUrls([window.location.href]);
  }, [pathname]);

  return null;
}
