'use client';

import { useTranslations } from 'next-intl';
import { useChangeDay } from '@/lib/data';
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
  const changeDay = useChangeDay();
  // The caller closes its sheet only once the entry is gone: the mutation's callbacks do not
  // run for a component that has unmounted, and the toast with Undo would be lost.
  return (date, entry, name, onDeleted) =>
    changeDay.mutate(
      { date, change: { kind: 'deleteEntry', entryId: entry.id } },
      {
        onSuccess: () => {
          toast({
            title: t('deleted'),
            description: name,
            action: {
              label: t('undo'),
              onClick: () => changeDay.mutate({ date, change: { kind: 'putEntry', entry } }),
            },
          });
          onDeleted?.();
        },
      },
    );
}
