'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRepository } from './repository-context';
import { useSyncStatus } from '@/lib/data/sync-status';
import type { DiaryRepository } from './types';

type OutboxControls = {
  discardChange(seq: number): Promise<void>;
  keepMine(seq: number): Promise<void>;
  sync(): Promise<unknown>;
};

/** An account's outbox; null for a guest, whose changes are stored at once. */
function controlsOf(repository: DiaryRepository | null): OutboxControls | null {
  return repository && 'outbox' in repository ? (repository.outbox as OutboxControls) : null;
}

/** What the user may do with a change that did not reach the server: drop it, keep it over theirs, retry now. */
export function useOutbox() {
  const controls = controlsOf(useRepository());
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  return {
    discard: async (seq: number) => {
      await controls?.discardChange(seq);
      await refresh();
    },
    keepMine: async (seq: number) => {
      await controls?.keepMine(seq);
      await refresh();
    },
    retry: () => controls?.sync(),
  };
}

/** After changes reach the server, the screens read again: ids and versions are the server's now. */
export function useRefreshAfterSync(): void {
  const queryClient = useQueryClient();
  const { syncedAt } = useSyncStatus();
  useEffect(() => {
    if (syncedAt !== null) void queryClient.invalidateQueries({ queryKey: [] });
  }, [syncedAt, queryClient]);
}
