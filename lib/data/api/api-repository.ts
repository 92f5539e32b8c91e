import { z } from '@/lib/schemas/zod';
import type { StatsReport } from '@/lib/diary/stats';
import {
  apiErrorSchema,
  batchAnswerSchema,
  importPlanSchema,
  statsSchema,
  type BatchAnswer,
  type BatchChange,
} from '@/lib/schemas/api';
import type { DayChange } from '@/lib/diary/day-change';
import { daySchema, type Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { diaryExportSchema, type DiaryExport, type ImportPlan } from '@/lib/schemas/export';
import { foodSchema, type Food, type FoodInput } from '@/lib/schemas/food';
import { settingsSchema, type Settings, type SettingsPatch } from '@/lib/schemas/settings';
import {
  EntryConflictError,
  ImportStoppedError,
  NotFoundError,
  type DiaryRepository,
  type ImportRun,
} from '../types';
import type { SettingsChoice } from '@/lib/diary/settings-merge';
import { ApiError, apiRequest } from '@/lib/http/api-client';
import { changedElsewhere, type EntryChangeBase } from '../entry-versions';
import { splitExport } from './import-chunks';

/** How often a write is rebased on the server's newer record before giving up. */
const MAX_REBASES = 3;

function isConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * The account implementation of the repository, over the REST API. Answers are validated with
 * the same zod schemas the server uses.
 *
 * Writes carry the updatedAt of the record they were based on (for an entry, its day's). When
 * another device changed the record meanwhile, the server answers 409 with its current copy:
 * this repository then merges (entries by id, the newer copy winning; a field patch re-applied
 * on top) and retries, so two devices never silently overwrite each other.
 */
export class ApiRepository implements DiaryRepository {
  readonly mode = 'account' as const;
  // The updatedAt of each record as last seen from the server: the base of the next write.
  private readonly seenDays = new Map<string, string>();
  private readonly seenFoods = new Map<number, string>();
  private seenSettings: string | undefined;

  // ---- days -------------------------------------------------------------------------------

  async getDay(date: string): Promise<Day | null> {
    try {
      return this.sawDay(daySchema.parse(await apiRequest('GET', `/days/${date}`)));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async listDays(from: string, to: string): Promise<Day[]> {
    const query = new URLSearchParams({ from, to });
    const days = z.array(daySchema).parse(await apiRequest('GET', `/days?${query}`));
    return days.map((day) => this.sawDay(day));
  }

  /**
   * Sends one change of a day (through the batch endpoint, as a batch of one) and answers the day
   * after it. A removal of what is already gone (deleted on another device) answers the day as
   * it is now. `base` is what an entry's change was made on; see putEntry.
   */
  async changeDay(date: string, change: DayChange, base?: EntryChangeBase): Promise<Day | null> {
    if (change.kind === 'putEntry') return this.putEntry(date, change.entry, base);
    try {
      return await this.sendOne({ date, change });
    } catch (error) {
      if (isNotFound(error)) return this.getDay(date);
      throw error;
    }
  }

  /**
   * `base.entry`, when given, is the entry this change was made from (null for a new entry): if
   * the server's copy is neither that nor this change, the entry was changed (or deleted) on
   * another device too, and EntryConflictError leaves the choice to the user. Without it, the
   * newer copy of the entry wins. `base.day` is the day's version the change was made on, when
   * it is not the one this tab saw last.
   */
  private async putEntry(date: string, entry: Entry, given?: EntryChangeBase): Promise<Day> {
    // An entry write is based on the version of its day (the server's unit of change): the one
    // given (a change replayed from the outbox), else the one last seen.
    let base = given ? given.day : (this.seenDays.get(date) ?? null);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.sendOne({ date, change: { kind: 'putEntry', entry }, base });
      } catch (error) {
        if (!isConflict(error) || attempt >= MAX_REBASES) throw error;
        // The day changed on another device (or is gone): merge by entry id and try again.
        const current = error.body.current == null ? null : this.sawDay(daySchema.parse(error.body.current));
        const theirs = current?.entries.find((candidate) => candidate.id === entry.id) ?? null;
        if (given) {
          if (changedElsewhere(theirs, given.entry, entry)) throw new EntryConflictError(theirs);
        } else if (current && theirs && Date.parse(theirs.updatedAt) >= Date.parse(entry.updatedAt)) {
          // The newer copy of the entry wins: when the other device's is newer, keep it.
          return current;
        }
        base = current?.updatedAt ?? null;
      }
    }
  }

  /** One change as a batch of one; the server's refusal of it is thrown as its own answer would be. */
  private async sendOne(change: BatchChange): Promise<Day> {
    const answer = await this.sendBatch([change]);
    if (answer.failed) throw new ApiError(answer.failed.status, apiErrorSchema.parse(answer.failed.body));
    return answer.days[0]!;
  }

  /**
   * Sends changes of days in one request (POST /api/batch), applied in order up to the first the
   * server does not take, which it answers as alone (`failed`) and leaves for sending alone
   * (where a conflict is merged as above). A change without a base is applied to the server's
   * newest day, as the field patch or whole record it is.
   */
  async sendBatch(changes: BatchChange[]): Promise<BatchAnswer> {
    let sent: unknown;
    try {
      sent = await apiRequest('POST', '/batch', { changes });
    } catch (error) {
      // An instance of the previous build (a rolling update) reads a batch as `operations`: that
      // is no refusal of these changes. They wait and go again, as while the server is down.
      if (error instanceof ApiError && error.status === 400 && error.body.field === 'operations')
        throw new ApiError(503, { error: 'unavailable' });
      throw error;
    }
    const answer = batchAnswerSchema.parse(sent);
    for (const day of answer.days) this.sawDay(day);
    return answer;
  }

  async getStats(from: string, to: string, today: string): Promise<StatsReport> {
    const query = new URLSearchParams({ from, to, today });
    return statsSchema.parse(await apiRequest('GET', `/stats?${query}`));
  }

  // ---- foods --------------------------------------------------------------------------------

  async listFoods(): Promise<Food[]> {
    const foods = z.array(foodSchema).parse(await apiRequest('GET', '/foods'));
    return foods.map((food) => this.sawFood(food));
  }

  async createFood(input: FoodInput): Promise<Food> {
    return this.sawFood(foodSchema.parse(await apiRequest('POST', '/foods', input)));
  }

  async updateFood(id: number, input: FoodInput): Promise<Food> {
    try {
      const food = await this.rebasing(this.seenFoods.get(id) ?? null, foodSchema, (baseUpdatedAt) =>
        apiRequest('PATCH', `/foods/${id}`, { ...input, baseUpdatedAt }),
      );
      return this.sawFood(food);
    } catch (error) {
      if (isNotFound(error)) throw new NotFoundError(`food ${id}`);
      throw error;
    }
  }

  async deleteFood(id: number): Promise<void> {
    try {
      await apiRequest('DELETE', `/foods/${id}`);
    } catch (error) {
      // Deleting what is already gone is done, not an error.
      if (!isNotFound(error)) throw error;
    }
    this.seenFoods.delete(id);
  }

  // ---- settings -----------------------------------------------------------------------------

  async getSettings(): Promise<Settings> {
    return this.sawSettings(settingsSchema.parse(await apiRequest('GET', '/settings')));
  }

  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const settings = await this.rebasing(this.seenSettings ?? null, settingsSchema, (baseUpdatedAt) =>
      apiRequest('PATCH', '/settings', { ...patch, baseUpdatedAt }),
    );
    return this.sawSettings(settings);
  }

  // ---- export and import -------------------------------------------------------------------

  async exportAll(): Promise<DiaryExport> {
    return diaryExportSchema.parse(await apiRequest('GET', '/export'));
  }

  async planImport(data: DiaryExport, choice?: SettingsChoice, run?: ImportRun): Promise<ImportPlan> {
    const parts = splitExport(data);
    return this.importParts(parts, true, choice, run, 0, parts.length);
  }

  async importAll(data: DiaryExport, choice?: SettingsChoice, run?: ImportRun): Promise<ImportPlan> {
    const parts = splitExport(data);
    if (parts.length === 1 || run?.checked)
      return this.importParts(parts, false, choice, run, 0, parts.length);
    // Each part is its own transaction: a file in several parts is checked whole first, so a part
    // the server refuses (a day past the limit of entries) is found before any part is written.
    await this.importParts(parts, true, choice, run, 0, 2 * parts.length);
    return this.importParts(parts, false, choice, run, parts.length, 2 * parts.length);
  }

  /**
   * The server takes at most 1 MB per request, so a large export goes in parts: each part is a
   * whole export document with the same settings and a share of the days (lib/data/api/import-chunks).
   * Importing is idempotent, so a part sent twice changes nothing. `before` of `steps` is where
   * this pass starts in the progress the caller sees.
   */
  private async importParts(
    parts: DiaryExport[],
    dryRun: boolean,
    choice: SettingsChoice | undefined,
    run: ImportRun | undefined,
    before: number,
    steps: number,
  ): Promise<ImportPlan> {
    const total: ImportPlan = {
      foods: { added: 0, updated: 0, unchanged: 0 },
      days: { added: 0, updated: 0, unchanged: 0 },
      entries: { added: 0, updated: 0, unchanged: 0 },
      settings: { changes: [], onlyDefaults: false, applied: false },
    };
    const query = new URLSearchParams({
      ...(dryRun ? { dryRun: '1' } : {}),
      ...(choice ? { settings: choice } : {}),
    });
    for (const [index, part] of parts.entries()) {
      if (run?.signal?.aborted) throw new ImportStoppedError(dryRun ? 0 : index, parts.length);
      const plan = importPlanSchema.parse(await apiRequest('POST', `/import?${query}`, part));
      run?.onProgress?.(before + index + 1, steps);
      // The first part carries all foods: count them from its answer. The settings choice is
      // fixed after it: a later part finds the settings already taken.
      if (index === 0) {
        total.foods = plan.foods;
        total.settings = plan.settings as ImportPlan['settings'];
        if (!dryRun && !choice) query.set('settings', plan.settings.applied ? 'file' : 'mine');
      }
      for (const key of ['days', 'entries'] as const) {
        total[key].added += plan[key].added;
        total[key].updated += plan[key].updated;
        total[key].unchanged += plan[key].unchanged;
      }
    }
    return total;
  }

  // ---- helpers ------------------------------------------------------------------------------

  /**
   * Sends a field patch based on `base`; on a stale write, re-applies it on the server's
   * current record (a patch names only the fields the user changed, so applying it again on
   * top of the other device's changes keeps both).
   */
  private async rebasing<T extends { updatedAt: string }>(
    base: string | null,
    schema: z.ZodType<T>,
    send: (baseUpdatedAt: string | null) => Promise<unknown>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return schema.parse(await send(base));
      } catch (error) {
        if (!isConflict(error) || attempt >= MAX_REBASES) throw error;
        base = schema.parse(error.body.current).updatedAt;
      }
    }
  }

  private sawDay(day: Day): Day {
    this.seenDays.set(day.date, day.updatedAt);
    return day;
  }

  private sawFood(food: Food): Food {
    this.seenFoods.set(food.id, food.updatedAt);
    return food;
  }

  private sawSettings(settings: Settings): Settings {
    this.seenSettings = settings.updatedAt;
    return settings;
  }
}
