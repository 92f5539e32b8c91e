import 'server-only';
import { getDb } from '@/lib/server/db/client';
import { findActiveSession } from '@/lib/server/db/sessions';
import { HttpError } from '@/lib/server/http';
import { readCookie, SESSION_COOKIE, verifySessionToken, type SessionClaims } from './session';

/**
 * Session tokens this process has verified, keyed by the cookie's string itself: a request
 * carrying a token seen before skips the signature check (jose's HMAC). The session's row is
 * read on every request all the same, so a session revoked by any instance of the app (logout,
 * password change, account deletion) ends on every instance at once.
 */
const VERIFIED_TOKENS_LIMIT = 10_000;
type Verified = { claims: SessionClaims; expiresAt: number };
const holder = globalThis as typeof globalThis & { __diaryVerifiedTokens?: Map<string, Verified> };
const verified = (holder.__diaryVerifiedTokens ??= new Map());

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
  const known = verified.get(token) ?? (await verifyToken(token));
  if (!known || known.expiresAt <= Date.now()) return null;
  const row = await findActiveSession(await getDb(), known.claims.sessionId);
  if (!row || row.userId !== known.claims.userId) {
    verified.delete(token);
    return null;
  }
  return known.claims;
}

async function verifyToken(token: string): Promise<Verified | null> {
  const claims = await verifySessionToken(token);
  if (!claims) return null;
  const entry = {
    claims: { userId: claims.userId, sessionId: claims.sessionId },
    expiresAt: claims.expiresAt,
  };
  if (verified.size >= VERIFIED_TOKENS_LIMIT) verified.clear();
  verified.set(token, entry);
  return entry;
}
