import { dayTotals, type DayTotals } from '@/lib/diary/stats';
import { whenIdle } from '@/lib/browser/idle';
import { decodeDayTotals, readDaySummary } from './day-codec';
import type { GuestStorage } from './guest-storage';
import { DAY_KEY_PREFIX } from './storage-keys';

/** What the stats know of a stored day; `checked` is false while it comes from the record's summary alone. */
type CachedTotals = { raw: string; totals: DayTotals | null; checked: boolean };

/** Runs a task later, when the browser has time for it (whenIdle, unless a test steps it). */
export type RunLater = (task: () => void) => void;

/** How long one slice of the late check may hold the main thread. */
const CHECK_SLICE_MS = 8;

/**
 * The totals of every stored day, for the stats, read fast and checked later. A day is totalled
 * from the sums its record stores (no entry is read), and each such day is read in full later,
 * a slice at a time when the browser is idle; when a full read disagrees (a record edited
 * outside the app), the listeners hear that the stats shown are stale.
 */
export class DayTotalsIndex {
  // Kept by the record's raw text: a range change re-reads no record.
  private cache = new Map<string, CachedTotals>();
  // Days whose totals came from their stored sums and await the full read (a list: a first visit
  // adds 3,650 of them, and its time counts); a key listed twice is checked once.
  private uncheckedKeys: string[] = [];
  private checkPending = false;
  private staleListeners = new Set<() => void>();
  // Stale stats found while nobody listened (before the page's provider subscribed).
  private staleUnheard = false;

  constructor(
    private readonly store: GuestStorage,
    private readonly runLater: RunLater = whenIdle,
  ) {}

  /** Calls `listener` when totals answered earlier turn out wrong; answers how to stop. */
  onStale(listener: () => void): () => void {
    this.staleListeners.add(listener);
    if (this.staleUnheard) {
      this.staleUnheard = false;
      queueMicrotask(listener);
    }
    return () => this.staleListeners.delete(listener);
  }

  /** The totals of every readable day (the streaks need them all), in no particular order. */
  all(): DayTotals[] {
    const all: DayTotals[] = [];
    for (const key of this.store.keys()) {
      if (!key.startsWith(DAY_KEY_PREFIX)) continue;
      const raw = this.store.raw(key);
      if (raw === null) continue;
      const totals = this.totalsOf(key, raw);
      if (totals && totals.date === key.slice(DAY_KEY_PREFIX.length)) all.push(totals);
    }
    return all;
  }

  /** Forgets what was read: after records were put back behind the cache's back. */
  clear(): void {
    this.cache.clear();
  }

  /**
   * A day already decoded is totalled from that; any other from the sums its record stores, and
   * checked in full later (checkSummaries); a record without them is read for its sums only.
   */
  private totalsOf(key: string, raw: string): DayTotals | null {
    const cached = this.cache.get(key);
    if (cached && cached.raw === raw) return cached.totals;
    const decoded = this.store.decodedDay(key, raw);
    if (decoded) return this.remember(key, raw, decoded.day && dayTotals(decoded.day));
    const summary = readDaySummary(raw);
    if (summary) {
      this.cache.set(key, { raw, totals: summary, checked: false });
      this.uncheckedKeys.push(key);
      this.scheduleCheck();
      return summary;
    }
    const read = decodeDayTotals(raw, this.store.shared);
    return this.remember(key, raw, read.ok ? read.totals : null);
  }

  private remember(key: string, raw: string, totals: DayTotals | null): DayTotals | null {
    this.cache.set(key, { raw, totals, checked: true });
    return totals;
  }

  private scheduleCheck(): void {
    if (this.checkPending) return;
    this.checkPending = true;
    this.runLater(() => this.checkSummaries());
  }

  /**
   * The late half of a stats read: each day whose totals came from its stored summary is read in
   * full. The summary is written with the entries in one record, so it only disagrees with them
   * in a record edited outside the app; such a day's totals are replaced by what a full read
   * finds (none, for an unreadable record).
   */
  private checkSummaries(): void {
    this.checkPending = false;
    const sliceEnd = performance.now() + CHECK_SLICE_MS;
    let stale = false;
    let next = 0;
    while (next < this.uncheckedKeys.length && performance.now() < sliceEnd) {
      const key = this.uncheckedKeys[next++]!;
      const cached = this.cache.get(key);
      const raw = this.store.raw(key);
      // A record changed since is read again, and listed again, by the next report.
      if (!cached || cached.checked || cached.raw !== raw || raw === null) continue;
      const read = decodeDayTotals(raw, this.store.shared);
      const totals = read.ok ? read.totals : null;
      if (!sameTotals(totals, cached.totals)) stale = true;
      this.remember(key, raw, totals);
    }
    this.uncheckedKeys.splice(0, next);
    if (this.uncheckedKeys.length > 0) this.scheduleCheck();
    if (stale && this.staleListeners.size === 0) this.staleUnheard = true;
    else if (stale) for (const listener of this.staleListeners) listener();
  }
}

function sameTotals(a: DayTotals | null, b: DayTotals | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as Array<keyof DayTotals>).every((field) => a[field] === b[field]);
}
