import 'server-only';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@/lib/limits';
import type { TokenCreate, TokenInfo, TokenScope } from '@/lib/schemas/api-token';
import type { Database } from '@/lib/server/db/client';
import { withUserHeld } from '@/lib/server/db/users';
import { apiTokens } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http';
import { hashOfSecret, randomSecret } from './random-secret';

/**
 * Personal access tokens: `cdt_` and a random secret (./random-secret.ts), shown once when made,
 * looked up by its hash on each request.
 */
const PREFIX = 'cdt_';
const TOKEN = /^cdt_[A-Za-z0-9_-]{43}$/;

type TokenRow = typeof apiTokens.$inferSelect;

function infoOf(row: TokenRow): TokenInfo {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as TokenScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Makes a token; 400 past LIMITS.tokensPerUser. Answers the token (this once) and its record. */
export async function createToken(
  db: Database,
  userId: string,
  input: TokenCreate,
): Promise<{ token: string; info: TokenInfo }> {
  return withUserHeld(db, userId, async (tx) => {
    const [held] = await tx.select({ count: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
    if ((held?.count ?? 0) >= LIMITS.tokensPerUser.max)
      throw new HttpError(400, {
        error: 'invalid',
        field: 'tokens',
        issues: [{ path: 'tokens', message: 'tokensPerUser' }],
      });
    const token = PREFIX + randomSecret();
    const now = new Date();
    const [row] = await tx
      .insert(apiTokens)
      .values({
        userId,
        name: input.name,
        scopes: [...new Set(input.scopes)],
        tokenHash: hashOfSecret(token),
        createdAt: now,
        expiresAt: input.days === null ? null : new Date(now.getTime() + input.days * 86_400_000),
      })
      .returning();
    return { token, info: infoOf(row!) };
  });
}

export async function listTokens(db: Database, userId: string): Promise<TokenInfo[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.createdAt));
  return rows.map(infoOf);
}

/** Revokes a token of the user; 404 for one that is not theirs or no longer exists. */
export async function revokeToken(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
    .returning({ id: apiTokens.id });
  if (gone.length === 0) throw new HttpError(404, { error: 'notFound' });
}

/**
 * Revokes every token of the user: what a password change and "log out other devices" offer,
 * as a token made with a stolen session outlives the session (decision 0047).
 */
export async function revokeAllTokens(db: Database, userId: string): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
}

// RFC 6750 2.1: the scheme (any case), one or more spaces, and one b64token; nothing before,
// after or between. Our tokens are a subset of b64token (TOKEN above); one that is well formed
// but not ours is an unknown token (findToken), not a malformed header.
const BEARER_SCHEME = /^bearer(?:[\s,]|$)/i;
const BEARER_CREDENTIALS = /^bearer +([A-Za-z0-9._~+/-]+=*)$/i;

/**
 * The bearer token of a request, or null when it sends none: no Authorization header, or one of
 * another scheme (`Basic` from a proxy's own password in front of the app is the proxy's, not
 * ours, and the request is judged by its session). A header of the Bearer scheme that is not
 * exactly `Bearer <token>` (no token, two of them, a tab, anything after it, two headers joined)
 * is a 401 rather than a guess at which part was meant (decision 0047).
 */
export function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization')?.trim();
  if (!header) return null;
  if (!BEARER_SCHEME.test(header)) {
    // Two headers arrive joined by ", ": a Bearer among them is as ambiguous as two tokens.
    if (/(?:^|,)\s*bearer\b/i.test(header)) throw malformedAuthorization();
    return null;
  }
  const match = BEARER_CREDENTIALS.exec(header);
  if (!match) throw malformedAuthorization();
  return match[1]!;
}

/**
 * What a person reading a 401 of a token's request needs to know: the API takes a personal access
 * token made in the settings, and nothing else (no OAuth: an MCP client that meets a bare 401
 * would look for an authorization server).
 */
export const TOKEN_HELP =
  'Send a personal access token as "Authorization: Bearer cdt_..." (make one in Settings > Personal access tokens). This server offers no OAuth.';

/** The challenge of every token 401 (RFC 6750 3), with no resource_metadata: there is no OAuth. */
export const bearerChallenge = (error?: 'invalid_request' | 'invalid_token') =>
  error ? `Bearer realm="calorie-diary", error="${error}"` : 'Bearer realm="calorie-diary"';

function malformedAuthorization() {
  return new HttpError(
    401,
    {
      error: 'unauthorized',
      field: 'authorization',
      message: `The Authorization header must be "Bearer" and one token, nothing else. ${TOKEN_HELP}`,
    },
    { 'www-authenticate': bearerChallenge('invalid_request') },
  );
}

/**
 * The token's user and scopes, or null for a token that is malformed, unknown or expired. Its use
 * is noted when it counts (takeTokenRequest), not here.
 */
export async function findToken(
  db: Database,
  token: string,
): Promise<{ id: string; userId: string; scopes: TokenScope[] } | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, hashOfSecret(token)));
  if (!row || (row.expiresAt !== null && row.expiresAt <= new Date())) return null;
  return { id: row.id, userId: row.userId, scopes: row.scopes as TokenScope[] };
}

/** The scope a request of `method` needs. */
export function scopeOf(method: string): TokenScope {
  if (method === 'GET' || method === 'HEAD') return 'read';
  return method === 'DELETE' ? 'delete' : 'write';
}

/**
 * Counts a request of token `id` as `cost` requests (an MCP batch counts each of its messages) and
 * notes it as the token's last use; false, counting nothing, when they do not all fit in the
 * minute's limit (LIMITS.tokenRequestsPerMinute): a refused batch has done nothing and leaves the
 * rest of the minute to smaller requests. One UPDATE counts it: PostgreSQL holds the row while it
 * adds, so parallel requests to any number of instances share one count.
 */
export async function takeTokenRequest(
  db: Database,
  id: string,
  cost = 1,
  now = new Date(),
): Promise<boolean> {
  const minute = Math.floor(now.getTime() / 60_000);
  // Both sides read the row as it was: a new minute starts the count again.
  const counted = sql`case when ${apiTokens.requestMinute} = ${minute} then ${apiTokens.requestsInMinute} + ${cost}::integer else ${cost}::integer end`;
  const [row] = await db
    .update(apiTokens)
    .set({ lastUsedAt: now, requestMinute: minute, requestsInMinute: counted })
    .where(and(eq(apiTokens.id, id), sql`${counted} <= ${LIMITS.tokenRequestsPerMinute.max}`))
    .returning({ requests: apiTokens.requestsInMinute });
  return row !== undefined;
}
