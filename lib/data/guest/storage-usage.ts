/**
 * localStorage holds about 5 MB per site (5 million UTF-16 characters in Chromium and Firefox).
 * We warn at 80 %, well before a write can fail.
 */
export const STORAGE_QUOTA_CHARS = 5_000_000;
export const STORAGE_WARN_RATIO = 0.8;

/** The share of the quota in use, 0..1, counting keys and values as the browser does. */
export function storageUsage(storage: Storage): number {
  let chars = 0;
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key !== null) chars += key.length + (storage.getItem(key)?.length ?? 0);
  }
  return chars / STORAGE_QUOTA_CHARS;
}
