import type { SettingsPatch } from '@/lib/schemas/settings';
import { currentSessionState } from '@/lib/session/client';

/**
 * Keeps a preference the user chose in the diary's settings, the record that travels (an export,
 * the account on another device), when this browser has a diary. Run as a mutation of the tab's
 * QueryClient, so the settings shown are read again and an account's other tabs hear of it; one
 * after another, so quick choices arrive in the order they were made. The data layer loads on
 * the first choice, not with every page's switchers.
 */
export async function saveToSettings(patch: SettingsPatch, { ifChanged = false } = {}): Promise<void> {
  if (currentSessionState() === 'none') return;
  const [{ MutationObserver }, { getQueryClient, loadRepository, queryKeys }] = await Promise.all([
    import('@tanstack/react-query'),
    import('@/lib/data'),
  ]);
  const client = getQueryClient();
  const repository = await loadRepository();
  if (ifChanged) {
    const current = await repository.getSettings();
    if (Object.entries(patch).every(([field, value]) => current[field as keyof SettingsPatch] === value))
      return;
  }
  const save = new MutationObserver(client, {
    mutationFn: () => repository.updateSettings(patch),
    scope: { id: 'preferences' },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.settings(repository.mode) }),
  });
  // The choice is already shown and remembered in this browser; a failed write (storage full,
  // a refused session) is handled by the QueryClient's own error handling.
  await save.mutate().catch(() => undefined);
}
