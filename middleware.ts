import { NextResponse, type NextRequest } from 'next/server';
import { isBotUserAgent } from '@/lib/http/bots';
import { answerPreflight } from '@/lib/http/cors';
import {
  caseRedirects,
  guestOnlyPaths,
  pagePaths,
  protectedPaths,
  routes,
  safeNextPath,
} from '@/lib/navigation/routes';
import { parseSessionState, SESSION_STATE_COOKIE } from '@/lib/session/state';
import {
  contentSecurityPolicy,
  createNonce,
  externalOrigin,
  NONCE_HEADER,
} from '@/lib/http/security-headers';

/**
 * The optimistic guard of the seed's route table: reads cookies and redirects, never touches
 * a database. Every API handler checks the session itself.
 */
export function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.startsWith('/api/')) {
    return request.method === 'OPTIONS' ? answerPreflight(request) : NextResponse.next();
  }

  const caseTarget = caseRedirects[pathname];
  if (caseTarget) return NextResponse.redirect(new URL(caseTarget + search, request.url), 308);

  // A crawler or link preview gets a plain status line for a path that is no page, instead of
  // the 404 page meant for people; known pages render or redirect as they do for anyone. (No
  // second request for the page: made from inside, behind a proxy, it went to the wrong origin.)
  if (isBotUserAgent(request.headers.get('user-agent')) && !pagePaths.includes(pathname)) {
    return plainNotFound();
  }

  const session = parseSessionState(request.cookies.get(SESSION_STATE_COOKIE)?.value);

  if (protectedPaths.includes(pathname) && session === 'none') {
    const login = new URL(routes.login, request.url);
    login.searchParams.set('next', pathname + search);
    return NextResponse.redirect(login);
  }

  // The seed's `login` guard: a known session goes on to the diary. A guest may still open
  // /Login and /Register, which is how a guest diary becomes an account (docs/decisions/0008).
  const goesOn =
    pathname === routes.home
      ? session !== 'none'
      : session === 'account' && guestOnlyPaths.includes(pathname);
  if (goesOn) {
    const next = guestOnlyPaths.includes(pathname) ? request.nextUrl.searchParams.get('next') : null;
    return NextResponse.redirect(new URL(safeNextPath(next), request.url));
  }

  return withContentSecurityPolicy(request);
}

/**
 * A preflight of the API (the only API requests the matcher lets in): an origin CORS_ORIGINS
 * lists may go on with the session cookie, and its browser keeps the answer two hours; any
 * other origin is refused, so its browser sends nothing. The answers themselves carry their
 * CORS headers from the handlers (lib/server/http.ts), whose Origin check refuses writes from
 * a foreign origin that need no preflight.
 */
/**
 * Renders the page with a fresh nonce: Next.js reads the policy from the request headers and
 * puts the nonce on its scripts; the root layout hands it to the theme script.
 */
function withContentSecurityPolicy(request: NextRequest): NextResponse {
  const nonce = createNonce();
  const connectTo = [process.env.NUXT_PUBLIC_API_URL, process.env.ICON_FALLBACK_API]
    .map(externalOrigin)
    .filter((origin): origin is string => origin !== null);
  const policy = contentSecurityPolicy(nonce, { connectTo, dev: process.env.NODE_ENV === 'development' });
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  return response;
}

function plainNotFound(): Response {
  return new Response('404 Page Not Found\n', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}

export const config = {
  // Everything Next may answer with a page, the 404 page of /x.php too (it needs its policy);
  // of the API only CORS preflights: a request the middleware sees has its body copied for it,
  // and the API guards itself. Not the files served as they are.
  matcher: [
    '/((?!api/|_next/|builds/|icons/|sw\\.js$|manifest\\.webmanifest$|favicon\\.ico$|intl-warm-up\\.js$|import-worker\\.js$).*)',
    { source: '/api/:path*', has: [{ type: 'header', key: 'access-control-request-method' }] },
  ],
};
