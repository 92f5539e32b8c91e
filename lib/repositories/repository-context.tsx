'use client';

import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { GuestRepository } from './guest/guest-repository';
import type { DiaryRepository } from './types';

const RepositoryContext = createContext<DiaryRepository | null>(null);

/**
 * Chooses the repository for the session and hands it to the query hooks. Guest data lives in
 * this browser; a change made in another tab arrives through the storage event and refreshes
 * every query.
 */
export function RepositoryProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const repository = useMemo(
    () => (typeof window === 'undefined' ? null : new GuestRepository(window.localStorage)),
    [],
  );

  useEffect(() => {
    if (!repository) return;
    void navigator.storage?.persist?.().catch(() => undefined);
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage) void queryClient.invalidateQueries();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [repository, queryClient]);

  return <RepositoryContext.Provider value={repository}>{children}</RepositoryContext.Provider>;
}

/** The repository of this session; null during the server render, where no browser storage exists. */
export function useRepository(): DiaryRepository | null {
  return useContext(RepositoryContext);
}
