import { z } from '@/lib/schemas/zod';
import { ImportFileError, type ImportFile } from './types';
import { valueAt } from './json-value';

type Issue = z.ZodError['issues'][number];

/** What a value is, in a few words, for a message about what was found instead. */
function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

// Zod Mini carries no message texts (its locales are not loaded) and leaves the input out of
// its issues, so the detail is built here from the issue and the value at its path; the
// messages the readers' schemas pass are plain English already.
function describeIssue(issue: Issue, data: unknown): string {
  const found = describeValue(valueAt(data, issue.path));
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, found ${found}`;
    case 'invalid_value':
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}, found ${found}`;
    default:
      return issue.message;
  }
}

/** A path such as `diary[3].items[2].portion`, its list positions 1-based like the error's line. */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key + 1}]` : `${index > 0 ? '.' : ''}${String(key)}`))
    .join('');
}

/**
 * Parses a JSON file of an export and checks it against `schema`. JSON that does not parse, or
 * lacks what the schema needs, makes the whole file unreadable: ImportFileError 'badJson' with
 * the 1-based position of the offending item in its list (the first list on the path, the file's
 * own records) and the path and what was wrong as detail.
 */
export function parseJsonFile<T>(file: ImportFile, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(file.text);
  } catch (error) {
    throw new ImportFileError('badJson', file.name, null, error instanceof Error ? error.message : null);
  }
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const position = issue.path.find((key): key is number => typeof key === 'number');
  const where = pathText(issue.path);
  throw new ImportFileError(
    'badJson',
    file.name,
    position === undefined ? null : position + 1,
    `${where ? `${where}: ` : ''}${describeIssue(issue, data)}`,
  );
}

const NUMBER_TEXT = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

/**
 * A number written as a number or as text ("100", "1,5"): apps built on HTML forms store what
 * the input field held. A missing field reads as undefined, blank text and null as null;
 * anything else is refused.
 */
export const looseNumberSchema = z.optional(
  z.pipe(
    z.unknown(),
    z.transform((value: unknown, context): number | null => {
      if (value === null || value === undefined) return null;
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      if (typeof value === 'string') {
        const text = value.trim();
        if (text === '') return null;
        if (NUMBER_TEXT.test(text)) return Number(text.replace(',', '.'));
      }
      context.issues.push({
        code: 'custom',
        message: `expected a number, found ${describeValue(value)}`,
        input: value,
      });
      return null;
    }),
  ),
);

/** Whether a file's text looks like a JSON document holding all of `keys` as object keys. */
export function hasJsonKeys(text: string, opening: '{' | '[', keys: readonly string[]): boolean {
  const start = text.trimStart();
  if (!start.startsWith(opening)) return false;
  return keys.every((key) => new RegExp(`"${key}"\\s*:`).test(text));
}
