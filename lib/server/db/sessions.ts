import 'server-only';
import { and, eq, gt, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import type { Database } from './client';
import { sessions } from './schema';

/**
 * Starts a session, and deletes the user's sessions that can no longer be used (expired or
 * revoked), so each login does not leave a row behind forever. A deleted row and a revoked one
 * answer the same to findActiveSession().
 */
export async function createSession(db: Database, userId: string, expiresAt: Date): Promise<string> {
  await db
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        or(lte(sessions.expiresAt, new Date()), isNotNull(sessions.revokedAt)),
      ),
    );
  const [session] = await db.insert(sessions).values({ userId, expiresAt }).returning({ id: sessions.id });
  return session!.id;
}

/** The session when it exists, is not revoked and has not expired. */
export async function findActiveSession(
  db: Database,
  sessionId: string,
): Promise<{ userId: string; expiresAt: Date } | undefined> {
  const [session] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return session;
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every other session of the user (after a password change). */
export async function revokeOtherSessions(db: Database, userId: string, keepId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
}
