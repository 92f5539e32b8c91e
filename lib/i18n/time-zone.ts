/**
 * `zone` as Intl names it ("Etc/UTC" is "UTC"), or null when it is no zone Intl knows: a cookie
 * or a request may carry anything. Pure, for the server (lib/i18n/request.ts, push) and the browser.
 */
export function canonicalTimeZone(zone: unknown): string | null {
  // The longest IANA name is 32 characters; 64 leaves room and keeps junk out of Intl.
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
