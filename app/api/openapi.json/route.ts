import { openApiDocument } from '@/lib/server/openapi/document';
import { methodNotAllowed } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/**
 * GET /api/openapi.json → the OpenAPI 3.1 description of the API. Public, and the same for every
 * caller: any site may read it (an API explorer, a code generator) and a browser may keep it an hour.
 */
export const GET = route('getOpenApi', () =>
  Response.json(openApiDocument(), {
    headers: { 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' },
  }),
);

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
