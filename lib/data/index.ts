/**
 * The diary's data layer: the only diary-data import a screen may use (eslint.config.mjs
 * refuses the rest). Screens reach data through these hooks and never know whether the guest
 * storage or the account's API answers; the implementations under ./guest and ./api stay inside.
 */
import { getQueryClient } from './query-client';
import { loadRepository } from './repository-context';
import { settingsQuery } from './use-diary';

export {
  dayQuery,
  settingsQuery,
  statsQuery,
  useChangeDay,
  useCreateFood,
  useDay,
  useDays,
  useDeleteEntries,
  useDeleteFood,
  useFoods,
  useSettings,
  useSettingsWhereProvided,
  useStats,
  useUpdateFood,
  useUpdateSettings,
  useSaveProfile,
  type DayChangeOn,
} from './use-diary';
export { useDayProblems, useDeleteProblem, useProblems, useRestoreProblem } from './use-day-problems';
export { useCopyEntries } from './use-copy-entries';
export { useExportDiary, useImportDiary, usePlanImport } from './use-transfer';
export { importGuestDiary, prepareGuestImport } from './guest-import';
export { queryKeys } from './keys';
export { nextLogTime } from './log-clock';
export { getQueryClient } from './query-client';
export { DiaryDataProvider, loadRepository, useDataMode } from './repository-context';
export {
  ImportStoppedError,
  InvalidDataError,
  invalidDataOf,
  NotFoundError,
  StorageFullError,
  type DataProblem,
  type RepositoryMode,
} from './types';
export { clearGuestDiary, guestDiaryHere, guestDiaryName, guestStorageUsage } from './guest/this-browser';
export { STORAGE_WARN_RATIO } from './guest/storage-usage';
export { entryRefusal } from './entry-refusal';
export { useOutbox, useRefreshAfterSync } from './use-sync';
export { useSyncStatus, type SyncStatus } from './sync-status';
export type { QueuedOperation } from './offline/operations';

/**
 * Reads the settings ahead of a view, so that it mounts knowing them: calm mode decides what it
 * shows (lib/hooks/use-calm.ts), and a figure must not flash before the settings arrive.
 */
export async function preloadSettings(): Promise<void> {
  await getQueryClient().prefetchQuery(settingsQuery(await loadRepository()));
}

/** The account is deleted: everything this browser kept of it goes (loaded only then). */
export async function forgetAccount(): Promise<void> {
  const { forgetAccount: forget } = await import('./offline/open');
  await forget();
}

/** The account's changes not on the server yet, waiting and stuck (loaded only when asked). */
export async function unsentChanges(): Promise<{ waiting: number; stuck: number }> {
  const { unsentChanges: count } = await import('./offline/open');
  return count();
}
