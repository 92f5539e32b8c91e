'use client';

import { useEffect } from 'react';
import { BuildWatcher } from '@/components/pwa/build-watcher';
import { ServiceWorkerRegistrar } from '@/components/pwa/service-worker-registrar';
import { watchPendingLogout } from '@/lib/session/client';

/**
 * The app's background services: the service worker, the new-build watcher, a logout the server
 * has not heard of yet (made offline), sent from whichever page is open, and this device's
 * reminders made again when the server's VAPID key changed. None draws anything at first, so they
 * load after the page is interactive.
 */
export default function AppServices() {
  useEffect(() => watchPendingLogout(), []);
  useEffect(() => {
    void import('@/lib/pwa/reminders-client').then(({ renewRemindersOfOldKey }) => renewRemindersOfOldKey());
  }, []);
  return (
    <>
      <ServiceWorkerRegistrar />
      <BuildWatcher />
    </>
  );
}
