import { catalogSearchAnswerSchema } from '@/lib/schemas/catalog-search';
import { tableRowsFor } from '@/lib/server/catalog-search';
import { clientIp, methodNotAllowed, mustWait, reply } from '@/lib/server/http';
import { CATALOG_SEARCH_PER_ADDRESS } from '@/lib/limits';
import { ClientWindows } from '@/lib/server/sliding-window';
import { route } from '@/lib/server/route';

// Per server process: globalThis, because Next bundles route handlers separately.
const holder = globalThis as typeof globalThis & { __catalogSearches?: ClientWindows };
const searches = (holder.__catalogSearches ??= new ClientWindows(CATALOG_SEARCH_PER_ADDRESS.windowMs));

/**
 * GET /api/catalog/search?q=…&locale=en|ru → {rows}: the USDA table's rows a browser still
 * fetching the table needs to answer a query over the whole catalog (issue 49). No session: the
 * catalog is public, as its files are; only the words typed are sent, and nothing is kept. An
 * address gets CATALOG_SEARCH_PER_ADDRESS of them, then 429 with how long to wait.
 */
export const GET = route('searchCatalogTable', async (request, _caller, read) => {
  const refused = searches.take(clientIp(request), CATALOG_SEARCH_PER_ADDRESS.max, Date.now());
  if (refused) throw mustWait(429, 'tooManyAttempts', refused.retryAfter);
  const { q, locale } = read.query();
  const rows = q.trim() ? await tableRowsFor(q, locale) : [];
  return reply(catalogSearchAnswerSchema, { rows });
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
