'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Meal } from '@/lib/diary/meals';
import type { SettingsChoice } from '@/lib/diary/settings-merge';
import { settleNewMeals, withMealsMoved } from '@/lib/importers/import-meals';
import type { NewMeal } from '@/lib/importers/types';
import type { DiaryExport } from '@/lib/schemas/export';
import type { Settings } from '@/lib/schemas/settings';
import { queryKeys } from './keys';
import { useRepository } from './repository-context';
import { changeSettings, type SettingsCache } from './settings-change';
import type { DiaryRepository, ImportRun } from './types';

function useRequiredRepository() {
  const repository = useRepository();
  return () => {
    if (!repository) throw new Error('No repository yet');
    return repository;
  };
}

/**
 * An import's file, the settings choice, and how the caller follows and stops it; for another
 * app's files, the meals of one's own the preview found they add (ImportReport.newMeals).
 */
type ImportArgs = {
  data: DiaryExport;
  settings?: SettingsChoice;
  run?: ImportRun;
  newMeals?: readonly NewMeal[];
};

/** The whole diary as the export file (docs/export-format.md). */
export function useExportDiary() {
  const repository = useRequiredRepository();
  return useMutation({ mutationFn: () => repository().exportAll() });
}

/** What importing a file would change, settings included, without changing anything. */
export function usePlanImport() {
  const repository = useRequiredRepository();
  return useMutation({
    mutationFn: ({ data, settings, run }: ImportArgs) => repository().planImport(data, settings, run),
  });
}

/**
 * Adds an import's new meals to the user's meals, worked out from the plan as it is now, and
 * answers where the entries of a new meal whose slot was taken since the preview go instead.
 * Written before the entries: an import stopped half way has its meals, and the same files
 * imported again find them by name and put the rest in them.
 */
async function addNewMeals(
  repository: DiaryRepository,
  newMeals: readonly NewMeal[],
  setCached: (settings: Settings) => void,
): Promise<ReadonlyMap<Meal, Meal>> {
  let moved: ReadonlyMap<Meal, Meal> = new Map();
  if (newMeals.length === 0) return moved;
  // The plan is read from storage, not the screen's cache: another tab or device may have added
  // a meal since the preview, and its slot must not be written over.
  const fromStorage: SettingsCache = { get: () => undefined, set: setCached };
  await changeSettings(
    repository,
    (latest) => {
      const settled = settleNewMeals(newMeals, latest.meals);
      moved = settled.moved;
      return settled.meals === null ? null : { meals: settled.meals };
    },
    fromStorage,
  );
  return moved;
}

/**
 * Imports a file, with the meals of one's own it adds; everything shown may have changed, so
 * every query of the diary refreshes.
 */
export function useImportDiary() {
  const repository = useRequiredRepository();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ data, settings, run, newMeals = [] }: ImportArgs) => {
      const current = repository();
      // Stopped before it starts, the import stores nothing, new meals included.
      const moved = run?.signal?.aborted
        ? new Map<Meal, Meal>()
        : await addNewMeals(current, newMeals, (saved) =>
            queryClient.setQueryData(queryKeys.settings(current.mode), saved),
          );
      return current.importAll({ ...data, days: withMealsMoved(data.days, moved) }, settings, run);
    },
    // A stopped import has stored its first parts: what is shown is read again either way.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
