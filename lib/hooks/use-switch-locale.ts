'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { setBrowserCookie } from '@/lib/cookies';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from '@/lib/i18n/config';

/**
 * Remembers the language in the seed's cookie and re-renders the server components in it,
 * without a full reload (client state such as an open form survives).
 */
export function useSwitchLocale(): { switchLocale: (locale: Locale) => void; pending: boolean } {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return {
    pending,
    switchLocale(locale) {
      setBrowserCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE);
      document.documentElement.lang = locale;
      startTransition(() => router.refresh());
    },
  };
}
