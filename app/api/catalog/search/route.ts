import { catalogSearchAnswerSchema, catalogSearchQuerySchema } from '@/lib/schemas/catalog-search';
import { tableRowsFor } from '@/lib/server/catalog-search';
import { parse } from 'zod/v4/core';
import { handler, methodNotAllowed, reply, searchParams } from '@/lib/server/http';

/**
 * GET /api/catalog/search?q=…&locale=en|ru → {rows}: the USDA table's rows a browser still
 * fetching the table needs to answer a query over the whole catalog (issue 49). No session: the
 * catalog is public, as its files are; only the words typed are sent, and nothing is kept.
 */
export const GET = handler(async (request) => {
  const { q, locale } = parse(catalogSearchQuerySchema, searchParams(request));
  const rows = q.trim() ? await tableRowsFor(q, locale) : [];
  return reply(catalogSearchAnswerSchema, { rows });
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
