import { answerPreflight, isPreflight } from '@/lib/http/cors';
import { createApiRouter, inMatchOrder, type ApiRoute, type RouteModule } from '@/lib/server/api-router';
import { servedPattern } from '@/lib/server/route';
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
import * as recipePage from './recipes/read/route';
import * as settings from './settings/route';
import * as share from './shares/[id]/route';
import * as shares from './shares/route';
import * as shared from './shared/[token]/route';
import * as stats from './stats/route';
import * as token from './tokens/[id]/route';
import * as tokens from './tokens/route';

/**
 * Every route file of app/api, served by the production server's lean path (server/server.mjs,
 * docs/decisions/0033): there /api requests reach these handlers without Next.js in between.
 * Each is served at the path the route table gives its operations (lib/server/route.ts), so a
 * path is written once; tests/unit/api-routes.test.ts fails when a route file is missing here or
 * sits at another path than its operations'.
 */
const ROUTE_FILES: readonly RouteModule[] = [
  login,
  logoutOthers,
  logout,
  register,
  batch,
  changes,
  dayActivity,
  dayEntry,
  day,
  days,
  exportAll,
  food,
  foods,
  health,
  icons,
  importAll,
  mcp,
  password,
  me,
  openApi,
  parse,
  catalogSearch,
  product,
  push,
  pushTest,
  ready,
  recipePage,
  settings,
  shared,
  share,
  shares,
  stats,
  token,
  tokens,
];

/** In the order Next.js matches them: a static segment before a dynamic one, the catch-all last. */
export const API_ROUTES: readonly ApiRoute[] = [
  ...inMatchOrder(ROUTE_FILES.map((module) => ({ pattern: servedPattern(module), module }))),
  { pattern: '/api/*path', module: catchAll },
];

const route = createApiRouter(API_ROUTES);

/** The largest body a route reads; server/lean-api.mjs reads one up to this size whole, before the route. */
export { MAX_BODY_BYTES } from '@/lib/server/http';

/** An /api request answered as the Next.js app would: a preflight by the CORS rules, the rest by its route. */
export function answerApiRequest(request: Request): Promise<Response> {
  return isPreflight(request) ? Promise.resolve(answerPreflight(request)) : route(request);
}
