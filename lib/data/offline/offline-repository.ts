import { NetworkError } from '@/lib/http/api-client';
import * as rules from '@/lib/diary/day-rules';
import { addDays } from '@/lib/diary/dates';
import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import { dayTotals, statsReport, type StatsReport } from '@/lib/diary/stats';
import type { SettingsChoice } from '@/lib/diary/settings-merge';
import { applyChange, entryIdOf, type DayChange } from '@/lib/diary/day-change';
import type { Day } from '@/lib/schemas/day';
import type { DiaryExport, ImportPlan } from '@/lib/schemas/export';
import { foodInputSchema, type Food, type FoodInput } from '@/lib/schemas/food';
import { settingsPatchSchema, type Settings, type SettingsPatch } from '@/lib/schemas/settings';
import type { z } from '@/lib/schemas/zod';
import type { ApiRepository } from '../api/api-repository';
import { InvalidDataError, NotFoundError, type DiaryRepository, type ImportRun } from '../types';
import type { AccountStore } from './account-store';
import { applyToSettings, dateOf, entryOf, nextTempFoodId, type DayOperation } from './operations';
import { Outbox } from './outbox';
import { updateSyncStatus } from '@/lib/data/sync-status';

/** How many days back a page load remembers for offline use (remember()). */
const RECENT_DAYS = 35;

function check<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw InvalidDataError.fromIssues(parsed.error.issues);
  return parsed.data;
}

/**
 * An account's repository that keeps working offline. It answers from the server when it can
 * and remembers every answer in the account's own IndexedDB store; offline, it answers what it
 * remembers. Every change is checked by the day's rules, shown at once and handed to the outbox
 * (./outbox.ts), which sends it when the server can be reached.
 */
export class OfflineAccountRepository implements DiaryRepository {
  readonly mode = 'account' as const;
  readonly outbox: Outbox;

  constructor(
    private readonly api: ApiRepository,
    private readonly store: AccountStore,
    userId: string,
    private readonly now: () => string = () => new Date().toISOString(),
  ) {
    this.outbox = new Outbox(api, store, userId, now);
  }

  /** Sends what the outbox holds; answers the changes the server refused on the way. */
  sync() {
    return this.outbox.sync();
  }

  /**
   * Remembers what any page may need offline, whichever page was opened: the foods, the
   * settings and the last five weeks of days. Each is one request; offline, nothing happens.
   */
  async remember(today: string): Promise<void> {
    await Promise.allSettled([
      this.listFoods(),
      this.getSettings(),
      this.listDays(addDays(today, -RECENT_DAYS), today),
    ]);
  }

  // ---- reads ------------------------------------------------------------------------------

  async getDay(date: string): Promise<Day | null> {
    await this.sync();
    if (await this.outbox.waiting((operation) => dateOf(operation) === date))
      return (await this.store.day(date)) ?? null;
    return this.readThrough(
      async () => {
        const day = await this.api.getDay(date);
        await this.store.putDay(date, day);
        return day;
      },
      // A day never seen here is not shown empty offline: the server may hold entries for it,
      // and an empty day would look like lost data. The screen says it could not be loaded.
      () => this.store.day(date),
    );
  }

  async listDays(from: string, to: string): Promise<Day[]> {
    await this.sync();
    const waitingDates = new Set((await this.outbox.queued()).map(dateOf));
    return this.readThrough(
      async () => {
        const days = await this.api.listDays(from, to);
        await this.store.putDays(days.filter((day) => !waitingDates.has(day.date)));
        return this.store.days(from, to);
      },
      () => this.store.days(from, to),
    );
  }

  async getStats(from: string, to: string, today: string): Promise<StatsReport> {
    await this.sync();
    if ((await this.outbox.queued()).length === 0) {
      try {
        return await this.api.getStats(from, to, today);
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
      }
    }
    // Offline, or with changes the server has not got yet: the figures of the days known here.
    return statsReport((await this.store.allDays()).map(dayTotals), from, to, today);
  }

  async listFoods(): Promise<Food[]> {
    await this.sync();
    if (await this.outbox.waiting((operation) => operation.kind.endsWith('Food')))
      return (await this.store.foods()) ?? [];
    return this.readThrough(
      async () => {
        const foods = await this.api.listFoods();
        await this.store.putFoods(foods);
        return foods;
      },
      () => this.store.foods(),
    );
  }

  async getSettings(): Promise<Settings> {
    await this.sync();
    const cached = await this.store.settings();
    if (cached && (await this.outbox.waiting((operation) => operation.kind === 'updateSettings')))
      return cached;
    return this.readThrough(
      async () => {
        const settings = await this.api.getSettings();
        await this.store.putSettings(settings);
        return settings;
      },
      async () => cached,
    );
  }

  // ---- writes -----------------------------------------------------------------------------

  async changeDay(date: string, change: DayChange): Promise<Day | null> {
    rules.checkDate(date);
    const known = await this.knownDay(date);
    const day = known ?? (await this.newDay(date));
    // The rules refuse a bad change here, before anything is kept or queued.
    const next = applyChange(day, change);
    // A change that changes nothing (removing what is not there) is neither kept nor sent.
    if (next === day) return known;
    const entryId = entryIdOf(change);
    // A new change of an entry replaces an earlier one the server refused or that met a conflict.
    if (entryId) await this.outbox.dropSettled((operation) => entryOf(operation)?.id === entryId);
    const operation: DayOperation = { kind: 'changeDay', date, change };
    if (change.kind === 'putEntry') {
      // The entry is sent as the rules keep it, with what it was made on: the day's version as the
      // server last gave it, the base this change is sent with however much later that is; none
      // for a day this device is making, which the server has not got (a base the server never
      // gave would only earn a 409 and a second request). While earlier changes of the day wait,
      // this one is made on the version they were made on.
      const waitingBase = await this.outbox.waitingBase(date);
      operation.change = { kind: 'putEntry', entry: next.entries.find(({ id }) => id === entryId)! };
      operation.base = {
        day: waitingBase !== undefined ? waitingBase : (known?.updatedAt ?? null),
        entry: day.entries.find(({ id }) => id === entryId) ?? null,
      };
    }
    await this.store.putDay(date, next);
    await this.outbox.send(operation, async () => {
      const fresh = await this.api.getDay(date);
      await this.store.putDay(date, fresh);
    });
    return (await this.store.day(date)) ?? next;
  }

  async createFood(input: FoodInput): Promise<Food> {
    const fields = check(foodInputSchema, input);
    const foods = await this.knownFoods();
    const now = this.now();
    const food: Food = { ...fields, id: nextTempFoodId(foods), createdAt: now, updatedAt: now };
    await this.store.putFoods([...foods, food]);
    await this.outbox.send({ kind: 'createFood', tempId: food.id, input: fields }, () => this.refreshFoods());
    // The server's food, once it has answered; the temporary one until then.
    const id = this.outbox.serverFoodId(food.id) ?? food.id;
    return (await this.store.foods())?.find((candidate) => candidate.id === id) ?? food;
  }

  async updateFood(id: number, input: FoodInput): Promise<Food> {
    const fields = check(foodInputSchema, input);
    const foods = await this.knownFoods();
    const current = foods.find((food) => food.id === id);
    if (!current) throw new NotFoundError(`food ${id}`);
    const food: Food = { ...current, ...fields, id };
    await this.store.putFoods(foods.map((candidate) => (candidate.id === id ? food : candidate)));
    await this.outbox.send({ kind: 'updateFood', id, input: fields }, () => this.refreshFoods());
    return (await this.store.foods())?.find((candidate) => candidate.id === id) ?? food;
  }

  async deleteFood(id: number): Promise<void> {
    const foods = await this.knownFoods();
    await this.store.putFoods(foods.filter((food) => food.id !== id));
    await this.outbox.send({ kind: 'deleteFood', id }, () => this.refreshFoods());
  }

  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const changes = check(settingsPatchSchema, patch);
    const current = (await this.store.settings()) ?? (await this.getSettings());
    await this.store.putSettings(applyToSettings(current, changes, this.now()));
    await this.outbox.send({ kind: 'updateSettings', patch: changes }, () => this.refreshSettings());
    return (await this.store.settings())!;
  }

  // ---- online only ------------------------------------------------------------------------

  exportAll(): Promise<DiaryExport> {
    return this.afterSync(() => this.api.exportAll());
  }

  planImport(data: DiaryExport, settings?: SettingsChoice, run?: ImportRun): Promise<ImportPlan> {
    return this.afterSync(() => this.api.planImport(data, settings, run));
  }

  async importAll(data: DiaryExport, settings?: SettingsChoice, run?: ImportRun): Promise<ImportPlan> {
    try {
      return await this.afterSync(() => this.api.importAll(data, settings, run));
    } finally {
      // Everything may have changed, a stopped import's parts too: what is remembered is read
      // again when next asked for.
      await this.store.clearRecords();
    }
  }

  /** The day as stored here or, when online, as the server has it; null when neither has it. */
  private async knownDay(date: string): Promise<Day | null> {
    return (await this.store.day(date)) ?? (await this.getDay(date).catch(() => null));
  }

  /** A day this device starts, with the goal in force. */
  private async newDay(date: string): Promise<Day> {
    const settings = await this.store.settings();
    return rules.newDay(date, settings ?? { currentGoal: DEFAULT_GOAL_KCAL }, this.now());
  }

  /** The foods as known here; offline with none known, an empty list to add to. */
  private async knownFoods(): Promise<Food[]> {
    return (await this.store.foods()) ?? (await this.listFoods().catch(() => []));
  }

  private async refreshFoods(): Promise<void> {
    await this.store.putFoods(await this.api.listFoods());
  }

  private async refreshSettings(): Promise<void> {
    await this.store.putSettings(await this.api.getSettings());
  }

  private async afterSync<T>(work: () => Promise<T>): Promise<T> {
    await this.sync();
    return work();
  }

  /**
   * Answers from the server, or, when it cannot be reached, what this browser remembers; with
   * nothing remembered, the network error stands.
   */
  private async readThrough<T>(
    fromServer: () => Promise<T>,
    remembered: () => Promise<T | undefined>,
  ): Promise<T> {
    try {
      const answer = await fromServer();
      updateSyncStatus({ online: true });
      return answer;
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      updateSyncStatus({ online: false });
      const known = await remembered();
      if (known === undefined) throw error;
      return known;
    }
  }
}
