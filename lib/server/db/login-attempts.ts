import 'server-only';
import { and, count, eq, gte, lt, min, type SQL } from 'drizzle-orm';
import type { Database } from './client';
import { loginAttempts } from './schema';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILED_LOGINS = 10;

/**
 * When the email or the IP has had MAX_FAILED_LOGINS failures within the window, the seconds
 * until the oldest of them leaves it (for Retry-After); otherwise null.
 */
export async function loginBlockedFor(
  db: Database,
  email: string,
  ip: string,
  now = new Date(),
): Promise<number | null> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const failedSince = (key: SQL) =>
    db
      .select({ failures: count(), oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(key, eq(loginAttempts.succeeded, false), gte(loginAttempts.createdAt, since)));
  const [[byEmail], [byIp]] = await Promise.all([
    failedSince(eq(loginAttempts.email, email)),
    failedSince(eq(loginAttempts.ip, ip)),
  ]);
  let retryAfter: number | null = null;
  for (const row of [byEmail, byIp]) {
    if (!row || row.failures < MAX_FAILED_LOGINS || !row.oldest) continue;
    const seconds = Math.ceil((new Date(row.oldest).getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000);
    retryAfter = Math.max(retryAfter ?? 0, seconds, 1);
  }
  return retryAfter;
}

let lastPrune = 0;

export async function recordLoginAttempt(
  db: Database,
  email: string,
  ip: string,
  succeeded: boolean,
): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, succeeded });
  // Old attempts only matter for a day of forensics; prune at most once an hour per process.
  if (Date.now() - lastPrune > 60 * 60 * 1000) {
    lastPrune = Date.now();
    await db
      .delete(loginAttempts)
      .where(lt(loginAttempts.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
  }
}
