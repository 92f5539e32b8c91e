import 'server-only';
import { getDb } from '@/lib/server/db/client';
import { findActiveSession } from '@/lib/server/db/sessions';
import { HttpError } from '@/lib/server/http';
import { readCookie, SESSION_COOKIE, verifySessionToken, type SessionClaims } from './session';

/**
 * How long a verified session is trusted without asking the database again. A session revoked
 * by this process (logout, password change, account deletion) is dropped at once; one revoked
 * by another instance of the app stays usable there for at most this long.
 */
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_LIMIT = 10_000;

/**
 * Keyed by the cookie's token itself: a request carrying the very string this process has
 * verified skips the signature check as well as the database, so the cached path costs one
 * Map lookup. Only a token that passed jwtVerify gets in, and it is honoured only until the
 * earlier of its own expiry and its session row's.
 */
type Verified = { claims: SessionClaims; expiresAt: number; checkedAt: number };
const holder = globalThis as typeof globalThis & { __diarySessions?: Map<string, Verified> };
const verified = (holder.__diarySessions ??= new Map());

export const unauthorized = () => new HttpError(401, { error: 'unauthorized' });

/**
 * The signed-in user of a request, or a 401. Every handler of account data calls it itself:
 * middleware.ts only routes by the non-secret session-state cookie. A session is valid when its
 * cookie is well signed and its row is neither revoked nor expired.
 */
export async function requireUser(request: Request): Promise<SessionClaims> {
  const session = await findUser(request);
  if (!session) throw unauthorized();
  return session;
}

/** The signed-in user of a request, or null. */
export async function findUser(request: Request): Promise<SessionClaims | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const now = Date.now();
  const known = verified.get(token);
  if (known && now - known.checkedAt < SESSION_CACHE_MS && known.expiresAt > now) return known.claims;

  const verifiedToken = await verifySessionToken(token);
  if (!verifiedToken) {
    verified.delete(token);
    return null;
  }
  const claims: SessionClaims = { userId: verifiedToken.userId, sessionId: verifiedToken.sessionId };
  const row = await findActiveSession(await getDb(), claims.sessionId);
  if (!row || row.userId !== claims.userId) {
    verified.delete(token);
    return null;
  }
  if (verified.size >= SESSION_CACHE_LIMIT) verified.clear();
  verified.set(token, {
    claims,
    expiresAt: Math.min(verifiedToken.expiresAt, row.expiresAt.getTime()),
    checkedAt: now,
  });
  return claims;
}

/** Drops sessions from the cache once their rows are revoked or deleted. */
export function forgetSessions(sessionIds: Iterable<string>): void {
  const forget = new Set(sessionIds);
  if (forget.size === 0) return;
  for (const [token, entry] of verified) if (forget.has(entry.claims.sessionId)) verified.delete(token);
}
