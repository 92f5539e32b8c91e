'use client';

import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { DiaryRepository } from './types';

const RepositoryContext = createContext<DiaryRepository | null>(null);

/**
 * Chooses the repository for the session and hands it to the query hooks. The guest
 * implementation (and zod with it) loads right after the first paint rather than with the
 * page's first scripts; queries wait for it. A change made in another tab arrives through the
 * storage event and refreshes every query.
 */
export function RepositoryProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [repository, setRepository] = useState<DiaryRepository | null>(null);

  useEffect(() => {
    let cancelled = false;
    void import('./guest/guest-repository').then(({ GuestRepository }) => {
      if (!cancelled) setRepository(new GuestRepository(window.localStorage));
    });
    // Guest data is only as safe as the browser: ask it not to evict this site's storage.
    void navigator.storage?.persist?.().catch(() => undefined);
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage) void queryClient.invalidateQueries();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      cancelled = true;
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);

  return <RepositoryContext.Provider value={repository}>{children}</RepositoryContext.Provider>;
}

/** The repository of this session; null until it has loaded, and during the server render. */
export function useRepository(): DiaryRepository | null {
  return useContext(RepositoryContext);
}
