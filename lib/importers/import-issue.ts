import type { $ZodIssue } from 'zod/v4/core';
import { valueAt } from './json-value';

/** The fields a refusal of the diary's own file names in the user's words (settings.importers.fields). */
export const ISSUE_FIELDS = [
  'format',
  'version',
  'exportedAt',
  'settings',
  'foods',
  'days',
  'date',
  'goal',
  'weight',
  'water',
  'entries',
  'activities',
  'id',
  'meal',
  'food',
  'name',
  'brand',
  'amount',
  'unit',
  'grams',
  'kcal',
  'protein',
  'fat',
  'carbs',
  'nutrients',
  'serving',
  'measures',
  'loggedAt',
  'updatedAt',
  'currentGoal',
  'language',
  'height',
  'age',
] as const;
export type IssueField = (typeof ISSUE_FIELDS)[number] | 'other';

/** What was wrong with the value. */
export type IssueProblem = 'missing' | 'duplicate' | 'tooMany' | 'invalid';

/**
 * One thing wrong in a diary file, in parts the import screen words in the user's language
 * ("day 2026-11-03, entry 2 (Oatmeal): calories “-5” is not valid") instead of zod's path and
 * message ("days.0.entries.1.kcal: Invalid input", issue 48). Plain data: it crosses from the
 * worker to the page.
 */
export type ImportIssue = {
  /** What holds the field: the file itself, its settings, a food, a day, or an entry or activity of a day. */
  place: 'file' | 'settings' | 'food' | 'day' | 'entry' | 'activity';
  /** The food's, the entry's or the activity's 1-based position in its list; null for the others. */
  position: number | null;
  /** The day's date as the file has it (else its 1-based position), for a day and what it holds. */
  day: string | null;
  /** The food's or the entry's name, when it has a readable one. */
  name: string | null;
  field: IssueField;
  /** The field's name in the file, for a field without a word of its own ('other'). */
  key: string;
  /** The value found, shortened; null when there is none or it is not a single value (a list). */
  value: string | null;
  problem: IssueProblem;
};

// Long enough to recognise a value, short enough for one line of an error.
const VALUE_CHARS = 40;

function short(text: string): string {
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

function textAt(data: unknown, path: readonly PropertyKey[]): string | null {
  const value = valueAt(data, path);
  return typeof value === 'string' && value.trim() !== '' ? short(value.trim()) : null;
}

/** A value as the user would read it in the file: text and numbers as they are, null as null. */
function shownValue(value: unknown): string | null {
  if (typeof value === 'string') return short(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return null;
}

const DUPLICATES = new Set(['duplicateFood', 'duplicateDate', 'duplicateEntry']);
const TOO_MANY = new Set(['tooManyFoods', 'tooManyDays']);

/** The issue of a diary file's refusal, placed and named for the user (see ImportIssue). */
export function importIssueOf(issue: $ZodIssue, data: unknown): ImportIssue {
  const path = issue.path;
  let place: ImportIssue['place'] = 'file';
  let position: number | null = null;
  let day: string | null = null;
  let name: string | null = null;
  let rest: readonly PropertyKey[] = path;
  if (path[0] === 'settings') {
    place = 'settings';
    rest = path.slice(1);
  } else if (path[0] === 'foods' && typeof path[1] === 'number') {
    place = 'food';
    position = path[1] + 1;
    name = textAt(data, ['foods', path[1], 'name']);
    rest = path.slice(2);
  } else if (path[0] === 'days' && typeof path[1] === 'number') {
    place = 'day';
    day = textAt(data, ['days', path[1], 'date']) ?? String(path[1] + 1);
    rest = path.slice(2);
    if ((rest[0] === 'entries' || rest[0] === 'activities') && typeof rest[1] === 'number') {
      place = rest[0] === 'entries' ? 'entry' : 'activity';
      position = rest[1] + 1;
      name = textAt(data, ['days', path[1], rest[0], rest[1], 'name']);
      rest = rest.slice(2);
    }
  }
  // The first named key left is the field (nutrients.iron and serving.grams name their holder).
  const key = rest.find((part): part is string => typeof part === 'string') ?? String(path[0] ?? '');
  const field: IssueField = (ISSUE_FIELDS as readonly string[]).includes(key) ? (key as IssueField) : 'other';
  const found = valueAt(data, path);
  const problem: IssueProblem = DUPLICATES.has(issue.message)
    ? 'duplicate'
    : TOO_MANY.has(issue.message)
      ? 'tooMany'
      : found === undefined
        ? 'missing'
        : 'invalid';
  return { place, position, day, name, field, key, value: shownValue(found), problem };
}

/** A translator of settings.importers (next-intl's, or createTranslator's in a test). */
type ImportersTranslator = (key: string, values: Record<string, string | number>) => string;

/** The refusal of `file` for `issue`, in the user's words: errors.badValue of settings.importers. */
export function importIssueText(t: ImportersTranslator, file: string, issue: ImportIssue): string {
  return t('errors.badValue', {
    file,
    place: issue.place,
    position: issue.position ?? 0,
    day: issue.day ?? '',
    hasName: issue.name === null ? 'no' : 'yes',
    name: issue.name ?? '',
    field: t(`fields.${issue.field}`, { key: issue.key }),
    problem: issue.problem,
    hasValue: issue.value === null ? 'no' : 'yes',
    value: issue.value ?? '',
  });
}
