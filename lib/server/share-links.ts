import 'server-only';
import { and, asc, count, eq } from 'drizzle-orm';
import { LIMITS } from '@/lib/limits';
import type { ShareCreate, ShareInfo, SharedDiary } from '@/lib/schemas/share-link';
import { SHARE_TOKEN } from '@/lib/schemas/share-link';
import { hashOfSecret, randomSecret } from '@/lib/server/auth/random-secret';
import type { Database } from '@/lib/server/db/client';
import { withUserHeld } from '@/lib/server/db/users';
import { listDays } from '@/lib/server/db/days';
import { shareLinks } from '@/lib/server/db/schema';
import { getSettings } from '@/lib/server/db/settings';
import { HttpError } from '@/lib/server/http';

/**
 * Read-only links to a period of a diary, for a dietitian: /shared/{secret} shows the period's
 * days to whoever has the link, with no account, until it expires or its owner revokes it. The
 * secret is shown once when made; only its hash is kept (./auth/random-secret.ts).
 */

type ShareRow = typeof shareLinks.$inferSelect;

function infoOf(row: ShareRow): ShareInfo {
  return {
    id: row.id,
    name: row.name,
    from: row.from,
    to: row.to,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt?.toISOString() ?? null,
  };
}

/** Makes a link; 400 past LIMITS.shareLinksPerUser (expired ones count until revoked). */
export async function createShareLink(
  db: Database,
  userId: string,
  input: ShareCreate,
): Promise<{ token: string; info: ShareInfo }> {
  return withUserHeld(db, userId, async (tx) => {
    const [held] = await tx.select({ count: count() }).from(shareLinks).where(eq(shareLinks.userId, userId));
    if ((held?.count ?? 0) >= LIMITS.shareLinksPerUser.max)
      throw new HttpError(400, {
        error: 'invalid',
        field: 'shares',
        issues: [{ path: 'shares', message: 'shareLinksPerUser' }],
      });
    const token = randomSecret();
    const now = new Date();
    const [row] = await tx
      .insert(shareLinks)
      .values({
        userId,
        name: input.name,
        from: input.from,
        to: input.to,
        tokenHash: hashOfSecret(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + input.days * 86_400_000),
      })
      .returning();
    return { token, info: infoOf(row!) };
  });
}

export async function listShareLinks(db: Database, userId: string): Promise<ShareInfo[]> {
  const rows = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.userId, userId))
    .orderBy(asc(shareLinks.createdAt));
  return rows.map(infoOf);
}

/** Revokes a link of the user at once; 404 for one that is not theirs or no longer exists. */
export async function revokeShareLink(db: Database, userId: string, id: string): Promise<void> {
  const gone = await db
    .delete(shareLinks)
    .where(and(eq(shareLinks.userId, userId), eq(shareLinks.id, id)))
    .returning({ id: shareLinks.id });
  if (gone.length === 0) throw new HttpError(404, { error: 'notFound' });
}

/**
 * What the link of `token` shows, or null for a link that is malformed, unknown, revoked or
 * expired: all four look the same to whoever holds it. Its last opening is kept to the minute.
 */
export async function openShareLink(db: Database, token: string): Promise<SharedDiary | null> {
  if (!SHARE_TOKEN.test(token)) return null;
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.tokenHash, hashOfSecret(token)));
  const now = new Date();
  if (!row || row.expiresAt <= now) return null;
  if (row.lastOpenedAt === null || now.getTime() - row.lastOpenedAt.getTime() > 60_000)
    await db.update(shareLinks).set({ lastOpenedAt: now }).where(eq(shareLinks.id, row.id));
  const [settings, days] = await Promise.all([
    getSettings(db, row.userId),
    listDays(db, row.userId, row.from, row.to),
  ]);
  return {
    name: row.name,
    owner: settings.name,
    // The owner's meals, so the dietitian reads them by the names the owner gave them.
    meals: settings.meals,
    from: row.from,
    to: row.to,
    expiresAt: row.expiresAt.toISOString(),
    days,
  };
}
