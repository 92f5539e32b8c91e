'use client';

import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { DiaryRepository } from './types';

const RepositoryContext = createContext<DiaryRepository | null>(null);

// One repository per tab, shared by every page of the diary.
let repository: DiaryRepository | null = null;
let loading: Promise<DiaryRepository> | null = null;

/** Loads this tab's repository once; a page's view awaits it while its own code loads. */
export function loadRepository(): Promise<DiaryRepository> {
  loading ??= import('./guest/guest-repository').then(({ GuestRepository }) => {
    repository = new GuestRepository(window.localStorage);
    // Guest data is only as safe as the browser: ask it not to evict this site's storage.
    void navigator.storage?.persist?.().catch(() => undefined);
    return repository;
  });
  return loading;
}

/**
 * Chooses the repository for the session and hands it to the query hooks. The guest
 * implementation (and zod with it) loads after the first paint; queries wait for it. A change
 * made in another tab arrives through the storage event and refreshes every query.
 */
export function RepositoryProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<DiaryRepository | null>(repository);

  useEffect(() => {
    let active = true;
    if (!current) void loadRepository().then((loaded) => active && setCurrent(loaded));
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage) void queryClient.invalidateQueries();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      window.removeEventListener('storage', onStorage);
    };
  }, [current, queryClient]);

  return <RepositoryContext.Provider value={current}>{children}</RepositoryContext.Provider>;
}

/** The repository of this session; null until it has loaded, and during the server render. */
export function useRepository(): DiaryRepository | null {
  return useContext(RepositoryContext);
}
