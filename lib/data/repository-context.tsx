'use client';

import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { queryKeys } from '@/lib/data/keys';
import { getQueryClient } from '@/lib/data/query-client';
import { apiBase } from '@/lib/http/api-client';
import type { Day } from '@/lib/schemas/day';
import { TIMINGS } from '@/lib/limits';
import { currentSessionState } from '@/lib/session/client';
import { getSyncStatus, subscribeSyncStatus } from '@/lib/data/sync-status';
import type { GuestProblems } from './guest/guest-problems';
import { GuestRepository } from './guest/guest-repository';
import type { DiaryRepository, RepositoryMode } from './types';

const RepositoryContext = createContext<DiaryRepository | null>(null);

// One repository per tab and session kind, shared by every page of the diary.
const loaded = new Map<RepositoryMode, DiaryRepository>();
let accountLoading: Promise<DiaryRepository> | undefined;

/** The kind of repository this browser's session uses: guest storage or the account's API. */
function sessionMode(): RepositoryMode {
  return currentSessionState() === 'account' ? 'account' : 'guest';
}

let guest: GuestRepository | undefined;

/** The guest repository: created at once, since it comes with the page's view and reads locally. */
function guestRepository(): GuestRepository {
  let repository = guest;
  if (!repository) {
    repository = guest = new GuestRepository(window.localStorage);
    loaded.set('guest', repository);
    // Guest data is only as safe as the browser: ask it not to evict this site's storage.
    void navigator.storage?.persist?.().catch(() => undefined);
  }
  return repository;
}

/** Loads this tab's repository for the current session once; an account's API code loads on first use. */
export function loadRepository(): Promise<DiaryRepository> {
  if (sessionMode() === 'guest') return Promise.resolve(guestRepository());
  accountLoading ??= Promise.all([import('./api/api-repository'), import('./offline/open')]).then(
    async ([{ ApiRepository }, { openAccountRepository }]) => {
      const repository = await openAccountRepository(new ApiRepository());
      loaded.set('account', repository);
      return repository;
    },
  );
  return accountLoading;
}

/**
 * Chooses the repository for the session and hands it to the query hooks; queries wait for it.
 * A change made in another tab arrives through the storage event and refreshes every query;
 * stats the repository finds stale are asked for again.
 */
export function RepositoryProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<DiaryRepository | null>(() => {
    if (typeof window === 'undefined') return null;
    return sessionMode() === 'guest' ? guestRepository() : (loaded.get('account') ?? null);
  });

  useEffect(() => {
    let active = true;
    if (!current) void loadRepository().then((repository) => active && setCurrent(repository));
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea === window.localStorage) void queryClient.invalidateQueries();
    };
    window.addEventListener('storage', onStorage);
    // A guest's stats come from stored sums first and are checked later: stale ones are asked again.
    const stopWatchingStats =
      current instanceof GuestRepository
        ? current.onStale(() => void queryClient.invalidateQueries({ queryKey: queryKeys.allStats('guest') }))
        : undefined;
    return () => {
      active = false;
      window.removeEventListener('storage', onStorage);
      stopWatchingStats?.();
    };
  }, [current, queryClient]);
  useAccountFreshness(current);

  return <RepositoryContext.Provider value={current}>{children}</RepositoryContext.Provider>;
}

/** The BroadcastChannel on which an account's tabs say that its data changed. */
const ACCOUNT_CHANGES_CHANNEL = 'diary-account-changes';

/**
 * An account's data changes on the server, out of this tab's sight: a guest's tabs hear of each
 * other's writes through the storage event, an account's did not, and showed old figures until
 * reloaded. Here a tab says on a BroadcastChannel when one of its writes succeeded or its outbox
 * reached the server, and the others read again. Changes from other devices arrive while the tab
 * is in view through the server's stream of the account's changes (useChangesStream), and are
 * read again when the tab comes back into view (at most every TIMINGS.refreshOnReturnMinMs).
 */
function useAccountFreshness(repository: DiaryRepository | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (repository?.mode !== 'account') return;
    const channel =
      typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(ACCOUNT_CHANGES_CHANNEL);
    let lastReturn = 0;
    channel?.addEventListener('message', () => void queryClient.invalidateQueries());
    const announce = () => channel?.postMessage('changed');
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') announce();
    });
    let syncedAt = getSyncStatus().syncedAt;
    const stopSync = subscribeSyncStatus(() => {
      const latest = getSyncStatus().syncedAt;
      if (latest === syncedAt) return;
      syncedAt = latest;
      announce();
    });
    const onReturn = () => {
      if (document.visibilityState !== 'visible') return;
      if (Date.now() - lastReturn < TIMINGS.refreshOnReturnMinMs) return;
      lastReturn = Date.now();
      void queryClient.invalidateQueries();
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    const stopStream = streamChanges(queryClient);
    return () => {
      stopStream();
      channel?.close();
      stopMutations();
      stopSync();
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, [repository, queryClient]);
}

/**
 * Listens to the server's stream of the account's changes (GET /api/changes) while the tab is in
 * view, and reads again what another device changed: a day (unless this tab has that version of
 * it already, its own write), the settings, the foods; everything after a gap. Hidden, the
 * stream is closed: nothing is asked of the server while nobody looks. Answers how to stop.
 */
function streamChanges(queryClient: QueryClient): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  const onChange = (event: MessageEvent<string>) => {
    const change = JSON.parse(event.data) as
      { kind: 'day'; date: string; updatedAt: string | null } | { kind: 'settings' | 'foods' };
    if (change.kind === 'day') {
      const shown = queryClient.getQueryData<Day | null>(queryKeys.day('account', change.date));
      if (shown && change.updatedAt && Date.parse(shown.updatedAt) === Date.parse(change.updatedAt)) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.day('account', change.date) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allDays('account') });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allStats('account') });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys[change.kind]('account') });
  };
  const onGap = () => void queryClient.invalidateQueries();
  const open = () => {
    if (source || document.visibilityState !== 'visible') return;
    source = new EventSource(`${apiBase()}/changes`, { withCredentials: true });
    source.addEventListener('change', onChange);
    source.addEventListener('gap', onGap);
  };
  const close = () => {
    source?.close();
    source = null;
  };
  const onVisibility = () => (document.visibilityState === 'visible' ? open() : close());
  document.addEventListener('visibilitychange', onVisibility);
  open();
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    close();
  };
}

/** The repository of this session; null until it has loaded, and during the server render. */
export function useRepository(): DiaryRepository | null {
  return useContext(RepositoryContext);
}

/** What could not be read of a guest's diary; null for an account, whose data always reads. */
export function useGuestProblems(): GuestProblems | null {
  const repository = useContext(RepositoryContext);
  return repository instanceof GuestRepository ? repository.problems : null;
}

/** Whether this session's diary is a guest's (in the browser) or an account's; null until known. */
export function useDataMode(): RepositoryMode | null {
  return useContext(RepositoryContext)?.mode ?? null;
}

/** The diary's data (React Query over this session's repository) for what `children` render. */
export function DiaryDataProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <RepositoryProvider>{children}</RepositoryProvider>
    </QueryClientProvider>
  );
}
