/** The seed's localStorage keys: a binding contract, pinned by tests. */
export const DAY_KEY_PREFIX = 'dashboard-';
export const FOODS_KEY = 'food-items';
export const SETTINGS_KEY = 'user-settings';

/**
 * Records that entries share, each stored once (lib/data/guest/shared-records.ts): the food an
 * entry was logged from, and (first layout with nutrients) a set of nutrients per 100 g. Ours,
 * not the seed's.
 */
export const LOGGED_FOOD_KEY_PREFIX = 'logged-food-';
export const NUTRIENTS_KEY_PREFIX = 'nutrients-';

/** Where a record that failed to parse is kept before its key is written again. */
export const CORRUPT_KEY_PREFIX = 'corrupt:';

export const dayKey = (date: string) => `${DAY_KEY_PREFIX}${date}`;

/** True for the keys of the guest diary itself; the session, theme and layout choices are not. */
export function isGuestDataKey(key: string): boolean {
  return (
    key.startsWith(DAY_KEY_PREFIX) ||
    key.startsWith(LOGGED_FOOD_KEY_PREFIX) ||
    key.startsWith(NUTRIENTS_KEY_PREFIX) ||
    key === FOODS_KEY ||
    key === SETTINGS_KEY ||
    key.startsWith(CORRUPT_KEY_PREFIX)
  );
}

/** The guest diary's keys present in `storage`. */
export function guestDataKeys(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
    (key): key is string => key !== null && isGuestDataKey(key),
  );
}

/** True when this browser holds a guest diary worth offering to import: a day or a food. */
export function hasGuestDiary(storage: Storage): boolean {
  return guestDataKeys(storage).some((key) => key.startsWith(DAY_KEY_PREFIX) || key === FOODS_KEY);
}
