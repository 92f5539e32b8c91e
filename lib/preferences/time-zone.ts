'use client';

import { useRouter } from 'next/navigation';
import { useTimeZone } from 'next-intl';
import { useEffect } from 'react';
import { readBrowserCookie, setBrowserCookie } from '@/lib/browser/cookies';
import { LOCALE_COOKIE_MAX_AGE, TIME_ZONE_COOKIE } from '@/lib/i18n/config';
import { canonicalTimeZone } from '@/lib/i18n/time-zone';

/** Once per page load: a refresh that did not take (cookies off) is not tried again and again. */
let refreshed = false;

/**
 * Tells the server this browser's time zone (the cookie lib/i18n/request.ts reads), so instants
 * are drawn in it. When the page was drawn in another zone (a first visit, a trip, a browser run
 * in another zone) the server components are drawn again, without a reload, in the right one.
 */
export function useTimeZoneCookie(): void {
  const router = useRouter();
  const rendered = useTimeZone();
  useEffect(() => {
    const device = canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (!device) return;
    if (readBrowserCookie(TIME_ZONE_COOKIE) !== device)
      setBrowserCookie(TIME_ZONE_COOKIE, device, LOCALE_COOKIE_MAX_AGE);
    if (device === canonicalTimeZone(rendered) || refreshed || !navigator.onLine) return;
    refreshed = true;
    router.refresh();
  }, [rendered, router]);
}
