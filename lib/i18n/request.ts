import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { LOCALE_COOKIE } from './config';
import { resolveLocale } from './negotiate';

// Routes carry no locale prefix (the seed's paths are fixed), so the locale comes from the
// cookie or the Accept-Language header of each request.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = resolveLocale(cookieStore.get(LOCALE_COOKIE)?.value, headerList.get('accept-language'));
  return {
    locale,
    messages: (await import(`../../messages/${locale}.json`)).default,
  };
});
