import type { Day } from '@/lib/schemas/day';
import { foodSchema, type Food } from '@/lib/schemas/food';
import { settingsSchema, type Settings } from '@/lib/schemas/settings';
import { StorageFullError } from '../types';
import { decodeDay, encodeDay, NOT_JSON } from './day-codec';
import { defaultSettings } from './default-settings';
import { storageSharedRecords, type SharedRecords } from './shared-records';
import { CORRUPT_KEY_PREFIX, dayKey, FOODS_KEY, SETTINGS_KEY } from './storage-keys';

/** A stored day as read: the day (null when unreadable), its set-aside entries, or why it is unreadable. */
export type StoredDay = { day: Day | null; setAside: unknown[]; reason?: string };

/** One item of the foods list: a food, or what could not be read of one and why. */
export type FoodSlot = { ok: true; food: Food } | { ok: false; raw: unknown; reason: string };

/** The settings as stored; `corrupt` when the record could not be read and the defaults stand in. */
export type StoredSettings = { settings: Settings; corrupt: boolean; reason?: string };

/**
 * The guest diary's records in the browser's storage, under the seed's keys: read, decoded and
 * written, and nothing else. A record that fails to parse is never overwritten or dropped: it is
 * copied under `corrupt:{key}:{time}` before its key is written again.
 */
export class GuestStorage {
  // Decoding is the slow part of reading years of days; the raw text is the cache key.
  private dayCache = new Map<string, StoredDay & { raw: string }>();
  // While an import writes: each key it wrote and what the key held before (null: nothing).
  private journal: Map<string, string | null> | null = null;

  /** What entries share, each record stored once (see shared-records.ts). */
  readonly shared: SharedRecords;

  constructor(
    private readonly storage: Storage,
    private readonly now: () => Date,
  ) {
    this.shared = storageSharedRecords(storage, (key, value) => this.write(key, value));
  }

  /** Every key of the storage. */
  keys(): string[] {
    // Browsers list a Storage's keys as its own properties in one call; key(i) one by one can
    // cost O(i) each, which adds up over ten years of days. Test doubles fall back to key(i).
    if (typeof Storage !== 'undefined' && this.storage instanceof Storage) return Object.keys(this.storage);
    const keys: string[] = [];
    for (let index = 0; index < this.storage.length; index++) {
      const key = this.storage.key(index);
      if (key !== null) keys.push(key);
    }
    return keys;
  }

  /** The record under `key` as stored, or null. */
  raw(key: string): string | null {
    return this.storage.getItem(key);
  }

  remove(key: string): void {
    this.storage.removeItem(key);
    this.dayCache.delete(key);
  }

  // ---- days -------------------------------------------------------------------------------

  readDay(key: string): StoredDay {
    const raw = this.storage.getItem(key);
    if (raw === null) return { day: null, setAside: [] };
    const cached = this.dayCache.get(key);
    if (cached && cached.raw === raw) return cached;
    const decoded = decodeDay(raw, this.shared);
    const result = decoded.ok
      ? { raw, day: decoded.day, setAside: decoded.setAside }
      : { raw, day: null, setAside: [], reason: decoded.reason };
    this.dayCache.set(key, result);
    return result;
  }

  /** The day already decoded from exactly `raw`, if it was. */
  decodedDay(key: string, raw: string): StoredDay | undefined {
    const cached = this.dayCache.get(key);
    return cached && cached.raw === raw ? cached : undefined;
  }

  /**
   * Writes a day, keeping the entries its record set aside (`setAside`, by default those stored
   * now); an unreadable record under the key is copied aside first.
   */
  writeDay(day: Day, setAside?: unknown[]): Day {
    const key = dayKey(day.date);
    const current = this.readDay(key);
    this.preserveIfCorrupt(key, current.reason !== undefined);
    const kept = setAside ?? current.setAside;
    const raw = encodeDay(day, kept, this.shared);
    this.write(key, raw);
    this.dayCache.set(key, { raw, day, setAside: kept });
    return day;
  }

  // ---- foods ------------------------------------------------------------------------------

  /** Every item of `food-items`, parsed or not, in stored order. */
  readFoodSlots(): FoodSlot[] {
    const raw = this.storage.getItem(FOODS_KEY);
    if (raw === null) return [];
    const list = parseJsonArray(raw);
    if (!list) return [];
    return list.map((item): FoodSlot => {
      const parsed = foodSchema.safeParse(item);
      return parsed.success
        ? { ok: true, food: parsed.data }
        : { ok: false, raw: item, reason: describeIssue(parsed.error.issues[0]) };
    });
  }

  /** Writes the list back with unreadable items left exactly where and as they were. */
  writeFoodSlots(slots: FoodSlot[]): void {
    const raw = this.storage.getItem(FOODS_KEY);
    this.preserveIfCorrupt(FOODS_KEY, raw !== null && parseJsonArray(raw) === null);
    this.write(FOODS_KEY, JSON.stringify(slots.map((slot) => (slot.ok ? slot.food : slot.raw))));
  }

  /** Whether `food-items` is there but not a list at all. */
  foodsNotAList(): boolean {
    const raw = this.storage.getItem(FOODS_KEY);
    return raw !== null && parseJsonArray(raw) === null;
  }

  // ---- settings ---------------------------------------------------------------------------

  readSettings(): StoredSettings {
    const defaults = defaultSettings(this.now().toISOString());
    const raw = this.storage.getItem(SETTINGS_KEY);
    if (raw === null) return { settings: defaults, corrupt: false };
    try {
      // Fields added after a record was written take their defaults.
      const parsed = settingsSchema.safeParse({ ...defaults, ...JSON.parse(raw) });
      if (parsed.success) return { settings: parsed.data, corrupt: false };
      return { settings: defaults, corrupt: true, reason: describeIssue(parsed.error.issues[0]) };
    } catch {
      return { settings: defaults, corrupt: true, reason: NOT_JSON };
    }
  }

  writeSettings(settings: Settings): void {
    this.preserveIfCorrupt(SETTINGS_KEY, this.readSettings().corrupt);
    this.write(SETTINGS_KEY, JSON.stringify(settings));
  }

  // ---- writing ----------------------------------------------------------------------------

  /**
   * Runs `work`, which writes several records, whole or not at all: when it throws (the
   * browser's storage filled up part of the way, say), every record it wrote is put back as it
   * was, new ones removed first, which frees the space.
   */
  allOrNothing(work: () => void): void {
    const journal = new Map<string, string | null>();
    this.journal = journal;
    try {
      work();
    } catch (error) {
      for (const [key, before] of journal) if (before === null) this.storage.removeItem(key);
      for (const [key, before] of journal) if (before !== null) this.storage.setItem(key, before);
      this.dayCache.clear();
      throw error;
    } finally {
      this.journal = null;
    }
  }

  /** Copies an unreadable record aside before its key is overwritten, so nothing is lost. */
  private preserveIfCorrupt(key: string, corrupt: boolean): void {
    if (!corrupt) return;
    const raw = this.storage.getItem(key);
    if (raw !== null) this.write(`${CORRUPT_KEY_PREFIX}${key}:${this.now().getTime()}`, raw);
  }

  private write(key: string, value: string): void {
    if (this.journal && !this.journal.has(key)) this.journal.set(key, this.storage.getItem(key));
    try {
      this.storage.setItem(key, value);
    } catch (error) {
      if (isQuotaError(error)) throw new StorageFullError();
      throw error;
    }
  }
}

function parseJsonArray(raw: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  return issue ? `${issue.path.map(String).join('.') || 'record'}: ${issue.message}` : 'invalid';
}

export function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22)
  );
}
