/** The interface languages, in the order the language switcher lists them. */
export const locales = ['en', 'ru'] as const;
export type Locale = (typeof locales)[number];

/** The seed's default language for a new user's settings and for a browser that asks for neither. */
export const defaultLocale: Locale = 'ru';

/** The seed's locale cookie: 365 days, path /, SameSite=Lax. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/**
 * The browser's time zone, written by the browser (lib/preferences/time-zone.ts) so that the
 * server formats instants (a share link's expiry, a token's last use) in the reader's zone, and
 * the client, which inherits the server's zone from next-intl, does too. 365 days, path /, Lax.
 */
export const TIME_ZONE_COOKIE = 'time-zone';
/** Before the browser has told its zone (a first visit), instants are shown in UTC. */
export const DEFAULT_TIME_ZONE = 'UTC';
