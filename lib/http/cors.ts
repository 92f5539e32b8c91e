/**
 * Cross-origin access to the REST API, for an app served from another origin than its API
 * (NUXT_PUBLIC_API_URL=https://api.example.com). Only the origins CORS_ORIGINS lists may call
 * it from a browser, with the session cookie (docs/deploy.md, "The API on its own origin").
 * Pure functions: the production server's /api path (app/api/api-routes.ts) and, under `next dev`,
 * middleware.ts answer preflights with them; lib/server/http.ts checks writes.
 */

/** The methods the API answers; a preflight for anything else is refused. */
const METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** The only request header the app's client sets beyond the CORS-safe ones. */
const ALLOWED_HEADERS = 'content-type';
/** Headers a cross-origin client may read besides the CORS-safe ones. */
const EXPOSED_HEADERS = 'retry-after, x-request-id';
/** How long a browser keeps a preflight's answer: 2 hours, the most Chromium honours. */
export const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/** CORS_ORIGINS could not be read: names the entry, so the server stops with a clear message. */
export class CorsOriginsError extends Error {
  constructor(entry: string) {
    super(
      `CORS_ORIGINS: "${entry}" is not an origin; list origins like https://app.example.com, separated by commas`,
    );
    this.name = 'CorsOriginsError';
  }
}

/**
 * The origins of a comma-separated CORS_ORIGINS (`https://app.example.com, http://localhost:3000`).
 * Each entry must be a bare http(s) origin: no path, no wildcard (a credentialed request may not
 * be answered with `*`), so a typo stops the server instead of opening or closing the API quietly.
 */
export function parseCorsOrigins(value: string | undefined): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
    if (!entry) continue;
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new CorsOriginsError(entry);
    }
    const bare = entry.replace(/\/$/, '').toLowerCase();
    const plainHost = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== bare || !plainHost) {
      throw new CorsOriginsError(entry);
    }
    origins.add(url.origin);
  }
  return origins;
}

let parsed: { from: string | undefined; origins: ReadonlySet<string> } | undefined;

/** The allowlist of this process's CORS_ORIGINS, parsed once. */
export function corsOrigins(): ReadonlySet<string> {
  const value = process.env.CORS_ORIGINS;
  if (!parsed || parsed.from !== value) parsed = { from: value, origins: parseCorsOrigins(value) };
  return parsed.origins;
}

/** Headers that let `origin` read an answer, with credentials. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSED_HEADERS,
    vary: 'Origin',
  };
}

/** The answer to an allowed origin's preflight (OPTIONS with Access-Control-Request-Method). */
export function preflightHeaders(origin: string): Record<string, string> {
  return {
    ...corsHeaders(origin),
    'access-control-allow-methods': METHODS,
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  };
}

/** True for a CORS preflight: OPTIONS with Access-Control-Request-Method. */
export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
}

/** The answer to a preflight: 204 with the allowances for an allowed origin, 403 for any other. */
export function answerPreflight(request: Request): Response {
  const origin = request.headers.get('origin');
  // No body: the browser reads nothing of a refused preflight, and one it would drop unread
  // closes the connection under the request.
  if (origin === null || !corsOrigins().has(origin)) return new Response(null, { status: 403 });
  return new Response(null, { status: 204, headers: preflightHeaders(origin) });
}
