import * as rules from '@/lib/diary/day-rules';
import { importPlan, mergeDays, mergeFoods } from '@/lib/diary/import-merge';
import { statsReport, type StatsReport } from '@/lib/diary/stats';
import { applyChange, type DayChange } from '@/lib/diary/day-change';
import type { Day } from '@/lib/schemas/day';
import { EXPORT_FORMAT, EXPORT_VERSION, type DiaryExport, type ImportPlan } from '@/lib/schemas/export';
import { foodInputSchema, type Food, type FoodInput } from '@/lib/schemas/food';
import {
  settingsPatchSchema,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '@/lib/schemas/settings';
import {
  importedName,
  planSettings,
  withTravellingSettings,
  type SettingsChoice,
} from '@/lib/diary/settings-merge';
import { ImportStoppedError, NotFoundError, type DiaryRepository, type ImportRun } from '../types';
import { DayTotalsIndex, type RunLater } from './day-totals-index';
import { GuestProblems } from './guest-problems';
import { GuestStorage, type FoodSlot } from './guest-storage';
import { DAY_KEY_PREFIX, dayKey } from './storage-keys';

export type { RunLater };

/**
 * The guest implementation of the repository, in the browser's storage: each change loads what
 * it changes, applies the diary's rule (lib/diary/day-rules.ts) and saves. Reading and writing
 * the records is GuestStorage's; the stats' fast totals are DayTotalsIndex's; what could not be
 * read is GuestProblems', a guest's alone.
 */
export class GuestRepository implements DiaryRepository {
  readonly mode = 'guest' as const;
  private readonly store: GuestStorage;
  private readonly totals: DayTotalsIndex;
  readonly problems: GuestProblems;

  constructor(
    storage: Storage,
    private readonly now: () => Date = () => new Date(),
    runLater?: RunLater,
  ) {
    this.store = new GuestStorage(storage, now);
    this.totals = new DayTotalsIndex(this.store, runLater);
    this.problems = new GuestProblems(
      this.store,
      (date) => this.dayForWrite(date),
      () => this.timestamp(),
    );
  }

  /**
   * Calls `listener` when stats answered earlier turn out wrong and must be asked for again (they
   * come from each day's stored sums, and the records are read in full later); answers a
   * function that stops the calls.
   */
  onStale(listener: () => void): () => void {
    return this.totals.onStale(listener);
  }

  // ---- days -------------------------------------------------------------------------------

  async getDay(date: string): Promise<Day | null> {
    return this.store.readDay(dayKey(date)).day;
  }

  async listDays(from: string, to: string): Promise<Day[]> {
    const days: Day[] = [];
    for (const key of this.store.keys()) {
      if (!key.startsWith(DAY_KEY_PREFIX)) continue;
      const date = key.slice(DAY_KEY_PREFIX.length);
      if (date < from || date > to) continue;
      const { day } = this.store.readDay(key);
      if (day && day.date === date) days.push(day);
    }
    return days.sort((a, b) => a.date.localeCompare(b.date));
  }

  /** Loads the day (or starts it with the goal in force), applies the change by the day's rules, saves. */
  async changeDay(date: string, change: DayChange): Promise<Day | null> {
    rules.checkDate(date);
    const stored = await this.getDay(date);
    const day = stored ?? rules.newDay(date, await this.getSettings(), this.timestamp());
    const next = applyChange(day, change);
    // A change that changes nothing (removing what is not there) is not saved: a day never
    // written stays unwritten.
    if (next === day) return stored;
    return this.store.writeDay({ ...next, updatedAt: this.timestamp() });
  }

  async getStats(from: string, to: string, today: string): Promise<StatsReport> {
    return statsReport(this.totals.all(), from, to, today);
  }

  /** The day to change: the stored one, or a new one with the goal in force today. */
  private async dayForWrite(date: string): Promise<Day> {
    rules.checkDate(date);
    return (await this.getDay(date)) ?? rules.newDay(date, await this.getSettings(), this.timestamp());
  }

  // ---- foods ------------------------------------------------------------------------------

  async listFoods(): Promise<Food[]> {
    return this.store.readFoodSlots().flatMap((slot) => (slot.ok ? [slot.food] : []));
  }

  async createFood(input: FoodInput): Promise<Food> {
    const fields = foodInputSchema.parse(input);
    const slots = this.store.readFoodSlots();
    const now = this.timestamp();
    const food: Food = { ...fields, id: latestFoodId(slots) + 1, createdAt: now, updatedAt: now };
    this.store.writeFoodSlots([...slots, { ok: true, food }]);
    return food;
  }

  async updateFood(id: number, input: FoodInput): Promise<Food> {
    const fields = foodInputSchema.parse(input);
    const slots = this.store.readFoodSlots();
    const index = slots.findIndex((slot) => slot.ok && slot.food.id === id);
    const current = slots[index];
    if (!current?.ok) throw new NotFoundError(`food ${id}`);
    const food: Food = { ...current.food, ...fields, id, updatedAt: this.timestamp() };
    slots[index] = { ok: true, food };
    this.store.writeFoodSlots(slots);
    return food;
  }

  async deleteFood(id: number): Promise<void> {
    const slots = this.store.readFoodSlots();
    const kept = slots.filter((slot) => !(slot.ok && slot.food.id === id));
    if (kept.length === slots.length) throw new NotFoundError(`food ${id}`);
    this.store.writeFoodSlots(kept);
  }

  // ---- settings ---------------------------------------------------------------------------

  async getSettings(): Promise<Settings> {
    return this.store.readSettings().settings;
  }

  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const changes = settingsPatchSchema.parse(patch);
    const next = settingsSchema.parse({
      ...this.store.readSettings().settings,
      ...changes,
      savedAt: this.timestamp(),
      updatedAt: this.timestamp(),
    });
    this.store.writeSettings(next);
    return next;
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
    try {
      this.store.allOrNothing(() => {
        // Foods first: entries written next may point at the foods just added.
        if (plan.foods.added + plan.foods.updated > 0) {
          const invalid = this.store.readFoodSlots().filter((slot) => !slot.ok);
          this.store.writeFoodSlots([...foods.map((food): FoodSlot => ({ ok: true, food })), ...invalid]);
        }
        for (const day of days) this.store.writeDay(day);
        if (settings) this.store.writeSettings(settings);
      });
    } catch (error) {
      this.totals.clear();
      throw error;
    }
    run?.onProgress?.(1, 1);
    return plan;
  }

  private async mergeWith(data: DiaryExport, choice?: SettingsChoice) {
    const foodMerge = mergeFoods(await this.listFoods(), data.foods);
    const existing = new Map((await this.listDays('0000-01-01', '9999-12-31')).map((day) => [day.date, day]));
    const dayMerge = mergeDays(existing, data.days, foodMerge.idMap);
    for (const day of dayMerge.changed) rules.checkDayFits(day);
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

  private timestamp(): string {
    return this.now().toISOString();
  }
}

/** The seed's id rule: the latest id is the last item's id, or 0 for an empty list. */
function latestFoodId(slots: FoodSlot[]): number {
  const last = slots.at(-1);
  if (!last) return 0;
  if (last.ok) return last.food.id;
  // An unreadable last item: never hand out an id that a readable item already has.
  return Math.max(0, ...slots.flatMap((slot) => (slot.ok ? [slot.food.id] : [])));
}
