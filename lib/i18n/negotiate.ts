import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { defaultLocale, isLocale, locales, type Locale } from './config';

/**
 * The locale for a request: the remembered choice in the locale cookie wins; without one the
 * browser's Accept-Language decides (the same negotiation next-intl's own middleware uses).
 */
export function resolveLocale(cookieValue: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(cookieValue)) return cookieValue;
  if (!acceptLanguage) return defaultLocale;
  const requested = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages();
  try {
    const matched = match(requested, locales, defaultLocale);
    return isLocale(matched) ? matched : defaultLocale;
  } catch {
    // A malformed language tag makes the matcher throw; a bad header must not break the page.
    return defaultLocale;
  }
}
