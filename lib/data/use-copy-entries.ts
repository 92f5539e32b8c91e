'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@/lib/limits';
import type { Entry } from '@/lib/schemas/entry';
import { newId } from '@/lib/uuid';
import { queryKeys } from './keys';
import { useRepository } from './repository-context';
import { InvalidDataError } from './types';

/**
 * Copies entries into a day as new entries (new ids, logged now, in order) and answers the copies, so
 * they can be taken back. The day's room is checked first, so a copy that would pass the limit
 * of entries per day writes nothing at all.
 */
export function useCopyEntries() {
  const repository = useRepository();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ date, entries }: { date: string; entries: readonly Entry[] }) => {
      if (!repository) throw new Error('No repository yet');
      const target = await repository.getDay(date);
      if ((target?.entries.length ?? 0) + entries.length > LIMITS.entriesPerDay.max)
        throw new InvalidDataError('entries', 'entriesPerDay');
      const now = Date.now();
      // A second apart, in the order given: a day lists its entries by the time they were logged,
      // and foods logged in one go would otherwise tie, which the server breaks by their random
      // ids (the guest codec keeps whole seconds, so a millisecond apart would tie there too).
      const copies = entries.map((entry, index) => {
        const loggedAt = new Date(now + index * 1000).toISOString();
        return { ...entry, id: newId(), loggedAt, updatedAt: loggedAt };
      });
      for (const copy of copies) await repository.putEntry(date, copy);
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
