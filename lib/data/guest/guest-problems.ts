import { slicePauser } from '@/lib/browser/slices';
import * as rules from '@/lib/diary/day-rules';
import type { Day } from '@/lib/schemas/day';
import type { DataProblem } from '../types';
import { NOT_JSON, salvageEntries } from './day-codec';
import type { GuestStorage } from './guest-storage';
import { CORRUPT_KEY_PREFIX, DAY_KEY_PREFIX, dayKey, FOODS_KEY, SETTINGS_KEY } from './storage-keys';

/**
 * What of a guest's diary could not be read, for the user to see, export, delete or bring back:
 * records that fail to parse, entries a day set aside, copies kept of records written over. Only
 * a guest has these: the server checks every write, so an account's data always reads.
 */
export class GuestProblems {
  constructor(
    private readonly store: GuestStorage,
    /** The day to write into: the stored one, or a new one by the day's rules. */
    private readonly dayForWrite: (date: string) => Promise<Day>,
    private readonly now: () => string,
  ) {}

  /**
   * Records that failed to parse, all or only those of one day. Every day is read in full, which
   * over ten years takes a phone seconds: in slices, so the pages that look for problems as they
   * open stay answerable.
   */
  async list(date?: string): Promise<DataProblem[]> {
    const problems: DataProblem[] = [];
    const keys =
      date === undefined ? this.store.keys() : this.store.keys().filter((key) => keyOfDay(key) === date);
    const pause = slicePauser();
    for (const key of keys) {
      await pause();
      const raw = this.store.raw(key);
      // Removed while an earlier slice waited (another tab, a delete): nothing left to report.
      if (raw === null) continue;
      if (key.startsWith(CORRUPT_KEY_PREFIX)) {
        const day = keyOfDay(key);
        problems.push({
          key,
          cause: 'keptCopy',
          reason: 'kept copy of an unreadable record',
          raw,
          ...(day
            ? { date: day, restorable: (salvageEntries(raw, this.store.shared)?.entries.length ?? 0) > 0 }
            : {}),
        });
      } else if (key.startsWith(DAY_KEY_PREFIX)) {
        const day = key.slice(DAY_KEY_PREFIX.length);
        const read = this.store.readDay(key);
        if (!read.day) problems.push({ key, ...readFailure(read.reason), raw, date: day });
        else if (read.day.date !== day)
          problems.push({
            key,
            cause: 'dateMismatch',
            reason: 'date does not match its key',
            raw,
            date: day,
          });
        read.setAside.forEach((entry, index) =>
          problems.push({
            key: `${key}${SET_ASIDE_MARK}${index}`,
            cause: 'setAside',
            reason: 'entry set aside: it could not be read',
            raw: JSON.stringify(entry),
            date: day,
          }),
        );
      } else if (key === FOODS_KEY) {
        if (this.store.foodsNotAList())
          problems.push({ key, cause: 'notList', reason: 'not a JSON array', raw });
        this.store.readFoodSlots().forEach((slot, index) => {
          if (!slot.ok)
            problems.push({
              key: `${FOODS_KEY}#${index}`,
              cause: 'invalid',
              reason: slot.reason,
              raw: JSON.stringify(slot.raw),
            });
        });
      } else if (key === SETTINGS_KEY) {
        const { corrupt, reason } = this.store.readSettings();
        if (corrupt) problems.push({ key, ...readFailure(reason), raw });
      }
    }
    return problems;
  }

  /** Deletes a record that could not be read, or one item or set-aside entry of it. */
  async delete(key: string): Promise<void> {
    const itemMatch = /^food-items#(\d+)$/.exec(key);
    if (itemMatch) {
      const index = Number(itemMatch[1]);
      const slots = this.store.readFoodSlots();
      if (slots[index] && !slots[index].ok)
        this.store.writeFoodSlots(slots.filter((_, position) => position !== index));
      return;
    }
    const setAside = parseSetAsideKey(key);
    if (setAside) {
      const { day, setAside: kept } = this.store.readDay(setAside.dayKey);
      if (day && setAside.index < kept.length)
        this.store.writeDay(
          day,
          kept.filter((_, position) => position !== setAside.index),
        );
      return;
    }
    this.store.remove(key);
  }

  /**
   * Brings the readable entries of a kept copy back into its day (never over an entry the day
   * already has) and sets its unreadable ones aside there; answers how many came back.
   */
  async restore(key: string): Promise<number> {
    const date = key.startsWith(CORRUPT_KEY_PREFIX) ? keyOfDay(key) : null;
    const raw = this.store.raw(key);
    const salvaged = raw === null ? null : salvageEntries(raw, this.store.shared);
    if (!date || !salvaged) return 0;
    const day = await this.dayForWrite(date);
    const { setAside } = this.store.readDay(dayKey(date));
    const known = new Set(day.entries.map((entry) => entry.id));
    const comeBack = salvaged.entries.filter((entry) => !known.has(entry.id));
    const restored = rules.addEntriesThatFit(day, comeBack);
    // What does not fit or cannot be read stays with the day, set aside, so the copy can go.
    this.store.writeDay({ ...restored.day, updatedAt: this.now() }, [
      ...setAside,
      ...salvaged.setAside,
      ...restored.left,
    ]);
    this.store.remove(key);
    return comeBack.length - restored.left.length;
  }
}

/** Set-aside entries are reported as `dashboard-{date}#x{index}`. */
const SET_ASIDE_MARK = '#x';

function parseSetAsideKey(key: string): { dayKey: string; index: number } | null {
  const at = key.lastIndexOf(SET_ASIDE_MARK);
  if (!key.startsWith(DAY_KEY_PREFIX) || at === -1) return null;
  const index = Number(key.slice(at + SET_ASIDE_MARK.length));
  return Number.isInteger(index) ? { dayKey: key.slice(0, at), index } : null;
}

/** The diary day of a day key or of a kept copy of one (`corrupt:dashboard-{date}:{time}`), else null. */
function keyOfDay(key: string): string | null {
  const day = key.startsWith(CORRUPT_KEY_PREFIX) ? key.slice(CORRUPT_KEY_PREFIX.length) : key;
  if (!day.startsWith(DAY_KEY_PREFIX)) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?::\d+)?$/.exec(day.slice(DAY_KEY_PREFIX.length));
  return match ? match[1]! : null;
}

/** The cause of a record that failed to read, from its reason: not JSON at all, or a value that fails. */
function readFailure(reason: string | undefined): Pick<DataProblem, 'cause' | 'reason'> {
  return { cause: reason === NOT_JSON ? 'notJson' : 'invalid', reason: reason ?? 'unreadable' };
}
