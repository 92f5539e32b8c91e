import { cookies, headers } from 'next/headers';
import type { AbstractIntlMessages } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { defaultLocale, LOCALE_COOKIE, type Locale } from './config';
import { resolveLocale } from './negotiate';

async function loadMessages(locale: Locale): Promise<AbstractIntlMessages> {
  return (await import(`../../messages/${locale}.json`)).default;
}

// Routes carry no locale prefix (the seed's paths are fixed), so the locale comes from the
// cookie or the Accept-Language header of each request.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get('accept-language'));
  try {
    return { locale, messages: await loadMessages(locale) };
  } catch (error) {
    // The seed logs this and carries on: a page in the default language beats no page.
    console.error('Failed locale loading', error);
    return { locale: defaultLocale, messages: await loadMessages(defaultLocale) };
  }
});
