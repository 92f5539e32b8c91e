import { clearGuestDiary } from './guest/this-browser';
import type { SettingsChoice } from '@/lib/diary/settings-merge';
import type { DiaryExport, ImportPlan } from '@/lib/schemas/export';

/**
 * Bringing this browser's guest diary into the account just logged in to. Both repositories load
 * only when asked, so the log-in and register pages stay light.
 */
async function repositories() {
  const [{ GuestRepository }, { ApiRepository }] = await Promise.all([
    import('./guest/guest-repository'),
    import('./api/api-repository'),
  ]);
  return { guest: new GuestRepository(window.localStorage), account: new ApiRepository() };
}

/** The guest diary as an export, and what importing it would change in the account. */
export async function prepareGuestImport(): Promise<{ data: DiaryExport; plan: ImportPlan }> {
  const { guest, account } = await repositories();
  const data = await guest.exportAll();
  return { data, plan: await account.planImport(data) };
}

/**
 * Imports the guest diary into the account, then removes it from the browser: the server has
 * all of it, and the diary lives in one place.
 */
export async function importGuestDiary(data: DiaryExport, settings?: SettingsChoice): Promise<ImportPlan> {
  const { account } = await repositories();
  const plan = await account.importAll(data, settings);
  clearGuestDiary();
  return plan;
}
