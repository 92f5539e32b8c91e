import { isIsoDate } from '@/lib/diary/dates';
import type { CsvTable } from './csv';
import { ImportFileError } from './types';

// Year, month, day in that order; older Cronometer exports write "2016-1-17" without the zeros.
const YEAR_MONTH_DAY = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * A calendar day written year first, "2016-01-17" or "2016-1-17", as YYYY-MM-DD; null for anything
 * else (07/02/2024 could be July or February: never guessed) or a day the calendar lacks.
 */
export function yearMonthDay(text: string): string | null {
  const match = YEAR_MONTH_DAY.exec(text.trim());
  if (!match) return null;
  const date = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  return isIsoDate(date) ? date : null;
}

/** The calendar day in a cell (see `yearMonthDay`); anything else makes the file unreadable. */
export function dateCell(table: CsvTable, row: CsvTable['rows'][number], index: number): string {
  const value = row.cells[index] ?? '';
  const date = yearMonthDay(value);
  if (date === null) throw new ImportFileError('badDate', table.file, row.line, value);
  return date;
}

const TWELVE_HOUR = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap])\.?\s*m\.?$/i;
const TWENTY_FOUR_HOUR = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A clock time as HH:MM (24 h): "8:30 AM", "12:05 am", "20:15" and "20:15:00" are read; blank is
 * null; anything else is undefined, for the caller to refuse with the line.
 */
export function clockTime(text: string): string | null | undefined {
  const value = text.trim();
  if (value === '') return null;
  const twelve = TWELVE_HOUR.exec(value);
  if (twelve) {
    const [hour, minute] = [Number(twelve[1]), Number(twelve[2])];
    if (hour < 1 || hour > 12 || minute > 59) return undefined;
    // 12 AM is midnight, 12 PM noon.
    const hour24 = (hour % 12) + (twelve[3]!.toLowerCase() === 'p' ? 12 : 0);
    return `${pad(hour24)}:${pad(minute)}`;
  }
  const twentyFour = TWENTY_FOUR_HOUR.exec(value);
  if (twentyFour) {
    const [hour, minute] = [Number(twentyFour[1]), Number(twentyFour[2])];
    if (hour > 23 || minute > 59) return undefined;
    return `${pad(hour)}:${pad(minute)}`;
  }
  return undefined;
}

/** The time in a cell (see `clockTime`), or an ImportFileError naming the line. */
export function timeCell(table: CsvTable, row: CsvTable['rows'][number], index: number): string | null {
  if (index === -1) return null;
  const time = clockTime(row.cells[index] ?? '');
  if (time === undefined) throw new ImportFileError('badTime', table.file, row.line, row.cells[index]);
  return time;
}
