import { ApiError, apiRequest } from '@/lib/http/api-client';
import { deleteBrowserCookie, readBrowserCookie, setBrowserCookie } from '@/lib/browser/cookies';
import { fullPageLoad } from '@/lib/navigation/full-page-load';
import { TIMINGS } from '@/lib/limits';
import { routes } from '@/lib/navigation/routes';
import { forgetAccountProfile } from './profile';
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
  forgetAccountProfile();
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
  // A new session: an older logout still waiting must never end this one.
  localStorage.removeItem(LOGOUT_PENDING_KEY);
  setBrowserCookie(SESSION_STATE_COOKIE, 'account', SESSION_STATE_MAX_AGE);
  localStorage.setItem(AUTH_STORAGE_KEY, 'account');
  localStorage.setItem(ACCOUNT_USER_KEY, userId);
  void import('@/lib/pwa/reminders-client').then(({ carryRemindersToSession }) => carryRemindersToSession());
}

/**
 * localStorage key set while the server has not yet heard of a logout (it was offline): the
 * browser's session cookie is HttpOnly, so only the server can end it, and until it does the
 * session stays valid for whoever uses this browser next.
 */
export const LOGOUT_PENDING_KEY = 'logout-pending';

/** How long logging out waits for the server before leaving anyway (the logout is kept and retried). */
const LOGOUT_WAIT_MS = 3_000;

/**
 * Tells the server about a logout it has not heard of yet. Answers whether none is waiting now.
 * A 401 means the session has ended already; the network failing or the server erring keeps
 * the logout for the next try.
 */
export async function sendPendingLogout(): Promise<boolean> {
  if (!localStorage.getItem(LOGOUT_PENDING_KEY)) return true;
  // An account signed in again since, by any way (its cookies set by the server): the cookie a
  // logout would carry is the new session's now, which it must never end.
  if (currentSessionState() === 'account') {
    localStorage.removeItem(LOGOUT_PENDING_KEY);
    return true;
  }
  try {
    await apiRequest('POST', '/auth/logout');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) return false;
  }
  localStorage.removeItem(LOGOUT_PENDING_KEY);
  return true;
}

/**
 * Sends a waiting logout on every page (the landing and log-in pages too): at start, when the
 * network comes back, and with back-off in between, until it lands. Answers how to stop.
 */
export function watchPendingLogout(): () => void {
  let delay: number = TIMINGS.logoutRetryMinMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const attempt = async () => {
    clearTimeout(timer);
    if (stopped || (await sendPendingLogout()) || stopped) return;
    timer = setTimeout(() => void attempt(), delay);
    delay = Math.min(delay * 2, TIMINGS.logoutRetryMaxMs);
  };
  const onOnline = () => {
    delay = TIMINGS.logoutRetryMinMs;
    void attempt();
  };
  window.addEventListener('online', onOnline);
  void attempt();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
  };
}

/**
 * Logs out: the browser forgets the session at once, whatever the network does, and opens the
 * start page; an account's session is revoked on the server (a POST, which the server checks
 * comes from this app, so no other site can log anyone out). Offline, or when the server does
 * not answer in time, the logout is kept and sent from whichever page is open when the network
 * is back (watchPendingLogout). A guest has no server session.
 */
/** Set once this tab is logging out: a request refused meanwhile is the logout's doing, not news. */
let loggingOut = false;

/**
 * Whether this tab is logging out (logOut): a read the account's other devices set off (the
 * stream of changes) may meet the ended session, and must not send the tab to the login page
 * instead of the start page.
 */
export const isLoggingOut = (): boolean => loggingOut;

export async function logOut(): Promise<void> {
  loggingOut = true;
  const wasAccount =
    currentSessionState() === 'account' || localStorage.getItem(AUTH_STORAGE_KEY) === 'account';
  // The logout is kept and the browser's session state ended in one step, before anything is
  // awaited: in between, a sendPendingLogout of this page (watchPendingLogout) would take the
  // state still saying 'account' for a log-in since, drop the logout, and never send it.
  if (wasAccount) localStorage.setItem(LOGOUT_PENDING_KEY, '1');
  endBrowserSession();
  // What the account read is forgotten here; its unsent changes wait for its next log-in.
  const { forgetAccountReads } = await import('@/lib/data/offline/open');
  await forgetAccountReads().catch(() => undefined);
  // A logged-out device is not reminded (the server also ends an account's with its session).
  // Offline, the module itself may not load: the logout goes on all the same.
  await import('@/lib/pwa/reminders-client')
    .then(({ stopReminders }) => stopReminders())
    .catch(() => undefined);
  if (wasAccount) {
    await Promise.race([sendPendingLogout(), new Promise((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS))]);
  }
  fullPageLoad(routes.home, { replace: true });
}
