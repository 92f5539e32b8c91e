/**
 * Which kind of session the browser is in. The seed kept an auth "token" in localStorage whose
 * special value 'guest' meant a guest session; we keep that key and value, but for accounts
 * the browser stores only the word 'account': the credential itself lives in an HttpOnly
 * cookie that page scripts cannot read.
 */
export type SessionState = 'none' | 'guest' | 'account';

/** localStorage key of the seed's auth state. */
export const AUTH_STORAGE_KEY = 'token';

/**
 * A non-secret cookie mirroring the session state, so middleware.ts and server components can
 * route a guest without asking the browser. It proves nothing: account data is guarded by the
 * signed session cookie, and guest data never leaves the browser.
 */
export const SESSION_STATE_COOKIE = 'session-state';
export const SESSION_STATE_MAX_AGE = 365 * 24 * 60 * 60;

export function parseSessionState(value: string | null | undefined): SessionState {
  return value === 'guest' || value === 'account' ? value : 'none';
}

/**
 * localStorage key of the signed-in account's id (not a secret): it names the account's own
 * offline store (lib/data/offline), which must open before the network answers.
 */
export const ACCOUNT_USER_KEY = 'account-user';
