import * as rules from '@/lib/diary/day-rules';
import { importPlan, mergeDays, mergeFoods } from '@/lib/diary/import-merge';
import { dayTotals, statsReport, type DayTotals, type StatsReport } from '@/lib/diary/stats';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { EXPORT_FORMAT, EXPORT_VERSION, type DiaryExport, type ImportPlan } from '@/lib/schemas/export';
import { foodInputSchema, foodSchema, type Food, type FoodInput } from '@/lib/schemas/food';
import {
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '@/lib/schemas/settings';
import { whenIdle } from '@/lib/idle';
import {
  importedName,
  planSettings,
  withTravellingSettings,
  type SettingsChoice,
} from '@/lib/diary/settings-merge';
import {
  ImportStoppedError,
  NotFoundError,
  StorageFullError,
  type DataProblem,
  type DiaryRepository,
  type ImportRun,
} from '../types';
import { decodeDay, decodeDayTotals, encodeDay, NOT_JSON, readDaySummary, salvageEntries } from './day-codec';
import { defaultSettings } from './default-settings';
import { CORRUPT_KEY_PREFIX, DAY_KEY_PREFIX, dayKey, FOODS_KEY, SETTINGS_KEY } from './storage-keys';

/** A stored day as read: the day (null when unreadable), its set-aside entries, or why it is unreadable. */
type CachedDay = { raw: string; day: Day | null; setAside: unknown[]; reason?: string };

type FoodSlot = { ok: true; food: Food } | { ok: false; raw: unknown; reason: string };

/** What the stats know of a stored day; `checked` is false while it comes from the record's summary alone. */
type CachedTotals = { raw: string; totals: DayTotals | null; checked: boolean };

/** Runs a task later, when the browser has time for it (whenIdle, unless a test steps it). */
export type RunLater = (task: () => void) => void;

/** How long one slice of the late check may hold the main thread. */
const CHECK_SLICE_MS = 8;

/**
 * The guest implementation of the repository, over the seed's localStorage keys. A record that
 * fails to parse is never overwritten or dropped: it is skipped, reported by listProblems(), and
 * copied under `corrupt:{key}:{time}` before its key is written again.
 */
export class GuestRepository implements DiaryRepository {
  readonly mode = 'guest' as const;
  // Decoding is the slow part of reading years of days; the raw text is the cache key.
  private dayCache = new Map<string, CachedDay>();
  // What the stats need of each day, kept the same way: a range change re-reads no record.
  private totalsCache = new Map<string, CachedTotals>();
  // Days whose stats came from their stored sums and await the full read (a list: a first visit
  // adds 3,650 of them, and its time counts); a key listed twice is checked once.
  private uncheckedKeys: string[] = [];
  private checkPending = false;
  private staleListeners = new Set<() => void>();
  // Stale stats found while nobody listened (before the page's provider subscribed).
  private staleUnheard = false;
  // While an import writes: each key it wrote and what the key held before (null: nothing).
  private journal: Map<string, string | null> | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly now: () => Date = () => new Date(),
    private readonly runLater: RunLater = whenIdle,
  ) {}

  onStale(listener: () => void): () => void {
    this.staleListeners.add(listener);
    if (this.staleUnheard) {
      this.staleUnheard = false;
      queueMicrotask(listener);
    }
    return () => this.staleListeners.delete(listener);
  }

  // ---- days -------------------------------------------------------------------------------

  async getDay(date: string): Promise<Day | null> {
    return this.readDay(dayKey(date)).day;
  }

  async listDays(from: string, to: string): Promise<Day[]> {
    const days: Day[] = [];
    for (const key of this.keys()) {
      if (!key.startsWith(DAY_KEY_PREFIX)) continue;
      const date = key.slice(DAY_KEY_PREFIX.length);
      if (date < from || date > to) continue;
      const { day } = this.readDay(key);
      if (day && day.date === date) days.push(day);
    }
    return days.sort((a, b) => a.date.localeCompare(b.date));
  }

  async putEntry(date: string, entry: Entry): Promise<Day> {
    return this.changeDay(date, (day) => rules.putEntry(day, entry));
  }

  async deleteEntry(date: string, entryId: string): Promise<Day | null> {
    const day = await this.getDay(date);
    if (!day) return null;
    const next = rules.deleteEntry(day, entryId);
    return next === day ? day : this.writeDay({ ...next, updatedAt: this.timestamp() });
  }

  async setWeight(date: string, weight: number | null): Promise<Day> {
    return this.changeDay(date, (day) => rules.setWeight(day, weight));
  }

  async setGoal(date: string, goal: number): Promise<Day> {
    return this.changeDay(date, (day) => rules.setGoal(day, goal));
  }

  /** Load the day (or start it), apply the rule, save. */
  private async changeDay(date: string, rule: (day: Day) => Day): Promise<Day> {
    const next = rule(await this.dayForWrite(date));
    return this.writeDay({ ...next, updatedAt: this.timestamp() });
  }

  async getStats(from: string, to: string, today: string): Promise<StatsReport> {
    return statsReport(this.allDayTotals(), from, to, today);
  }

  /** The totals of every readable day (the streaks need them all), in no particular order. */
  private allDayTotals(): DayTotals[] {
    const all: DayTotals[] = [];
    for (const key of this.keys()) {
      if (!key.startsWith(DAY_KEY_PREFIX)) continue;
      const raw = this.storage.getItem(key);
      if (raw === null) continue;
      const totals = this.totalsOf(key, raw);
      if (totals && totals.date === key.slice(DAY_KEY_PREFIX.length)) all.push(totals);
    }
    return all;
  }

  /**
   * A day already decoded is totalled from that; any other from the sums its record stores, and
   * checked in full later (checkSummaries); a record without them is read for its sums only.
   */
  private totalsOf(key: string, raw: string): DayTotals | null {
    const cached = this.totalsCache.get(key);
    if (cached && cached.raw === raw) return cached.totals;
    const decoded = this.dayCache.get(key);
    if (decoded && decoded.raw === raw)
      return this.cacheTotals(key, raw, decoded.day && dayTotals(decoded.day));
    const summary = readDaySummary(raw);
    if (summary) {
      this.totalsCache.set(key, { raw, totals: summary, checked: false });
      this.uncheckedKeys.push(key);
      this.scheduleCheck();
      return summary;
    }
    const read = decodeDayTotals(raw);
    return this.cacheTotals(key, raw, read.ok ? read.totals : null);
  }

  private cacheTotals(key: string, raw: string, totals: DayTotals | null): DayTotals | null {
    this.totalsCache.set(key, { raw, totals, checked: true });
    return totals;
  }

  private scheduleCheck(): void {
    if (this.checkPending) return;
    this.checkPending = true;
    this.runLater(() => this.checkSummaries());
  }

  /**
   * The late half of a stats read: each day whose totals came from its stored summary is read in
   * full, a slice at a time when the browser is idle. The summary is written with the entries in
   * one record, so it only disagrees with them in a record edited outside the app; such a day's
   * totals are replaced by what a full read finds (none, for an unreadable record), and the
   * listeners are told that the stats shown are stale.
   */
  private checkSummaries(): void {
    this.checkPending = false;
    const sliceEnd = performance.now() + CHECK_SLICE_MS;
    let stale = false;
    let next = 0;
    while (next < this.uncheckedKeys.length && performance.now() < sliceEnd) {
      const key = this.uncheckedKeys[next++]!;
      const cached = this.totalsCache.get(key);
      const raw = this.storage.getItem(key);
      // A record changed since is read again, and listed again, by the next report.
      if (!cached || cached.checked || cached.raw !== raw || raw === null) continue;
      const read = decodeDayTotals(raw);
      const totals = read.ok ? read.totals : null;
      if (!sameTotals(totals, cached.totals)) stale = true;
      this.cacheTotals(key, raw, totals);
    }
    this.uncheckedKeys.splice(0, next);
    if (this.uncheckedKeys.length > 0) this.scheduleCheck();
    if (stale && this.staleListeners.size === 0) this.staleUnheard = true;
    else if (stale) for (const listener of this.staleListeners) listener();
  }

  /** The day to change: the stored one, or a new one with the goal in force today. */
  private async dayForWrite(date: string): Promise<Day> {
    rules.checkDate(date);
    return (await this.getDay(date)) ?? rules.newDay(date, await this.getSettings(), this.timestamp());
  }

  private readDay(key: string): Omit<CachedDay, 'raw'> {
    const raw = this.storage.getItem(key);
    if (raw === null) return { day: null, setAside: [] };
    const cached = this.dayCache.get(key);
    if (cached && cached.raw === raw) return cached;
    const decoded = decodeDay(raw);
    const result: CachedDay = decoded.ok
      ? { raw, day: decoded.day, setAside: decoded.setAside }
      : { raw, day: null, setAside: [], reason: decoded.reason };
    this.dayCache.set(key, result);
    return result;
  }

  /**
   * Writes a day, keeping the entries its record set aside (`setAside`, by default those stored
   * now); an unreadable record under the key is copied aside first.
   */
  private writeDay(day: Day, setAside?: unknown[]): Day {
    const key = dayKey(day.date);
    const current = this.readDay(key);
    this.preserveIfCorrupt(key, current.reason !== undefined);
    const kept = setAside ?? current.setAside;
    const raw = encodeDay(day, kept);
    this.write(key, raw);
    this.dayCache.set(key, { raw, day, setAside: kept });
    return day;
  }

  // ---- foods ------------------------------------------------------------------------------

  async listFoods(): Promise<Food[]> {
    return this.readFoodSlots().flatMap((slot) => (slot.ok ? [slot.food] : []));
  }

  async createFood(input: FoodInput): Promise<Food> {
    const fields = foodInputSchema.parse(input);
    const slots = this.readFoodSlots();
    const now = this.timestamp();
    const food: Food = { ...fields, id: latestFoodId(slots) + 1, createdAt: now, updatedAt: now };
    this.writeFoodSlots([...slots, { ok: true, food }]);
    return food;
  }

  async updateFood(id: number, input: FoodInput): Promise<Food> {
    const fields = foodInputSchema.parse(input);
    const slots = this.readFoodSlots();
    const index = slots.findIndex((slot) => slot.ok && slot.food.id === id);
    const current = slots[index];
    if (!current?.ok) throw new NotFoundError(`food ${id}`);
    const food: Food = { ...current.food, ...fields, id, updatedAt: this.timestamp() };
    slots[index] = { ok: true, food };
    this.writeFoodSlots(slots);
    return food;
  }

  async deleteFood(id: number): Promise<void> {
    const slots = this.readFoodSlots();
    const kept = slots.filter((slot) => !(slot.ok && slot.food.id === id));
    if (kept.length === slots.length) throw new NotFoundError(`food ${id}`);
    this.writeFoodSlots(kept);
  }

  /** Every item of `food-items`, parsed or not, in stored order. */
  private readFoodSlots(): FoodSlot[] {
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
  private writeFoodSlots(slots: FoodSlot[]): void {
    const raw = this.storage.getItem(FOODS_KEY);
    this.preserveIfCorrupt(FOODS_KEY, raw !== null && parseJsonArray(raw) === null);
    this.write(FOODS_KEY, JSON.stringify(slots.map((slot) => (slot.ok ? slot.food : slot.raw))));
  }

  // ---- settings ---------------------------------------------------------------------------

  async getSettings(): Promise<Settings> {
    return this.readSettings().settings;
  }

  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const changes = settingsPatchSchema.parse(patch);
    const { settings, corrupt } = this.readSettings();
    this.preserveIfCorrupt(SETTINGS_KEY, corrupt);
    const next = settingsSchema.parse({
      ...settings,
      ...changes,
      savedAt: this.timestamp(),
      updatedAt: this.timestamp(),
    });
    this.write(SETTINGS_KEY, JSON.stringify(next));
    return next;
  }

  private readSettings(): { settings: Settings; corrupt: boolean; reason?: string } {
    const defaults = defaultSettings(this.timestamp());
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

  // ---- export and import -------------------------------------------------------------------

  async exportAll(): Promise<DiaryExport> {
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: this.timestamp(),
      settings: await this.getSettings(),
      foods: await this.listFoods(),
      days: await this.listDays('0000-01-01', '9999-12-31'),
    };
  }

  async planImport(data: DiaryExport, choice?: SettingsChoice): Promise<ImportPlan> {
    return (await this.mergeWith(data, choice)).plan;
  }

  /**
   * Writes the whole import or nothing: when the browser's storage fills up part of the way
   * (years of another app's diary may not fit), every record written is put back as it was and
   * StorageFullError is thrown.
   */
  async importAll(data: DiaryExport, choice?: SettingsChoice, run?: ImportRun): Promise<ImportPlan> {
    // One step, written at once: stopped before it, nothing is stored.
    if (run?.signal?.aborted) throw new ImportStoppedError(0, 1);
    const { plan, foods, days, settings } = await this.mergeWith(data, choice);
    this.journal = new Map();
    try {
      // Foods first: entries written next may point at the foods just added.
      if (plan.foods.added + plan.foods.updated > 0) {
        const invalid = this.readFoodSlots().filter((slot) => !slot.ok);
        this.writeFoodSlots([...foods.map((food): FoodSlot => ({ ok: true, food })), ...invalid]);
      }
      for (const day of days) this.writeDay(day);
      if (settings) this.write(SETTINGS_KEY, JSON.stringify(settings));
    } catch (error) {
      this.rollBack(this.journal);
      throw error;
    } finally {
      this.journal = null;
    }
    run?.onProgress?.(1, 1);
    return plan;
  }

  /** Puts back the records a failed import wrote: new ones removed first, which frees the space. */
  private rollBack(journal: Map<string, string | null>): void {
    for (const [key, before] of journal) if (before === null) this.storage.removeItem(key);
    for (const [key, before] of journal) if (before !== null) this.storage.setItem(key, before);
    this.dayCache.clear();
    this.totalsCache.clear();
  }

  private async mergeWith(data: DiaryExport, choice?: SettingsChoice) {
    const foodMerge = mergeFoods(await this.listFoods(), data.foods);
    const existing = new Map((await this.listDays('0000-01-01', '9999-12-31')).map((day) => [day.date, day]));
    const dayMerge = mergeDays(existing, data.days, foodMerge.idMap);
    for (const day of dayMerge.changed) rules.checkDayFits(day, `days.${day.date}.entries`);
    const current = await this.getSettings();
    const settingsPlan = planSettings(current, data.settings, choice);
    const travelled = settingsPlan.applied
      ? withTravellingSettings(current, data.settings, this.timestamp())
      : null;
    const name = importedName(current, data.settings);
    const settings =
      name === null
        ? travelled
        : { ...(travelled ?? current), name, savedAt: this.timestamp(), updatedAt: this.timestamp() };
    return {
      plan: importPlan(foodMerge, dayMerge, settingsPlan),
      foods: foodMerge.foods,
      days: dayMerge.changed,
      settings,
    };
  }

  // ---- problems -----------------------------------------------------------------------------

  async listProblems(date?: string): Promise<DataProblem[]> {
    const problems: DataProblem[] = [];
    const keys = date === undefined ? this.keys() : this.keys().filter((key) => keyOfDay(key) === date);
    for (const key of keys) {
      const raw = this.storage.getItem(key) ?? '';
      if (key.startsWith(CORRUPT_KEY_PREFIX)) {
        const day = keyOfDay(key);
        problems.push({
          key,
          cause: 'keptCopy',
          reason: 'kept copy of an unreadable record',
          raw,
          ...(day ? { date: day, restorable: (salvageEntries(raw)?.entries.length ?? 0) > 0 } : {}),
        });
      } else if (key.startsWith(DAY_KEY_PREFIX)) {
        const day = key.slice(DAY_KEY_PREFIX.length);
        const read = this.readDay(key);
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
        if (parseJsonArray(raw) === null)
          problems.push({ key, cause: 'notList', reason: 'not a JSON array', raw });
        this.readFoodSlots().forEach((slot, index) => {
          if (!slot.ok)
            problems.push({
              key: `${FOODS_KEY}#${index}`,
              cause: 'invalid',
              reason: slot.reason,
              raw: JSON.stringify(slot.raw),
            });
        });
      } else if (key === SETTINGS_KEY) {
        const { corrupt, reason } = this.readSettings();
        if (corrupt) problems.push({ key, ...readFailure(reason), raw });
      }
    }
    return problems;
  }

  async deleteProblem(key: string): Promise<void> {
    const itemMatch = /^food-items#(\d+)$/.exec(key);
    if (itemMatch) {
      const index = Number(itemMatch[1]);
      const slots = this.readFoodSlots();
      if (slots[index] && !slots[index].ok)
        this.writeFoodSlots(slots.filter((_, position) => position !== index));
      return;
    }
    const setAside = parseSetAsideKey(key);
    if (setAside) {
      const { day, setAside: kept } = this.readDay(setAside.dayKey);
      if (day && setAside.index < kept.length)
        this.writeDay(
          day,
          kept.filter((_, position) => position !== setAside.index),
        );
      return;
    }
    this.storage.removeItem(key);
    this.dayCache.delete(key);
    this.totalsCache.delete(key);
  }

  async restoreProblem(key: string): Promise<number> {
    const date = key.startsWith(CORRUPT_KEY_PREFIX) ? keyOfDay(key) : null;
    const raw = this.storage.getItem(key);
    const salvaged = raw === null ? null : salvageEntries(raw);
    if (!date || !salvaged) return 0;
    const day = await this.dayForWrite(date);
    const { setAside } = this.readDay(dayKey(date));
    const known = new Set(day.entries.map((entry) => entry.id));
    const comeBack = salvaged.entries.filter((entry) => !known.has(entry.id));
    const restored = rules.addEntriesThatFit(day, comeBack);
    // What does not fit or cannot be read stays with the day, set aside, so the copy can go.
    this.writeDay({ ...restored.day, updatedAt: this.timestamp() }, [
      ...setAside,
      ...salvaged.setAside,
      ...restored.left,
    ]);
    this.storage.removeItem(key);
    return comeBack.length - restored.left.length;
  }

  // ---- storage --------------------------------------------------------------------------------

  private keys(): string[] {
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

  private timestamp(): string {
    return this.now().toISOString();
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

function sameTotals(a: DayTotals | null, b: DayTotals | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as Array<keyof DayTotals>).every((field) => a[field] === b[field]);
}

/** The seed's id rule: the latest id is the last item's id, or 0 for an empty list. */
function latestFoodId(slots: FoodSlot[]): number {
  const last = slots.at(-1);
  if (!last) return 0;
  if (last.ok) return last.food.id;
  // An unreadable last item: never hand out an id that a readable item already has.
  return Math.max(0, ...slots.flatMap((slot) => (slot.ok ? [slot.food.id] : [])));
}

function parseJsonArray(raw: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** The cause of a record that failed to read, from its reason: not JSON at all, or a value that fails. */
function readFailure(reason: string | undefined): Pick<DataProblem, 'cause' | 'reason'> {
  return { cause: reason === NOT_JSON ? 'notJson' : 'invalid', reason: reason ?? 'unreadable' };
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
