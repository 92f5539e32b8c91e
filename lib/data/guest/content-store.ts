/**
 * Records that many entries share, each stored once under `{prefix}{ref}`, where the ref is
 * taken from a hash of the record's text (docs/decisions/0039 and 0040).
 *
 * A ref names its text for good: a record is never rewritten, and one written is never removed
 * while the app runs, so no day can point at a record that changed. A record is written before
 * the day that refers to it; a day written without it (storage full) fails whole, as any write
 * does. Another tab may write a record at any moment, so a ref not found is looked up again
 * next time rather than remembered as missing.
 */
export interface ContentStore {
  /** The text stored under `ref`, or null. */
  textOf(ref: string): string | null;
  /** The ref of `text`, stored first when it is new. */
  refOf(text: string): string;
}

/** A ref as refOf makes it: base36 of the hash, with a suffix after a collision. */
export const CONTENT_REF = /^[0-9a-z]{1,12}$/;

/** cyrb53 (public domain): a fast 53-bit string hash, in base36. */
function hash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Characters of the hash a ref keeps: 36^4 ≈ 1.7e6. Among a heavy guest's 2,000 records about
 * one pair meets, and the later one takes the next suffix. An entry carries one: 7 characters
 * with its quotes and comma, each one fewer worth 1 % of the quota for ten heavy years.
 */
const REF_LENGTH = 4;

/**
 * The records of a Storage under `prefix`. `write` stores a new one (through the caller's
 * journal, so a failed write of several records takes it back too).
 */
export function contentStore(
  storage: Pick<Storage, 'getItem'>,
  write: (key: string, value: string) => void,
  prefix: string,
): ContentStore {
  return {
    textOf: (ref) => (CONTENT_REF.test(ref) ? storage.getItem(prefix + ref) : null),
    refOf(text) {
      const base = hash(text).slice(0, REF_LENGTH);
      // Another record under the same hash (or one edited by hand) takes the next suffix.
      for (let attempt = 0; ; attempt++) {
        const ref = attempt === 0 ? base : `${base}${attempt.toString(36)}`;
        const stored = storage.getItem(prefix + ref);
        if (stored === text) return ref;
        if (stored === null) {
          write(prefix + ref, text);
          return ref;
        }
      }
    },
  };
}

/**
 * Reads of a store parsed once each: `parse` runs the first time a ref's text is found, and its
 * answer is kept, since a ref's text never changes; a ref not found is looked up again next time
 * (see above). A day of years of them is decoded entry by entry, and going back to the storage
 * for each entry's record took a third of a full read of ten heavy years (597 against 391 ms,
 * bench guestData).
 */
export function parsedReads<T>(store: ContentStore, parse: (text: string) => T | undefined) {
  const parsed = new Map<string, T | undefined>();
  return (ref: string): T | undefined => {
    if (parsed.has(ref)) return parsed.get(ref);
    const text = store.textOf(ref);
    if (text === null) return undefined;
    const value = parse(text);
    parsed.set(ref, value);
    return value;
  };
}
