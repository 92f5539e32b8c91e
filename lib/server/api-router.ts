import 'server-only';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Params = Record<string, string | string[]>;
// Each file types its own params; `never` lets any of them in, and the router hands them over as parsed.
type RouteHandler = (request: Request, context: { params: Promise<never> }) => Response | Promise<Response>;
/** A route file of app/api: its exported handlers by method, as Next.js calls them. */
export type RouteModule = Partial<Record<Method, RouteHandler>>;
/** A route: `/api/days/:date` (one segment) or `/api/*path` (the rest, one segment or more). */
export type ApiRoute = { pattern: string; module: RouteModule };

/**
 * Routes in the order Next.js tries them: at the first segment where two differ, a static one
 * before a parameter (`/api/push/test` before `/api/push/:id`). Only routes of one length can
 * match one path, so length decides nothing; a catch-all is left for the caller to put last.
 */
export function inMatchOrder(routes: readonly ApiRoute[]): ApiRoute[] {
  const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('*');
  return [...routes].sort((a, b) => {
    const left = a.pattern.split('/');
    const right = b.pattern.split('/');
    for (let index = 0; index < Math.min(left.length, right.length); index++) {
      const [x, y] = [left[index]!, right[index]!];
      if (x === y) continue;
      if (isParam(x) !== isParam(y)) return isParam(x) ? 1 : -1;
      return x < y ? -1 : 1;
    }
    return left.length - right.length;
  });
}

type Compiled = { segments: string[]; module: RouteModule };

/**
 * A path segment decoded, or as it was written when it holds a broken escape (`%ZZ`, half a UTF-8
 * character): the handler then refuses it as any bad id or date (400) or finds nothing (404),
 * where decodeURIComponent's URIError would have been a 500. server/server.mjs answers such a
 * path itself before it reaches here; a request made in this process (tests) does not pass it.
 */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function match(segments: string[], path: string[]): Params | null {
  const params: Params = {};
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (segment.startsWith('*')) {
      if (index >= path.length) return null;
      params[segment.slice(1)] = path.slice(index).map(decodeSegment);
      return params;
    }
    const part = path[index];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(part);
    else if (segment !== part) return null;
  }
  return segments.length === path.length ? params : null;
}

/**
 * Answers /api requests with the route files of app/api, without Next.js in between: the same
 * handlers, found by path and method, given their params as Next.js gives them. What Next.js adds
 * to a route is kept: HEAD answers as GET without a body, OPTIONS (not a preflight) lists the
 * methods, and a method the file does not export is a 405. Routes are tried in the given order.
 */
export function createApiRouter(routes: readonly ApiRoute[]): (request: Request) => Promise<Response> {
  const compiled: Compiled[] = routes.map(({ pattern, module }) => ({
    segments: pattern.split('/').filter(Boolean),
    module,
  }));
  return async (request) => {
    const path = new URL(request.url).pathname.split('/').filter(Boolean);
    for (const { segments, module } of compiled) {
      const params = match(segments, path);
      if (params) return answer(module, request, params);
    }
    return new Response(null, { status: 404 });
  };
}

async function answer(module: RouteModule, request: Request, params: Params): Promise<Response> {
  const allowed = METHODS.filter((method) => module[method]);
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const handle = module[method as Method];
  if (handle) {
    const response = await handle(request, { params: Promise.resolve(params) as Promise<never> });
    return request.method === 'HEAD'
      ? new Response(null, { status: response.status, headers: response.headers })
      : response;
  }
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } });
  return new Response(null, { status: 405, headers: { allow } });
}
