import { QueryClient } from '@tanstack/react-query';

let client: QueryClient | null = null;

/**
 * The tab's one QueryClient, kept across page navigations so data read on /dashboard is still
 * cached on /stats. Browser only: the diary's data never renders on the server.
 */
export function getQueryClient(): QueryClient {
  client ??= new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  return client;
}
