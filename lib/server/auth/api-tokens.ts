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

/** The bearer token of a request, or null when it sends none. */
export function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization');
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
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
 * Counts a request of token `id` and notes it as the token's last use; false when it is past the
 * minute's limit (LIMITS.tokenRequestsPerMinute). One UPDATE counts it: PostgreSQL holds the row
 * while it adds one, so parallel requests to any number of instances share one count.
 */
export async function takeTokenRequest(db: Database, id: string, now = new Date()): Promise<boolean> {
  const minute = Math.floor(now.getTime() / 60_000);
  const [row] = await db
    .update(apiTokens)
    .set({
      lastUsedAt: now,
      requestMinute: minute,
      // The right side reads the row as it was: a new minute starts the count again.
      requestsInMinute: sql`case when ${apiTokens.requestMinute} = ${minute} then ${apiTokens.requestsInMinute} + 1 else 1 end`,
    })
    .where(eq(apiTokens.id, id))
    .returning({ requests: apiTokens.requestsInMinute });
  return row !== undefined && row.requests <= LIMITS.tokenRequestsPerMinute.max;
}
