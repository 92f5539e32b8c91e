import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentSessionState,
  LOGOUT_PENDING_KEY,
  logOut,
  sendPendingLogout,
  startAccountSession,
} from '@/lib/session/client';

// The page a logout opens: recorded, not loaded (happy-dom has no server to load it from).
const opened = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/navigation/full-page-load', () => ({
  fullPageLoad: (path: string) => opened.push(path),
}));

/** The requests the page sends to the API, each answered as the server answers a logout. */
let sent: string[];

beforeEach(() => {
  sent = [];
  opened.length = 0;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push(`${init?.method ?? 'GET'} ${new URL(url, location.href).pathname}`);
    return new Response(null, { status: 204 });
  });
});

afterEach(() => vi.unstubAllGlobals());

describe('logging out of an account', () => {
  it('tells the server, even when the page looks for a waiting logout meanwhile', async () => {
    startAccountSession('user-1');
    expect(currentSessionState()).toBe('account');

    // The page's own watcher (watchPendingLogout) runs while the logout awaits its clean-up: it
    // must not take the session, still in the browser then, for a log-in since the logout.
    const loggingOut = logOut();
    const watcher = sendPendingLogout();
    await Promise.all([loggingOut, watcher]);

    expect(sent.filter((request) => request === 'POST /api/auth/logout').length).toBeGreaterThanOrEqual(1);
    expect(currentSessionState()).toBe('none');
    expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBeNull();
    expect(opened).toEqual(['/']);
  });

  it('keeps a logout the server did not hear for the next try, and a new log-in drops it', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    startAccountSession('user-1');
    await logOut();
    expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBe('1');
    expect(currentSessionState()).toBe('none');

    startAccountSession('user-2');
    expect(localStorage.getItem(LOGOUT_PENDING_KEY)).toBeNull();
    expect(await sendPendingLogout()).toBe(true);
  });
});
