'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addEntries, loggedInTurn, newDay } from '@/lib/diary/day-rules';
import type { Entry } from '@/lib/schemas/entry';
import { newId } from '@/lib/browser/uuid';
import { queryKeys } from './keys';
import { nextLogTime } from './log-clock';
import { useRepository } from './repository-context';

/**
 * Copies entries into a day as new entries (new ids, logged now, in order) and answers the copies, so
 * they can be taken back.
 */
export function useCopyEntries() {
  const repository = useRepository();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, entries }: { date: string; entries: readonly Entry[] }) => {
      if (!repository) throw new Error('No repository yet');
      const now = nextLogTime(entries.length);
      const copies = loggedInTurn(
        entries.map((entry) => ({ ...entry, id: newId() })),
        now,
      );
      // The day's rules take all the copies or none, so a copy past the day's room writes nothing.
      const target = await repository.getDay(date);
      addEntries(target ?? newDay(date, await repository.getSettings(), new Date(now).toISOString()), copies);
      for (const copy of copies) await repository.changeDay(date, { kind: 'putEntry', entry: copy });
      return copies;
    },
    onSettled: async () => {
      const mode = repository?.mode ?? 'guest';
      await queryClient.invalidateQueries({ queryKey: ['day', mode] });
      await queryClient.invalidateQueries({ queryKey: queryKeys.allDays(mode) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.allStats(mode) });
    },
  });
}
