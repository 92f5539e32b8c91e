import { cookies, headers } from 'next/headers';
import type { AbstractIntlMessages } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { defaultLocale, DEFAULT_TIME_ZONE, LOCALE_COOKIE, TIME_ZONE_COOKIE, type Locale } from './config';
import { resolveLocale } from './negotiate';
import { canonicalTimeZone } from './time-zone';

async function loadMessages(locale: Locale): Promise<AbstractIntlMessages> {
  return (await import(`../../messages/${locale}.json`)).default;
}

// Routes carry no locale prefix (the seed's paths are fixed), so the locale comes from the
// cookie or the Accept-Language header of each request.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get('accept-language'));
  // Instants in the reader's zone, here and in the browser, which inherits it: without a zone
  // next-intl takes the server process's, and the client would too (docs/decisions/0002).
  const timeZone = canonicalTimeZone(cookieStore.get(TIME_ZONE_COOKIE)?.value) ?? DEFAULT_TIME_ZONE;
  try {
    return { locale, timeZone, messages: await loadMessages(locale) };
  } catch (error) {
    // The seed logs this and carries on: a page in the default language beats no page.
    console.error('Failed locale loading', error);
    return { locale: defaultLocale, timeZone, messages: await loadMessages(defaultLocale) };
  }
});
