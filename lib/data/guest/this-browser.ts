import { guestDataKeys, hasGuestDiary, SETTINGS_KEY } from './storage-keys';
import { storageUsage } from './storage-usage';

/**
 * What a screen may ask of the guest diary kept in this browser, whatever the session is now:
 * screens never see its keys. Browser-only; each call reads localStorage as it is.
 */

/** True when this browser holds a guest diary worth offering to an account: a day or a food. */
export function guestDiaryHere(): boolean {
  return hasGuestDiary(window.localStorage);
}

/**
 * The one way a guest diary leaves this browser: its days, foods, settings and kept corrupt
 * records go; the session, theme and layout choices stay.
 */
export function clearGuestDiary(): void {
  const storage = window.localStorage;
  for (const key of guestDataKeys(storage)) storage.removeItem(key);
}

/** The name the guest gave, or null when there is none or the record cannot be read. */
export function guestDiaryName(): string | null {
  try {
    const { name } = JSON.parse(window.localStorage.getItem(SETTINGS_KEY) ?? '{}') as { name?: unknown };
    return typeof name === 'string' ? name : null;
  } catch {
    // An unreadable record offers no name; the data pages report it.
    return null;
  }
}

/** The share of this site's localStorage quota in use, 0..1. */
export function guestStorageUsage(): number {
  return storageUsage(window.localStorage);
}
