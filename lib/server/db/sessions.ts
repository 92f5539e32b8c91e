import 'server-only';
import { and, eq, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { rawQuery, type Database } from './client';
import { pushSubscriptions, sessions } from './schema';

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

const ACTIVE_SESSION_SQL = `
SELECT user_id AS "userId", expires_at AS "expiresAt" FROM sessions
WHERE id = $1::uuid AND revoked_at IS NULL AND expires_at > now()`;

/**
 * The session when it exists, is not revoked and has not expired. Read on every request that
 * carries one, so a logout on any instance ends the session on all of them at the next request
 * (decision 0034 says why it is not kept in memory).
 */
export async function findActiveSession(
  db: Database,
  sessionId: string,
): Promise<{ userId: string; expiresAt: Date } | undefined> {
  const [row] = await rawQuery(db, 'diary_active_session', ACTIVE_SESSION_SQL, [sessionId]);
  return row as { userId: string; expiresAt: Date } | undefined;
}

/** Revokes a session, and the reminders of the device it was (a logged-out device is not reminded). */
export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** Revokes every other session of the user (after a password change), and their devices' reminders. */
export async function revokeOtherSessions(db: Database, userId: string, keepId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        or(isNull(pushSubscriptions.sessionId), ne(pushSubscriptions.sessionId, keepId)),
      ),
    );
}
