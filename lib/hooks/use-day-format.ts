'use client';

import { useFormatter, type DateTimeFormatOptions } from 'next-intl';

/** A YYYY-MM-DD day as the instant its UTC midnight: read in UTC, it is that day on any machine. */
function utcMidnight(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * Calendar days (YYYY-MM-DD) as the locale writes them, the same text on the server and in every
 * browser. A diary day is a date, not an instant: formatting its local midnight (fromIsoDate)
 * with the formatter's time zone, which the client inherits from the server (next-intl), names
 * the day before in a browser east of the server (Moscow's midnight is 21:00 UTC), and a page
 * the server drew in its own zone then fails to hydrate (React #418 on a shared diary page).
 */
export function useDayFormat() {
  const format = useFormatter();
  return {
    day: (iso: string, options: DateTimeFormatOptions) =>
      format.dateTime(utcMidnight(iso), { ...options, timeZone: 'UTC' }),
    range: (from: string, to: string, options: DateTimeFormatOptions) =>
      format.dateTimeRange(utcMidnight(from), utcMidnight(to), { ...options, timeZone: 'UTC' }),
  };
}
