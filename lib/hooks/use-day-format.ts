'use client';

import { useFormatter, type DateTimeFormatOptions } from 'next-intl';

/** A YYYY-MM-DD day as the instant its UTC midnight: read in UTC, it is that day on any machine. */
function utcMidnight(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * ICU's spacing, which differs between versions: Node 20's ICU 78 writes a range's dash between
 * thin spaces (U+2009, "November 30 – December 6"), the browser's Chromium between plain ones.
 * Plain everywhere, so a page the server drew hydrates with the same text.
 */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

/**
 * Calendar days (YYYY-MM-DD) as the locale writes them, the same text on the server and in every
 * browser, where a share page (/shared/{token}) is drawn by one and hydrated by the other (React
 * #418 on any text that differs). A diary day is a date, not an instant: formatting its local
 * midnight (fromIsoDate) with the formatter's time zone, which the client inherits from the
 * server (next-intl), names the day before in a browser east of the server (Moscow's midnight is
 * 21:00 UTC). And the ICU of Node and of the browser space a range differently (plainSpaces).
 */
export function useDayFormat() {
  const format = useFormatter();
  return {
    day: (iso: string, options: DateTimeFormatOptions) =>
      plainSpaces(format.dateTime(utcMidnight(iso), { ...options, timeZone: 'UTC' })),
    range: (from: string, to: string, options: DateTimeFormatOptions) =>
      plainSpaces(format.dateTimeRange(utcMidnight(from), utcMidnight(to), { ...options, timeZone: 'UTC' })),
  };
}
