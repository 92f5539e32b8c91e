import { entryFields, type Entry } from '@/lib/schemas/entry';
import { sameNutrients } from '@/lib/diary/nutrients';

/**
 * The version of an entry that a change was made from: the whole entry, or null for a new
 * entry. A change queued by an earlier build of the app kept only the entry's updatedAt.
 */
export type EntryBase = Entry | string | null;

/**
 * What a change of an entry was made on: the day's version as the server last gave it (null: a
 * day the server had not got) and the entry as it was before (null: a new entry). A replay hours
 * later tells an edit made elsewhere meanwhile from its own earlier changes by it.
 */
export type EntryChangeBase = { day: string | null; entry: EntryBase };

const ENTRY_FIELDS = Object.keys(entryFields.shape) as ReadonlyArray<keyof Entry>;
const TIMES: ReadonlySet<keyof Entry> = new Set(['loggedAt', 'updatedAt']);

/** Whether two copies of an entry are the same version: every field equal, times as instants. */
export function sameEntry(a: Entry | null, b: Entry | null): boolean {
  if (a === null || b === null) return a === b;
  return ENTRY_FIELDS.every((field) =>
    TIMES.has(field)
      ? Date.parse(String(a[field])) === Date.parse(String(b[field]))
      : field === 'nutrients'
        ? sameNutrients(a.nutrients, b.nutrients)
        : a[field] === b[field],
  );
}

/**
 * Whether the server's copy of an entry (null: it has none) is a change made elsewhere: neither
 * the version this change was made from nor this change itself (a retry whose answer was lost).
 *
 * Versions are told apart by the whole entry, not by updatedAt alone: entry times keep only the
 * whole second (lib/schemas/common.ts), so two devices changing one entry within the same second
 * stamp the same time, and one whose clock is behind can stamp the time the entry already had.
 * Told apart by time, the second device's change took the first one's for its own, or for the
 * version it started from, and overwrote it without asking.
 */
export function changedElsewhere(theirs: Entry | null, base: EntryBase, mine: Entry): boolean {
  if (sameEntry(theirs, mine)) return false;
  if (typeof base === 'string') return (theirs?.updatedAt ?? null) !== base;
  return !sameEntry(theirs, base);
}
