/**
 * The preferences the server renders by before the first paint, kept in cookies so the
 * server-rendered shell already has the right shape (no flash after hydration). The language's
 * cookie is the seed's, in lib/i18n/config.ts; the theme is the seed's localStorage key, which
 * next-themes reads before the page paints (lib/preferences/themes.ts).
 */
export const SIDEBAR_COOKIE = 'sidebar-state';
export const BOTTOM_NAV_COOKIE = 'bottom-nav';
export const PREFERENCE_MAX_AGE = 365 * 24 * 60 * 60;

export type SidebarState = 'open' | 'collapsed';

/** The desktop menu is open unless the user collapsed it. */
export function parseSidebarState(value: string | undefined): SidebarState {
  return value === 'collapsed' ? 'collapsed' : 'open';
}

/** The bottom navigation bar is on unless the user turned it off. */
export function parseBottomNav(value: string | undefined): boolean {
  return value !== 'off';
}
