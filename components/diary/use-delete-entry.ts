'use client';

import { useTranslations } from 'next-intl';
import { useDeleteEntry, usePutEntry } from '@/lib/data';
import type { Entry } from '@/lib/schemas/entry';
import { toast } from '@/lib/ui/toast-store';

/**
 * Deletes an entry with the toast that can take it back: the row's trash button and the edit
 * sheet's Delete do the same, so either can be undone the same way.
 */
export function useDeleteEntryWithUndo(): (
  date: string,
  entry: Entry,
  name: string,
  onDeleted?: () => void,
) => void {
  const t = useTranslations('diary');
  const deleteEntry = useDeleteEntry();
  const putEntry = usePutEntry();
  // The caller closes its sheet only once the entry is gone: the mutation's callbacks do not
  // run for a component that has unmounted, and the toast with Undo would be lost.
  return (date, entry, name, onDeleted) =>
    deleteEntry.mutate(
      { date, entryId: entry.id },
      {
        onSuccess: () => {
          toast({
            title: t('deleted'),
            description: name,
            action: { label: t('undo'), onClick: () => putEntry.mutate({ date, entry }) },
          });
          onDeleted?.();
        },
      },
    );
}
