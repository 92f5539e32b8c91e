'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsChoice } from '@/lib/diary/settings-merge';
import type { DiaryExport } from '@/lib/schemas/export';
import { useRepository } from './repository-context';
import type { ImportRun } from './types';

function useRequiredRepository() {
  const repository = useRepository();
  return () => {
    if (!repository) throw new Error('No repository yet');
    return repository;
  };
}

/** An import's file, the settings choice, and how the caller follows and stops it. */
type ImportArgs = { data: DiaryExport; settings?: SettingsChoice; run?: ImportRun };

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

/** Imports a file; everything shown may have changed, so every query of the diary refreshes. */
export function useImportDiary() {
  const repository = useRequiredRepository();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, settings, run }: ImportArgs) => repository().importAll(data, settings, run),
    // A stopped import has stored its first parts: what is shown is read again either way.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
