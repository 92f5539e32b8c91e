import 'server-only';
import { getDb } from '@/lib/server/db/client';
import { findActiveSession } from '@/lib/server/db/sessions';
import type { TokenScope } from '@/lib/schemas/api-token';
import { HttpError, mustWait, unauthorized } from '@/lib/server/http';
import { bearerChallenge, bearerOf, findToken, scopeOf, takeTokenRequest, TOKEN_HELP } from './api-tokens';
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

export { unauthorized };

/** The user of a personal access token, the token and what it may do. */
export type TokenOwner = { userId: string; tokenId: string; scopes: TokenScope[] };

/**
 * The owner of a request's personal access token (`Authorization: Bearer`), within the token's
 * rate limit: 401 for none or one that is malformed, unknown, expired or revoked (with
 * `WWW-Authenticate`, RFC 6750, and a body saying to make a personal access token), 403 without
 * the `needed` scope (checked before the request counts), 429 past the limit. A cookie beside the
 * token counts for nothing; where no `needed` scope is given, the caller checks the scopes itself
 * (the MCP server, per tool).
 *
 * `cost` is how many of the minute's requests this one takes (an MCP batch: one per message).
 * Taken whole or not at all: a request that does not fit is refused before it does anything.
 */
export async function requireToken(
  request: Request,
  needed?: TokenScope,
  cost: number | (() => Promise<number>) = 1,
): Promise<TokenOwner> {
  const token = bearerOf(request);
  if (token === null) throw tokenRefused();
  const db = await getDb();
  const found = await findToken(db, token);
  if (!found) throw tokenRefused('invalid_token');
  if (needed && !found.scopes.includes(needed))
    throw new HttpError(403, { error: 'tokenScope', issues: [{ path: 'scope', message: needed }] });
  if (!(await takeTokenRequest(db, found.id, typeof cost === 'number' ? cost : await cost()))) {
    throw mustWait(429, 'tooManyRequests', 60 - (Math.floor(Date.now() / 1000) % 60));
  }
  return { userId: found.userId, tokenId: found.id, scopes: found.scopes };
}

const tokenRefused = (error?: 'invalid_token') =>
  new HttpError(
    401,
    {
      error: 'unauthorized',
      message: error ? `The token is unknown, expired or revoked. ${TOKEN_HELP}` : TOKEN_HELP,
    },
    { 'www-authenticate': bearerChallenge(error) },
  );

/**
 * The owner of the data a request reaches: the user of its personal access token (with the scope
 * its method needs, requireToken, or `scope` for a POST that only reads, as POST /api/parse),
 * else of its session, else a 401. lib/server/route.ts calls it for each owner's operation of the
 * route table, with the table's scope. A request that sends a token is judged by the token alone,
 * never by a cookie beside it.
 */
export async function requireOwner(
  request: Request,
  scope: TokenScope = scopeOf(request.method),
): Promise<{ userId: string }> {
  if (bearerOf(request) === null) return requireUser(request);
  const { userId } = await requireToken(request, scope);
  return { userId };
}

/**
 * The signed-in user of a request's browser session, or a 401: what account changes (password,
 * deletion, sessions, tokens themselves) require, so a personal access token never reaches them
 * (a request sending one is refused with 403). middleware.ts only routes by the non-secret
 * session-state cookie. A session is valid when its cookie is well signed and its row is neither
 * revoked nor expired.
 */
export async function requireUser(request: Request): Promise<SessionClaims> {
  if (bearerOf(request) !== null) throw new HttpError(403, { error: 'sessionRequired' });
  const session = await findUser(request);
  if (!session) throw unauthorized();
  return session;
}

/** The signed-in user of a request, or null. */
export async function findUser(request: Request): Promise<SessionClaims | null> {
  return findSession(readCookie(request, SESSION_COOKIE));
}

/** The session of a session cookie's value (a page reads it from its cookies), or null. */
export async function findSession(token: string | undefined): Promise<SessionClaims | null> {
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
