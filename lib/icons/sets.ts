/** The icon collections the app serves from its own endpoint (installed @iconify-json packages). */
export const iconPrefixes = ['heroicons', 'mdi', 'lucide', 'circle-flags'] as const;
export type IconPrefix = (typeof iconPrefixes)[number];

export function isIconPrefix(value: string): value is IconPrefix {
  return (iconPrefixes as readonly string[]).includes(value);
}

/** The seed's limits for icon requests: a request gives up after 1500 ms, a URL stays under 500 characters. */
export const ICON_FETCH_TIMEOUT_MS = 1500;
export const ICON_MAX_URL_LENGTH = 500;
