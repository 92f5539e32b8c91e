import 'server-only';
import type { BaseUpdatedAt } from '@/lib/schemas/api';

/**
 * True when a write based on `base` must not overwrite the stored record: the client saw another
 * version (or believed there was none). Timestamps compare as instants, so `+03:00` and `Z`
 * spellings of the same moment agree. A `base` left out means an unconditional write.
 */
export function isStale(stored: Date | null, base: BaseUpdatedAt): boolean {
  if (base === undefined) return false;
  if (base === null || stored === null) return base !== null || stored !== null;
  return Date.parse(base) !== stored.getTime();
}
