import { apiRequest } from '@/lib/api-client';
import { deleteBrowserCookie, readBrowserCookie, setBrowserCookie } from '@/lib/cookies';
import { fullPageLoad } from '@/lib/full-page-load';
import { routes } from '@/lib/routes';
import {
  ACCOUNT_USER_KEY,
  AUTH_STORAGE_KEY,
  parseSessionState,
  SESSION_STATE_COOKIE,
  SESSION_STATE_MAX_AGE,
  type SessionState,
} from './state';

/** "Continue as guest": the seed's token 'guest' in localStorage, mirrored into a cookie for the server. */
export function startGuestSession(): void {
  localStorage.setItem(AUTH_STORAGE_KEY, 'guest');
  setBrowserCookie(SESSION_STATE_COOKIE, 'guest', SESSION_STATE_MAX_AGE);
}

/** Forgets the session in this browser. Guest data stays: logging out is not deleting. */
export function endBrowserSession(): void {
  localStorage.removeItem(AUTH_STORAGE_KEY);
  deleteBrowserCookie(SESSION_STATE_COOKIE);
}

/**
 * The session restored at start, as the seed does from localStorage. When the cookie has gone
 * (cleared, expired) but localStorage still says guest, the cookie is written again.
 */
export function restoreSession(): SessionState {
  const stored = parseSessionState(localStorage.getItem(AUTH_STORAGE_KEY));
  const cookie = parseSessionState(readBrowserCookie(SESSION_STATE_COOKIE));
  if (stored === 'guest' && cookie === 'none') {
    setBrowserCookie(SESSION_STATE_COOKIE, 'guest', SESSION_STATE_MAX_AGE);
    return 'guest';
  }
  // An account session is the server's to restore: without its cookie it has ended.
  if (stored === 'account' && cookie === 'none') {
    localStorage.removeItem(AUTH_STORAGE_KEY);
    return 'none';
  }
  return cookie !== 'none' ? cookie : stored;
}

/** The session this browser is in now, without repairing anything (see restoreSession). */
export function currentSessionState(): SessionState {
  const cookie = parseSessionState(readBrowserCookie(SESSION_STATE_COOKIE));
  if (cookie !== 'none') return cookie;
  const stored = parseSessionState(localStorage.getItem(AUTH_STORAGE_KEY));
  return stored === 'guest' ? 'guest' : 'none';
}

/**
 * After logging in or registering: the server has set its cookies; the browser remembers the
 * state, and which account it is (its offline store, lib/data/offline, is that account's). The
 * state cookie is written here too: with the API on its own origin, the one the API set belongs
 * to the API's host, and this origin's pages are routed by their own.
 */
export function startAccountSession(userId: string): void {
  setBrowserCookie(SESSION_STATE_COOKIE, 'account', SESSION_STATE_MAX_AGE);
  localStorage.setItem(AUTH_STORAGE_KEY, 'account');
  localStorage.setItem(ACCOUNT_USER_KEY, userId);
}

/**
 * Logs out: revokes an account's session on the server (a POST, which the server checks comes
 * from this app, so no other site can log anyone out), forgets the session here and opens the
 * start page. A guest has no server session, and offline the server cannot be reached: neither
 * keeps the user from leaving.
 */
export async function logOut(): Promise<void> {
  await apiRequest('POST', '/auth/logout').catch(() => undefined);
  // What the account read is forgotten here; its unsent changes wait for its next log-in.
  const { forgetAccountReads } = await import('@/lib/data/offline/open');
  await forgetAccountReads().catch(() => undefined);
  endBrowserSession();
  fullPageLoad(routes.home, { replace: true });
}
