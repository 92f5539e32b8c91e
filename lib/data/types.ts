import { ApiError } from '@/lib/http/api-client';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import type { DayChange } from '@/lib/diary/day-change';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import type { Food, FoodInput } from '@/lib/schemas/food';
import type { DiaryExport, ImportPlan } from '@/lib/schemas/export';
import type { Settings, SettingsPatch } from '@/lib/schemas/settings';
import type { StatsReport } from '@/lib/diary/stats';
import type { SettingsChoice } from '@/lib/diary/settings-merge';

export type RepositoryMode = 'guest' | 'account';

/**
 * A stored record, or an entry of one, that could not be read; it is kept untouched until the
 * user exports or deletes it. `date` is the diary day it belongs to, if any; `restorable` says
 * that GuestProblems.restore() can bring readable entries of it back into that day.
 */
/**
 * Why a stored record could not be read, for the interface to say in the user's language: not
 * JSON at all; not the list it should be; a value that fails its check (`reason` names it); a day
 * stored under another date's key; one entry of a day set aside; a copy kept of an unreadable
 * record.
 */
export type ProblemCause = 'notJson' | 'notList' | 'invalid' | 'dateMismatch' | 'setAside' | 'keptCopy';

/** A stored record that could not be read: kept as it is (`raw`), with why (`cause`, `reason` in detail). */
export type DataProblem = {
  key: string;
  cause: ProblemCause;
  reason: string;
  raw: string;
  date?: string;
  restorable?: boolean;
};

/**
 * The one seam between screens and storage: guest data in the browser and account data on the
 * server both implement it, and screens never know which one they talk to. Every method is
 * async, even over localStorage, so React Query treats both alike.
 */
export interface DiaryRepository {
  readonly mode: RepositoryMode;

  /** One day, or null when nothing was written for it. */
  getDay(date: string): Promise<Day | null>;
  /** The written days from `from` to `to`, inclusive, in date order. */
  listDays(from: string, to: string): Promise<Day[]>;
  /**
   * Applies one change of a day (lib/diary/day-change.ts) by the day's rules, which refuse a bad
   * one with InvalidDataError, and answers the day after it. A day is created with the goal in
   * force on its first write; a removal from a day never written changes nothing and answers null.
   */
  changeDay(date: string, change: DayChange): Promise<Day | null>;

  /** The stats of `from`..`to` and the logging streaks as of `today` (the user's local day). */
  getStats(from: string, to: string, today: string): Promise<StatsReport>;
  listFoods(): Promise<Food[]>;
  createFood(input: FoodInput): Promise<Food>;
  updateFood(id: number, input: FoodInput): Promise<Food>;
  deleteFood(id: number): Promise<void>;

  getSettings(): Promise<Settings>;
  updateSettings(patch: SettingsPatch): Promise<Settings>;

  exportAll(): Promise<DiaryExport>;
  /** What importing `data` would change, without changing anything. */
  planImport(data: DiaryExport, settings?: SettingsChoice, run?: ImportRun): Promise<ImportPlan>;
  /**
   * Merges `data` in: entries by id, foods by name and brand, the newer record winning; the
   * file's settings where they differ if `settings` is 'file', or, left out, if this diary's
   * settings are still the defaults (lib/diary/settings-merge.ts).
   */
  importAll(data: DiaryExport, settings?: SettingsChoice, run?: ImportRun): Promise<ImportPlan>;
}

/**
 * How a long import tells how far it got and how it is stopped. An account's import goes in
 * parts (one request each); `done` of `total` counts them. Stopped by `signal`, it throws
 * ImportStoppedError after the part in flight: each part is whole, and importing the same file
 * again adds only what is missing.
 */
export type ImportRun = {
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * The caller has just had planImport check this same data (a preview): an account's import
   * then writes its parts without checking them all again first.
   */
  checked?: boolean;
};

/** An import stopped by its user: `stored` of `parts` parts were written. */
export class ImportStoppedError extends Error {
  constructor(
    readonly stored: number,
    readonly parts: number,
  ) {
    super(`import stopped after ${stored} of ${parts} parts`);
    this.name = 'ImportStoppedError';
  }
}

/** Thrown when the browser's storage is full: the caller keeps what the user typed. */
export class StorageFullError extends Error {
  constructor() {
    super('storage_full');
    this.name = 'StorageFullError';
  }
}

export { InvalidDataError };

/** The refusal in `error`, from either repository (an account's is a 400 answer), or null. */
export function invalidDataOf(error: unknown): InvalidDataError | null {
  if (error instanceof InvalidDataError) return error;
  if (error instanceof ApiError && error.status === 400 && error.body.issues?.length)
    return InvalidDataError.fromIssues(error.body.issues);
  return null;
}

/** Thrown for a record that is not there (an unknown food id, say). */
export class NotFoundError extends Error {
  constructor(what: string) {
    super(`not_found: ${what}`);
    this.name = 'NotFoundError';
  }
}

/**
 * An entry changed here and, meanwhile, on another device too (`theirs`; null when it was
 * deleted there): which one stays is the user's choice.
 */
export class EntryConflictError extends Error {
  constructor(readonly theirs: Entry | null) {
    super('entry_conflict');
    this.name = 'EntryConflictError';
  }
}
