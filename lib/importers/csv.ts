import Papa from 'papaparse';
import { ImportFileError, type ImportFile } from './types';

/** A CSV file read into rows, each with the line it starts on (1-based; the header is line 1). */
export type CsvTable = {
  file: string;
  header: string[];
  rows: Array<{ line: number; cells: string[] }>;
};

const countNewlines = (text: string, from: number, to: number) => {
  let count = 0;
  for (let index = from; index < to; index++) if (text.charCodeAt(index) === 10) count++;
  return count;
};

/**
 * Reads a CSV export with Papa Parse, keeping each row's line number so a bad value can be named
 * by its line (a quoted note may span lines, so row and line numbers differ). An unclosed quote
 * or a row with fewer cells than the header makes the whole file unreadable: nothing is guessed.
 */
export function readCsv(file: ImportFile): CsvTable {
  const { text, name } = file;
  const rows: CsvTable['rows'] = [];
  let header: string[] | null = null;
  let cursor = 0;
  let linesBefore = 0;
  let failure: ImportFileError | null = null;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step(result, parser) {
      const end = result.meta.cursor;
      let start = cursor;
      // Blank lines skipped before this row are part of its slice.
      while (start < end && (text[start] === '\n' || text[start] === '\r')) start++;
      const line = linesBefore + countNewlines(text, cursor, start) + 1;
      linesBefore += countNewlines(text, cursor, end);
      cursor = end;
      if (result.errors.length > 0) {
        failure = new ImportFileError('badCsv', name, line, result.errors[0]!.message);
        parser.abort();
        return;
      }
      const cells = result.data.map((cell) => cell.trim());
      if (header === null) {
        header = cells;
        return;
      }
      if (cells.length < header.length) {
        failure = new ImportFileError('badCsv', name, line, `${cells.length}/${header.length}`);
        parser.abort();
        return;
      }
      rows.push({ line, cells });
    },
  });
  if (failure) throw failure;
  return { file: name, header: header ?? [], rows };
}

/**
 * The first `count` fields of a CSV line (quotes honoured, cells trimmed) and the raw text after
 * the comma that ends them; null when the line has fewer fields or a quote left open among them.
 */
function leadingFields(line: string, count: number): { cells: string[]; rest: string } | null {
  const cells: string[] = [];
  let index = 0;
  while (cells.length < count) {
    let cell = '';
    if (line[index] === '"') {
      index++;
      for (;;) {
        if (index >= line.length) return null;
        if (line[index] === '"') {
          if (line[index + 1] === '"') {
            cell += '"';
            index += 2;
            continue;
          }
          index++;
          break;
        }
        cell += line[index++];
      }
      // Anything between a closing quote and the comma belongs to the cell, as Papa Parse reads it.
      const comma = line.indexOf(',', index);
      if (comma === -1) return null;
      cell += line.slice(index, comma);
      index = comma + 1;
    } else {
      const comma = line.indexOf(',', index);
      if (comma === -1) return null;
      cell = line.slice(index, comma);
      index = comma + 1;
    }
    cells.push(cell.trim());
  }
  return { cells, rest: line.slice(index) };
}

/** A line of a file that could not be read as part of any row. */
export type UnreadableLine = { line: number; detail: string };

/**
 * Reads a CSV file whose last column is free text the app writes raw: MyFitnessPal puts a day's
 * note, unquoted, after the figures of each meal row, commas and line breaks and all. A row
 * starts on a line `startsRow` accepts (its first cell is a date); every line up to the next
 * such line is the rest of its note. A record that parses as plain CSV is taken as such (a note
 * the app did quote); otherwise the cells before the last column are read from its first line
 * and the rest is the note. What belongs to no row, or a row cut short, cannot be recovered: it
 * is returned with its line, and the other rows are read.
 */
export function readCsvWithRawLastColumn(
  file: ImportFile,
  startsRow: (line: string) => boolean,
): { table: CsvTable; unreadable: UnreadableLine[] } {
  const lines = file.text.split(/\r?\n/);
  const header = (Papa.parse<string[]>(lines[0] ?? '').data[0] ?? []).map((cell) => cell.trim());
  const rows: CsvTable['rows'] = [];
  const unreadable: UnreadableLine[] = [];
  const leading = header.length - 1;

  const readRecord = (start: number, end: number) => {
    const first = lines[start]!;
    const text = lines.slice(start, end).join('\n').trimEnd();
    const line = start + 1;
    const plain = Papa.parse<string[]>(text);
    const cells = plain.data[0];
    if (plain.errors.length === 0 && plain.data.length === 1 && cells?.length === header.length) {
      rows.push({ line, cells: cells.map((cell) => cell.trim()) });
      return;
    }
    const split = leadingFields(first, leading);
    if (split === null) {
      unreadable.push({ line, detail: first.trim() });
      return;
    }
    const note = [split.rest, ...lines.slice(start + 1, end)].join('\n').trim();
    rows.push({ line, cells: [...split.cells, note] });
  };

  let start: number | null = null;
  for (let index = 1; index < lines.length; index++) {
    const text = lines[index]!;
    if (startsRow(text)) {
      if (start !== null) readRecord(start, index);
      start = index;
    } else if (start === null && text.trim() !== '') {
      // Before the first row: a line no row can own.
      unreadable.push({ line: index + 1, detail: text.trim() });
    }
  }
  if (start !== null) readRecord(start, lines.length);
  return { table: { file: file.name, header, rows }, unreadable };
}

/**
 * A column name as compared: case, spacing and the two micro signs ignored. Cronometer writes
 * "µg" with U+00B5 in some headers and U+03BC in others; NFKC folds both to one.
 */
export const headerKey = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The column names on a file's first line, compared as `headerKey` does, without reading the
 * rest: recognising a file must stay cheap for a ten-year export.
 */
export function headerKeys(file: ImportFile): Set<string> {
  const end = file.text.search(/\r?\n/);
  const line = end === -1 ? file.text : file.text.slice(0, end);
  const cells = Papa.parse<string[]>(line).data[0] ?? [];
  return new Set(cells.map(headerKey));
}

/**
 * The index of the first column named one of `names` (compared as `headerKey` does), or -1. A
 * `required` column that is missing makes the file unreadable, named by its first name.
 */
export function columnIndex(table: CsvTable, names: readonly string[], required = false): number {
  const wanted = names.map(headerKey);
  const index = table.header.findIndex((cell) => wanted.includes(headerKey(cell)));
  if (index === -1 && required) throw new ImportFileError('missingColumn', table.file, 1, names[0]);
  return index;
}

/**
 * A number as exports write it: "1234.5", "1,234.5" (thousands), "12,5" (a decimal comma), with
 * spaces allowed. Blank is `blank` (Cronometer leaves a figure blank when it is zero).
 */
export function parseNumber(text: string, blank: number | null = 0): number | null {
  const value = text.replace(/[\s\u00a0\u202f]/g, '');
  if (value === '') return blank;
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value)) return Number(value);
  if (/^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) return Number(value.replace(/,/g, ''));
  if (/^[-+]?\d+,\d+$/.test(value)) return Number(value.replace(',', '.'));
  return Number.NaN;
}

/** The number in a cell of a row, or an ImportFileError naming the file, line and column. */
export function numberCell(
  table: CsvTable,
  row: CsvTable['rows'][number],
  index: number,
  blank: number | null = 0,
): number | null {
  if (index === -1) return blank;
  const number = parseNumber(row.cells[index] ?? '', blank);
  if (number !== null && Number.isNaN(number))
    throw new ImportFileError(
      'badNumber',
      table.file,
      row.line,
      `${table.header[index]}: ${row.cells[index]}`,
    );
  return number;
}
