import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from '@/lib/http/api-client';
import { fullPageLoad } from '@/lib/navigation/full-page-load';
import { routes } from '@/lib/navigation/routes';
import { endBrowserSession, isLoggingOut } from '@/lib/session/client';

let client: QueryClient | null = null;
/** Set once a refused session is sending the tab to the login page. */
let leaving = false;

/** A refused request (4xx) or a request made offline cannot succeed by trying again at once. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  if (error instanceof NetworkError && !navigator.onLine) return false;
  return failures < 2;
}

/**
 * An account session that the server no longer accepts (expired, logged out on another device,
 * account deleted) ends here too: the browser forgets it and goes to the login page, which
 * brings the user back to this page afterwards.
 */
function onError(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  // Logging out: the session ended on purpose, and the tab is on its way to the start page.
  if (isLoggingOut()) return;
  // A page's queries fail together; a second navigation would abort the first one.
  if (leaving) return;
  leaving = true;
  endBrowserSession();
  const next = window.location.pathname + window.location.search;
  fullPageLoad(`${routes.login}?next=${encodeURIComponent(next)}`);
}

/**
 * The tab's one QueryClient, kept across page navigations so data read on /dashboard is still
 * cached on /stats. Browser only: the diary's data never renders on the server.
 */
export function getQueryClient(): QueryClient {
  client ??= new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Guest data needs no network, so a query never waits for one; an account's request
        // fails fast offline and the screen says so (components/ui/load-error.tsx).
        networkMode: 'always',
        retry: shouldRetry,
      },
      mutations: { networkMode: 'always' },
    },
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
  });
  return client;
}
