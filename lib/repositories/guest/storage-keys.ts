/** The seed's localStorage keys: a binding contract, pinned by tests. */
export const DAY_KEY_PREFIX = 'dashboard-';
export const FOODS_KEY = 'food-items';
export const SETTINGS_KEY = 'user-settings';

/** Where a record that failed to parse is kept before its key is written again. */
export const CORRUPT_KEY_PREFIX = 'corrupt:';

export const dayKey = (date: string) => `${DAY_KEY_PREFIX}${date}`;
