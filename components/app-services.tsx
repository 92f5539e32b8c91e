'use client';

import { CommandPaletteLauncher } from '@/components/command-palette/launcher';
import { BuildWatcher } from '@/components/pwa/build-watcher';
import { ServiceWorkerRegistrar } from '@/components/pwa/service-worker-registrar';

/**
 * The app's background services: the Ctrl/Cmd+K listener, the service worker and the new-build
 * watcher. None of them draws anything at first, so they load after the page is interactive.
 */
export default function AppServices() {
  return (
    <>
      <CommandPaletteLauncher />
      <ServiceWorkerRegistrar />
      <BuildWatcher />
    </>
  );
}
