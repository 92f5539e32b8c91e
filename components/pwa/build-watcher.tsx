'use client';

import { useEffect } from 'react';
import { useAppConfig } from '@/components/app-config';
import { BUILD_CHECK_DELAY_MS, BUILD_CHECK_INTERVAL_MS, fetchLatestBuild } from '@/lib/pwa/build-info';
import { timeSinceLoad } from '@/lib/browser/idle';
import { claimChunkReload, isChunkLoadError } from '@/lib/pwa/chunk-reload';

/**
 * Notices a new deploy: checks the build-id file about 1 s after load and then hourly. When a
 * script chunk fails to load because a new build replaced it, the page reloads onto the new
 * build, at most once per 10 s for the same path.
 */
export function BuildWatcher() {
  const { buildId } = useAppConfig();

  useEffect(() => {
    if (buildId === 'development') return;
    let newBuild = false;

    async function check(): Promise<boolean> {
      const latest = await fetchLatestBuild();
      if (latest && latest.id !== buildId) {
        newBuild = true;
        // Let the service worker fetch the new shell in the background.
        void navigator.serviceWorker?.getRegistration().then((registration) => registration?.update());
      }
      return newBuild;
    }

    async function onChunkError(reason: unknown) {
      if (!isChunkLoadError(reason)) return;
      if (!(newBuild || (await check()))) return;
      if (claimChunkReload(sessionStorage, window.location.pathname)) window.location.reload();
    }

    const onError = (event: ErrorEvent) => void onChunkError(event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent) => void onChunkError(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    // The watcher starts once the page is up, which on a slow phone is itself a while after load.
    const first = window.setTimeout(() => void check(), Math.max(0, BUILD_CHECK_DELAY_MS - timeSinceLoad()));
    const hourly = window.setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);

    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.clearTimeout(first);
      window.clearInterval(hourly);
    };
  }, [buildId]);

  return null;
}
