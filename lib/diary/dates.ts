/**
 * Calendar days in the user's local time zone, as YYYY-MM-DD strings. A diary day is the
 * user's day, never UTC: 23:30 in Moscow is still that evening's dinner.
 */
export function toIsoDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

export function todayIso(now = new Date()): string {
  return toIsoDate(now);
}

/** The local-midnight Date of a YYYY-MM-DD string. */
export function fromIsoDate(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/**
 * The first and last of some YYYY-MM-DD dates (which sort as text), or null when there are none:
 * the period an import covers.
 */
export function dateSpan(dates: Iterable<string>): { from: string; to: string } | null {
  let span: { from: string; to: string } | null = null;
  for (const date of dates) {
    if (!span) span = { from: date, to: date };
    else if (date < span.from) span.from = date;
    else if (date > span.to) span.to = date;
  }
  return span;
}

const DAY_MS = 86_400_000;

/** The digit at `index` of `text` as a number, or NaN. */
function digitAt(text: string, index: number): number {
  const code = text.charCodeAt(index) - 48;
  return code >= 0 && code <= 9 ? code : NaN;
}

/**
 * Days since 1970-01-01 of a calendar date; calendar arithmetic in UTC never meets a DST gap.
 * The stats call this for every logged day of ten years, so the digits are read by character
 * code and the days counted by plain arithmetic (Howard Hinnant's days_from_civil) for years
 * 1000–9999, months 1–12 and days 1–31; a day past its month's end runs on into the next, as
 * with Date.UTC, which answers anything else.
 */
export function dayNumber(iso: string): number {
  const year = digitAt(iso, 0) * 1000 + digitAt(iso, 1) * 100 + digitAt(iso, 2) * 10 + digitAt(iso, 3);
  const month = digitAt(iso, 5) * 10 + digitAt(iso, 6);
  const day = digitAt(iso, 8) * 10 + digitAt(iso, 9);
  // NaN (not a digit) fails every comparison, so it takes the Date.UTC path too.
  if (!(year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) {
    return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
  }
  const marchYear = month <= 2 ? year - 1 : year; // years start on 1 March, so 29 February ends one
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

const MIN_FAST_DAY = -354_285; // 1000-01-01
const MAX_FAST_DAY = 2_932_896; // 9999-12-31

/**
 * The calendar date of a day number. Plain arithmetic (Howard Hinnant's civil_from_days) for
 * whole days of years 1000–9999, much cheaper than a Date and its ISO string, which the stats
 * call for every day of ten years; anything else goes through Date as before.
 */
export function fromDayNumber(day: number): string {
  if (!Number.isInteger(day) || day < MIN_FAST_DAY || day > MAX_FAST_DAY) {
    return new Date(day * DAY_MS).toISOString().slice(0, 10);
  }
  const shifted = day + 719_468; // days since 0000-03-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 = March
  const date = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${year}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`;
}

export function addDays(iso: string, days: number): string {
  return fromDayNumber(dayNumber(iso) + days);
}

/** The days of a week, Monday first (ISO 8601), as settings name them. */
export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/** Monday 0 to Sunday 6 of a date. Day number 0 (1970-01-01) was a Thursday. */
export function weekdayIndex(iso: string): number {
  return (((dayNumber(iso) + 3) % 7) + 7) % 7;
}

export const weekdayOf = (iso: string): Weekday => weekdays[weekdayIndex(iso)]!;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * True when the numbers name a day that exists (no 30 February). Plain arithmetic: reading ten
 * years of a diary checks every day's date. Years before 100 are refused, as they always were
 * here (Date.UTC reads them as 19xx).
 */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** True for a YYYY-MM-DD string naming a day that exists (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * The days a month calendar shows around `month` (any day of it), with a margin: its grid is six
 * weeks from the Monday before the 1st, so a week before the 1st to six weeks after covers it.
 */
export function calendarRange(month: string): { from: string; to: string } {
  const first = `${month.slice(0, 7)}-01`;
  return { from: addDays(first, -7), to: addDays(first, 42) };
}
