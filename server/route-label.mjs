// @ts-check
/**
 * The `route` label of a request's metrics (docs/decisions/0048): the API route's pattern as the
 * OpenAPI description writes it (`/api/days/{date}/entries/{id}`), never the path itself. A path
 * carries share tokens, ids and dates, and every distinct label value is a new time series in
 * Prometheus: labelled by path, anyone could grow the metrics without end, and a scrape would
 * show the secret of every share link opened. Pages are one label, `page` (their paths hold share
 * tokens too: /shared/{token}), and Next's build files one more, `static`.
 */

/**
 * The label of an /api path no route matches: `/api/` itself, or one whose dot segments lead out
 * of /api (the catch-all takes the rest).
 */
export const UNMATCHED_API = 'unmatched';

/** The methods labelled as themselves; any other (Node's parser takes 30-odd) is `other`. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The `method` label: a method the app answers, or `other`. */
export function methodLabel(/** @type {string | undefined} */ method) {
  return method && METHODS.has(method) ? method : 'other';
}

/**
 * A function from a request's URL to its route label, given the API's route patterns in the
 * order the router tries them (API_ROUTES of app/api/api-routes.ts: `:name` one segment,
 * `*name` the rest). It matches as lib/server/api-router.ts does, so a request is labelled
 * with the route that answers it. With no patterns (a build without the bundled API), every
 * /api path is labelled `api`.
 * @param {readonly string[]} patterns
 * @returns {(url: string) => string}
 */
export function routeLabeller(patterns) {
  const routes = patterns.map((pattern) => ({
    segments: pattern.split('/').filter(Boolean),
    label: pattern.replace(/[:*]([A-Za-z_]\w*)/g, '{$1}'),
  }));
  return (url) => {
    // The same test server/server.mjs makes to hand a request to the API or to Next.js.
    if (!url.startsWith('/api/')) return url.startsWith('/_next/') ? 'static' : 'page';
    if (routes.length === 0) return 'api';
    const parts = pathOf(url).split('/').filter(Boolean);
    for (const { segments, label } of routes) if (matches(segments, parts)) return label;
    return UNMATCHED_API;
  };
}

/**
 * The path as the router reads it, from `new URL(request.url)`: dot segments resolved
 * (`/api/foods/../me` is /api/me), so a request is labelled with the route that answered it.
 */
function pathOf(/** @type {string} */ url) {
  try {
    return new URL(url, 'http://labels.invalid').pathname;
  } catch {
    return url.split('?')[0] ?? '';
  }
}

/** Whether a path's segments fit a pattern's: no decoding, as a segment's name is never encoded. */
function matches(/** @type {string[]} */ segments, /** @type {string[]} */ parts) {
  for (let index = 0; index < segments.length; index++) {
    const segment = /** @type {string} */ (segments[index]);
    if (segment.startsWith('*')) return index < parts.length;
    const part = parts[index];
    if (part === undefined) return false;
    if (!segment.startsWith(':') && segment !== part) return false;
  }
  return segments.length === parts.length;
}
