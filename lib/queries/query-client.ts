import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/repositories/api/api-client';
import { fullPageLoad } from '@/lib/full-page-load';
import { routes } from '@/lib/routes';
import { endBrowserSession } from '@/lib/session/client';

let client: QueryClient | null = null;

/**
 * An account session that the server no longer accepts (expired, logged out on another device,
 * account deleted) ends here too: the browser forgets it and goes to the login page, which
 * brings the user back to this page afterwards.
 */
function onError(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401) return;
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
        // Retrying a refused request (4xx) cannot help; a network failure may.
        retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
      },
    },
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
  });
  return client;
}
