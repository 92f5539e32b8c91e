/**
 * The route table. Paths keep the seed's case (/Login, not /login).
 */
export const routes = {
  home: '/',
  dashboard: '/dashboard',
  food: '/food',
  stats: '/stats',
  settings: '/settings',
  login: '/Login',
  register: '/Register',
  logout: '/Logout',
} as const;

/** Pages that need a session (guest or account). */
export const protectedPaths: readonly string[] = [
  routes.dashboard,
  routes.food,
  routes.stats,
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

/**
 * Where to go after logging in: only a path of this app, never another origin
 * (`//evil.example` and `/\evil.example` are protocol-relative URLs in browsers).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return routes.dashboard;
  return next;
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
