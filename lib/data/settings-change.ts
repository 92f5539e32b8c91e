import type { DiaryRepository } from '@/lib/data/types';
import type { Settings, SettingsPatch } from '@/lib/schemas/settings';

/**
 * A change of the settings: a patch of the fields it names, or a patch worked out from the
 * latest settings when it runs. A field that holds a record (the weekday goals, the nutrient
 * targets) is written whole, so a form changing one key of it passes a function: built from what
 * the form rendered, the second of two fields typed one after the other would write the record
 * without the first (issue 48: Saturday's goal lost to Sunday's). Null: nothing to change.
 */
export type SettingsChange = SettingsPatch | ((latest: Settings) => SettingsPatch | null);

/** Where the latest settings are kept between changes (the query cache in the app). */
export type SettingsCache = {
  get(): Settings | undefined;
  set(settings: Settings): void;
};

// One queue per repository: a change runs once the one before it has been written and cached,
// so it is worked out from the settings that one left (settings save as you go, decision 0023).
const queues = new WeakMap<DiaryRepository, Promise<unknown>>();

/** Runs `run` after every settings change queued before it on `repository`, failed or not. */
function queued<T>(repository: DiaryRepository, run: () => Promise<T>): Promise<T> {
  const result = (queues.get(repository) ?? Promise.resolve()).then(run, run);
  queues.set(
    repository,
    result.catch(() => undefined),
  );
  return result;
}

/**
 * Writes `change` once the changes before it are written, working it out from the freshest
 * settings (the cache, kept up to date here, else the repository's). `then` runs in the queue
 * too, with what was written: the days given a new goal by one change are not written over by
 * an older change's. Answers the patch written (null when there was nothing to change) and the
 * settings after it.
 */
export function changeSettings(
  repository: DiaryRepository,
  change: SettingsChange,
  cache: SettingsCache,
  then?: (patch: SettingsPatch, settings: Settings) => Promise<void>,
): Promise<{ patch: SettingsPatch | null; settings: Settings }> {
  return queued(repository, async () => {
    const latest = cache.get() ?? (await repository.getSettings());
    const patch = typeof change === 'function' ? change(latest) : change;
    if (patch === null || Object.keys(patch).length === 0) return { patch: null, settings: latest };
    const settings = await repository.updateSettings(patch);
    cache.set(settings);
    await then?.(patch, settings);
    return { patch, settings };
  });
}
