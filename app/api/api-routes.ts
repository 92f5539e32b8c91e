import { answerPreflight, isPreflight } from '@/lib/http/cors';
import { createApiRouter, type ApiRoute } from '@/lib/server/api-router';
import * as catchAll from './[...path]/route';
import * as login from './auth/login/route';
import * as logoutOthers from './auth/logout-others/route';
import * as logout from './auth/logout/route';
import * as register from './auth/register/route';
import * as batch from './batch/route';
import * as changes from './changes/route';
import * as dayActivity from './days/[date]/activities/[id]/route';
import * as dayEntry from './days/[date]/entries/[id]/route';
import * as day from './days/[date]/route';
import * as days from './days/route';
import * as exportAll from './export/route';
import * as food from './foods/[id]/route';
import * as foods from './foods/route';
import * as health from './health/route';
import * as icons from './icons/[file]/route';
import * as importAll from './import/route';
import * as mcp from './mcp/route';
import * as password from './me/password/route';
import * as me from './me/route';
import * as openApi from './openapi.json/route';
import * as parse from './parse/route';
import * as catalogSearch from './catalog/search/route';
import * as product from './products/[barcode]/route';
import * as push from './push/route';
import * as pushTest from './push/test/route';
import * as ready from './ready/route';
import * as settings from './settings/route';
import * as share from './shares/[id]/route';
import * as shares from './shares/route';
import * as shared from './shared/[token]/route';
import * as stats from './stats/route';
import * as token from './tokens/[id]/route';
import * as tokens from './tokens/route';

/**
 * Every route file of app/api with its path, for the production server's lean path
 * (server/server.mjs, docs/decisions/0033): there /api requests reach these handlers without
 * Next.js in between. Static paths come before dynamic ones of the same depth, and the catch-all
 * last, as Next.js matches them; tests/unit/api-routes.test.ts fails when a route file is missing.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  { pattern: '/api/auth/login', module: login },
  { pattern: '/api/auth/logout-others', module: logoutOthers },
  { pattern: '/api/auth/logout', module: logout },
  { pattern: '/api/auth/register', module: register },
  { pattern: '/api/batch', module: batch },
  { pattern: '/api/changes', module: changes },
  { pattern: '/api/days/:date/activities/:id', module: dayActivity },
  { pattern: '/api/days/:date/entries/:id', module: dayEntry },
  { pattern: '/api/days/:date', module: day },
  { pattern: '/api/days', module: days },
  { pattern: '/api/export', module: exportAll },
  { pattern: '/api/foods/:id', module: food },
  { pattern: '/api/foods', module: foods },
  { pattern: '/api/health', module: health },
  { pattern: '/api/icons/:file', module: icons },
  { pattern: '/api/import', module: importAll },
  { pattern: '/api/mcp', module: mcp },
  { pattern: '/api/me/password', module: password },
  { pattern: '/api/me', module: me },
  { pattern: '/api/openapi.json', module: openApi },
  { pattern: '/api/parse', module: parse },
  { pattern: '/api/catalog/search', module: catalogSearch },
  { pattern: '/api/products/:barcode', module: product },
  { pattern: '/api/push', module: push },
  { pattern: '/api/push/test', module: pushTest },
  { pattern: '/api/ready', module: ready },
  { pattern: '/api/settings', module: settings },
  { pattern: '/api/shared/:token', module: shared },
  { pattern: '/api/shares/:id', module: share },
  { pattern: '/api/shares', module: shares },
  { pattern: '/api/stats', module: stats },
  { pattern: '/api/tokens/:id', module: token },
  { pattern: '/api/tokens', module: tokens },
  { pattern: '/api/*path', module: catchAll },
];

const route = createApiRouter(API_ROUTES);

/** The largest body a route reads; server/lean-api.mjs reads one up to this size whole, before the route. */
export { MAX_BODY_BYTES } from '@/lib/server/http';

/** An /api request answered as the Next.js app would: a preflight by the CORS rules, the rest by its route. */
export function answerApiRequest(request: Request): Promise<Response> {
  return isPreflight(request) ? Promise.resolve(answerPreflight(request)) : route(request);
}
