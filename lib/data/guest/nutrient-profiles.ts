import { nutrientList, nutrientsOfList, type Nutrients } from '@/lib/diary/nutrients';
import { NUTRIENTS_KEY_PREFIX } from './storage-keys';

/**
 * A guest's entries keep their food's nutrients per 100 g (lib/schemas/entry.ts), and every
 * entry of one food version holds the same figures. Written into each entry they would take ten
 * years of a diary past the browser's 5 MB, so each distinct set is stored once, under
 * `nutrients-{ref}`, and an entry's record holds its ref (docs/decisions/0039).
 *
 * A ref names its figures for good: it is taken from their hash, a set is never rewritten, and
 * one written is never removed while the app runs, so no day can point at figures that changed.
 * A set is written before the day that refers to it; a day written without it (storage full)
 * fails whole, as any write does.
 */
export interface NutrientProfiles {
  /** The figures stored under `ref`, or undefined when there are none or they do not read. */
  nutrientsOf(ref: string): Nutrients | undefined;
  /** The ref of these figures, stored first when they are new. */
  refOf(nutrients: Nutrients): string;
}

/** A ref as refOf makes it: base36 of the hash, with a suffix after a collision. */
export const PROFILE_REF = /^[0-9a-z]{1,12}$/;

/** The stored text of a set: its list (lib/diary/nutrients.ts). */
export const profileText = (nutrients: Nutrients) => JSON.stringify(nutrientList(nutrients));

/** The figures of a stored text; undefined when it does not read as a set. */
export function nutrientsOfText(text: string): Nutrients | undefined {
  try {
    return nutrientsOfList(JSON.parse(text));
  } catch {
    return undefined;
  }
}

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
 * Characters of the hash a ref keeps: 36^5 ≈ 6e7, so a guest's few thousand sets rarely meet,
 * and when they do the next suffix is taken. Each entry with nutrients carries one: 8 characters
 * with its quotes and comma.
 */
const REF_LENGTH = 5;

/**
 * The profiles of a Storage. `write` stores a new set (through the caller's journal, so a
 * failed write of several records takes it back too).
 */
export function storageProfiles(
  storage: Pick<Storage, 'getItem'>,
  write: (key: string, value: string) => void,
): NutrientProfiles {
  const read = new Map<string, Nutrients | undefined>();
  return {
    nutrientsOf(ref) {
      if (!read.has(ref)) {
        const text = PROFILE_REF.test(ref) ? storage.getItem(NUTRIENTS_KEY_PREFIX + ref) : null;
        read.set(ref, text === null ? undefined : nutrientsOfText(text));
      }
      return read.get(ref);
    },
    refOf(nutrients) {
      const text = profileText(nutrients);
      const base = hash(text).slice(0, REF_LENGTH);
      // Another set under the same hash (or a record edited by hand) takes the next suffix.
      for (let attempt = 0; ; attempt++) {
        const ref = attempt === 0 ? base : `${base}${attempt.toString(36)}`;
        const stored = storage.getItem(NUTRIENTS_KEY_PREFIX + ref);
        if (stored === text) return ref;
        if (stored === null) {
          write(NUTRIENTS_KEY_PREFIX + ref, text);
          read.set(ref, nutrientsOfText(text));
          return ref;
        }
      }
    },
  };
}
