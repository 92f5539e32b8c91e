'use client';

import { useTranslations } from 'next-intl';
import { useCopyEntries, useDeleteEntries } from '@/lib/data';
import type { Entry } from '@/lib/schemas/entry';
import { toast } from '@/lib/ui/toast-store';

/**
 * Adds entries to a day, all or none, with the toast that can take them all back: several foods
 * logged at once, a meal copied from another day, Same as yesterday. `title` says what was done
 * ("3 foods added", "3 entries copied").
 */
export function useAddEntriesWithUndo() {
  const t = useTranslations('diary');
  const copyEntries = useCopyEntries();
  const deleteEntries = useDeleteEntries();
  return {
    pending: copyEntries.isPending,
    add(
      date: string,
      entries: readonly Entry[],
      {
        title,
        onDone,
        onError,
      }: { title: (count: number) => string; onDone: () => void; onError: (failure: unknown) => void },
    ) {
      copyEntries.mutate(
        { date, entries },
        {
          onSuccess: (added) => {
            toast({
              title: title(added.length),
              variant: 'success',
              action: {
                label: t('undo'),
                onClick: () => deleteEntries.mutate({ date, entryIds: added.map((entry) => entry.id) }),
              },
            });
            onDone();
          },
          onError,
        },
      );
    },
  };
}
