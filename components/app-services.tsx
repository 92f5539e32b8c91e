'use client';

import { BuildWatcher } from '@/components/pwa/build-watcher';
import { ServiceWorkerRegistrar } from '@/components/pwa/service-worker-registrar';

/**
 * The app's background services: the service worker and the new-build watcher. Neither draws
 * anything at first, so they load after the page is interactive.
 */
export default function AppServices() {
  return (
    <>
      <ServiceWorkerRegistrar />
      <BuildWatcher />
    </>
  );
}
