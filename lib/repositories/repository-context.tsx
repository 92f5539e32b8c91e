'use client';

import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { currentSessionState } from '@/lib/session/client';
import type { DiaryRepository, RepositoryMode } from './types';

const RepositoryContext = createContext<DiaryRepository | null>(null);

// One repository per tab and session kind, shared by every page of the diary.
const loaded = new Map<RepositoryMode, DiaryRepository>();
const loading = new Map<RepositoryMode, Promise<DiaryRepository>>();

/** The kind of repository this browser's session uses: guest storage or the account's API. */
function sessionMode(): RepositoryMode {
  return currentSessionState() === 'account' ? 'account' : 'guest';
}

async function createRepository(mode: RepositoryMode): Promise<DiaryRepository> {
  if (mode === 'account') {
    const { ApiRepository } = await import('./api/api-repository');
    return new ApiRepository();
  }
  const { GuestRepository } = await import('./guest/guest-repository');
  // Guest data is only as safe as the browser: ask it not to evict this site's storage.
  void navigator.storage?.persist?.().catch(() => undefined);
  return new GuestRepository(window.localStorage);
}

/** Loads this tab's repository for the current session once; a page's view awaits it while its own code loads. */
export function loadRepository(): Promise<DiaryRepository> {
  const mode = sessionMode();
  let promise = loading.get(mode);
  if (!promise) {
    promise = createRepository(mode).then((repository) => {
      loaded.set(mode, repository);
      return repository;
    });
    loading.set(mode, promise);
  }
  return promise;
}

/**
 * Chooses the repository for the session and hands it to the query hooks. The guest
 * implementation (and zod with it) loads after the first paint; queries wait for it. A change
 * made in another tab arrives through the storage event and refreshes every query.
 */
export function RepositoryProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<DiaryRepository | null>(() =>
    typeof window === 'undefined' ? null : (loaded.get(sessionMode()) ?? null),
  );

  useEffect(() => {
    let active = true;
    if (!current) void loadRepository().then((repository) => active && setCurrent(repository));
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
