/**
 * The route table. Paths keep the seed's case (/Login, not /login).
 */
export const routes = {
  home: '/',
  dashboard: '/dashboard',
  food: '/food',
  stats: '/stats',
  report: '/report',
  settings: '/settings',
  developers: '/developers',
  login: '/Login',
  register: '/Register',
  logout: '/Logout',
} as const;

/** Pages that need a session (guest or account). */
export const protectedPaths: readonly string[] = [
  routes.dashboard,
  routes.food,
  routes.stats,
  routes.report,
  routes.settings,
];

/** Pages the seed's `login` guard keeps a signed-in visitor away from. */
export const guestOnlyPaths: readonly string[] = [routes.login, routes.register];

/** Every page path the app renders, for telling a real page from a 404 before rendering. */
export const pagePaths: readonly string[] = Object.values(routes);

/** Lower-case spellings people type, sent on to the seed's paths for good (308). */
export const caseRedirects: Readonly<Record<string, string>> = {
  '/login': routes.login,
  '/register': routes.register,
  '/logout': routes.logout,
};

// A base no real request has: `next` is read against it, and must stay on it.
const NEXT_BASE = 'http://next.invalid';

/**
 * Where to go after logging in: a page of this app (with its query), never another origin. The
 * text is read the way a browser reads a URL, which drops tabs and line breaks, turns `\` into
 * `/` and resolves `.` and `..` (so `/%09/evil.example`, `/.//evil.example` and `/\evil.example`
 * all name another host), and the page it names must be one of this app's.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/')) return routes.dashboard;
  let url: URL;
  try {
    url = new URL(next, NEXT_BASE);
  } catch {
    return routes.dashboard;
  }
  if (url.origin !== NEXT_BASE || !pagePaths.includes(url.pathname)) return routes.dashboard;
  return url.pathname + url.search + url.hash;
}

/**
 * Where to go on entering the diary from the page the browser is on: its `?next=`, made safe.
 * Read when needed (a click, a finished log-in) rather than with useSearchParams(), which holds
 * a server render back until the browser has the page (the button arrived last and pushed the
 * landing page down).
 */
export function nextPathOfThisPage(): string {
  return safeNextPath(new URLSearchParams(window.location.search).get('next'));
}
