// @ts-check
/**
 * What server/server.mjs does to a request's path before anything else reads it: makes one that
 * cannot be decoded decodable, and takes the secrets out of the one it logs.
 */

/**
 * The request's URL with a path every segment of which decodes. A broken percent-escape
 * (`/shared/%E0%A4%A`, `/%`, `/%ZZ`, `/%C3`: half a UTF-8 character) makes Next.js throw as it
 * decodes a route's parameters and answer a plain-text 500 without the security headers. Such a
 * path's every `%` is written as `%25`, so it decodes to the very text that was sent: the route
 * takes that as its parameter (a share token that is no token: the share page's 404) or matches
 * no route (the app's 404 page), and middleware.ts adds the headers as to any page. A path that
 * decodes is left exactly as it came. (/api paths are refused with a JSON 400 before this.)
 * @param {string} url the request target, path and query
 */
export function decodableUrl(url) {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return url;
  try {
    for (const segment of path.split('/')) decodeURIComponent(segment);
    return url;
  } catch {
    return path.replaceAll('%', '%25') + (queryAt === -1 ? '' : url.slice(queryAt));
  }
}

// A share link's path, the page's and the API's: what follows is the link's secret, which opens
// the diary period to anyone who reads it (lib/server/share-links.ts).
const SHARE_PATH = /^\/(?:api\/)?shared\//;

/** What the log keeps of a share link's secret: nothing but that there was one. */
export const REDACTED = '[redacted]';

/**
 * The path as the request log keeps it: without the query (which may carry anything), and for a
 * share link only its prefix and REDACTED, so that reading the logs opens no one's diary. The
 * test is made on the path as a router reads it (dot segments resolved, escapes decoded, slashes
 * merged), so `/%73hared/…` or `/x/../shared/…` is redacted too. nginx's log does the same
 * (docs/deploy/nginx.conf, `$calorie_diary_uri`).
 * @param {string} url the request target, path and query
 */
export function loggablePath(url) {
  const path = url.split('?', 1)[0] ?? url;
  const share = SHARE_PATH.exec(normalised(path));
  return share ? share[0] + REDACTED : path;
}

/** `path` with its dot segments resolved, its escapes decoded where they can be, and `//` as `/`. */
function normalised(/** @type {string} */ path) {
  // Merged first: `//shared/…` would otherwise be read as a URL whose host is `shared`.
  let resolved = path.replace(/\/{2,}/g, '/');
  try {
    resolved = new URL(resolved, 'http://localhost').pathname;
  } catch {
    // Not a path a URL can hold: tested as it is.
  }
  try {
    resolved = decodeURIComponent(resolved);
  } catch {
    // A broken escape: decodableUrl() makes the router read it as written.
  }
  return resolved.replace(/\/{2,}/g, '/');
}
