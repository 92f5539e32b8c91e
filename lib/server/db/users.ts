import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import type { Locale } from '@/lib/i18n/config';
import type { User } from '@/lib/schemas/api';
import type { Database } from './client';
import { retryingRaces } from './days';
import { days, settings, users } from './schema';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, createdAt: row.createdAt.toISOString() };
}

/**
 * Creates the account and its settings (the seed's defaults, in the language the visitor
 * browsed in). Answers null when the email is taken.
 */
export async function createUser(
  db: Database,
  input: { email: string; name: string; passwordHash: string; language: Locale },
): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, name: input.name, passwordHash: input.passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!user) return null;
    const now = new Date();
    const defaults = defaultSettings(now.toISOString());
    await tx.insert(settings).values({
      userId: user.id,
      name: input.name,
      language: input.language,
      currentGoal: defaults.currentGoal,
      bottomNav: defaults.bottomNav,
      savedAt: now,
      updatedAt: now,
    });
    return user;
  });
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * Deletes the account; every row that belongs to it goes with it (ON DELETE CASCADE), at once.
 *
 * The account's own writes may still be running (issue 48). Deleting the account's row first held
 * it FOR UPDATE, which the foreign key check of an entry write (KEY SHARE) waits on, while that
 * write held its day's row, which the cascade then waited on: a deadlock, and a 500 on PostgreSQL.
 * So the rows writes lock are taken first, in the writes' own order: the account's row FOR NO KEY
 * UPDATE (one import, token or share link change at a time, and this waits for them; foreign key
 * checks pass), the settings row, the days in date order; only then is the account's row deleted.
 * A write that comes after finds no settings row or fails its foreign key check: a 401. A deadlock
 * left (a write locking in another order) rolls all of this back, and it goes again.
 */
export async function deleteUser(db: Database, userId: string): Promise<void> {
  await retryingRaces(() =>
    db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      await tx
        .select({ id: settings.userId })
        .from(settings)
        .where(eq(settings.userId, userId))
        .for('update');
      await tx
        .select({ date: days.date })
        .from(days)
        .where(eq(days.userId, userId))
        .orderBy(asc(days.date))
        .for('update');
      await tx.delete(users).where(eq(users.id, userId));
    }),
  );
}

/**
 * Runs `change` in a transaction that holds the user's row: changes that count what the user has
 * before adding one more (tokens, share links) take turns, so parallel requests never pass a
 * limit together. FOR NO KEY UPDATE, which another holder waits on as on FOR UPDATE, but the
 * foreign key checks (KEY SHARE) of the user's other writes do not (see deleteUser).
 */
export async function withUserHeld<T>(
  db: Database,
  userId: string,
  change: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    return change(tx);
  });
}
