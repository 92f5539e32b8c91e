'use client';

import { useRouter } from 'next/navigation';
import { useTimeZone } from 'next-intl';
import { useEffect } from 'react';
import { readBrowserCookie, setBrowserCookie } from '@/lib/browser/cookies';
import { LOCALE_COOKIE_MAX_AGE, TIME_ZONE_COOKIE } from '@/lib/i18n/config';
import { canonicalTimeZone } from '@/lib/i18n/time-zone';

/**
 * Whether two zones show the same wall clock now and half a year away (either side of any
 * summer time): names alone differ between Node's and the browser's Intl ("Etc/UTC" and "UTC",
 * "Asia/Calcutta" and "Asia/Kolkata"), and a refresh for a mere name would come on every load.
 */
function sameClock(one: string, other: string): boolean {
  const clock = (zone: string) => {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    const now = Date.now();
    return [now, now + 182 * 86_400_000].map((instant) => format.format(instant)).join();
  };
  try {
    return one === other || clock(one) === clock(other);
  } catch {
    return false;
  }
}

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
    if (!rendered || sameClock(device, rendered) || refreshed || !navigator.onLine) return;
    refreshed = true;
    router.refresh();
  }, [rendered, router]);
}
