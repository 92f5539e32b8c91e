// Background Sync: the browser wakes the service worker when the network is back (Chromium), and
// app/sw.ts tells the pages, whose outbox then sends (./outbox.ts).

/** The Background Sync tag and the message app/sw.ts sends the pages when it fires. */
const BACKGROUND_SYNC_TAG = 'diary-outbox';
export const BACKGROUND_SYNC_MESSAGE = 'DIARY_SYNC';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser to wake the service worker when the network is back (Chromium has it). */
export function askForBackgroundSync(): void {
  if (typeof navigator === 'undefined') return;
  void navigator.serviceWorker?.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(BACKGROUND_SYNC_TAG))
    .catch(() => undefined);
}
