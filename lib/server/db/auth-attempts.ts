import 'server-only';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import { THROTTLES } from '@/lib/limits';
import type { Database } from './client';
import { authAttempts } from './schema';

export type AttemptAction = keyof typeof THROTTLES;
type Scope = 'perEmailAndAddress' | 'perEmail' | 'perAddress';
type Attempt = { action: AttemptAction; email: string; ip: string };

/** A try let through (its row, to settle once the answer is known), or how long to wait. */
export type Reservation = { id: number } | { retryAfter: number };

const ALL_SCOPES: readonly Scope[] = ['perEmailAndAddress', 'perEmail', 'perAddress'];

function scopeCondition(scope: Scope, { email, ip }: Attempt): SQL {
  switch (scope) {
    case 'perEmailAndAddress':
      return and(eq(authAttempts.email, email), eq(authAttempts.ip, ip))!;
    case 'perEmail':
      return eq(authAttempts.email, email);
    case 'perAddress':
      return eq(authAttempts.ip, ip);
    default: {
      const never: never = scope;
      return never;
    }
  }
}

type Limit = { max: number; windowMs: number; triesPerAddressPastMax?: number };

/**
 * Counts the attempt's recent tries against each of its limits and, when every limit still has
 * room, records the try as pending, in one transaction. Advisory locks on the email and the
 * address make the count and the insert one step: parallel tries for the same email or address
 * wait for each other, so a burst of 100 gets exactly as many through as the limit allows.
 * A login's failed and pending tries count; every registration counts.
 *
 * The limit per email from every address holds only the addresses that have already used their
 * tries past it (THROTTLES.login.perEmail): the owner at another address is not held by it.
 */
export async function reserveAttempt(db: Database, attempt: Attempt): Promise<Reservation> {
  const limits: Partial<Record<Scope, Limit>> = THROTTLES[attempt.action];
  const scopes = ALL_SCOPES.filter((scope) => limits[scope]);
  const counted =
    attempt.action === 'login' ? sql`${authAttempts.outcome} in ('pending', 'failed')` : sql`true`;
  const lockKeys = [
    ...(scopes.some((scope) => scope !== 'perAddress') ? [`${attempt.action}:email:${attempt.email}`] : []),
    ...(scopes.some((scope) => scope !== 'perEmail') ? [`${attempt.action}:ip:${attempt.ip}`] : []),
  ].sort();
  const interval = (windowMs: number) => sql.raw(`interval '${windowMs} milliseconds'`);

  return db.transaction(async (tx) => {
    for (const key of lockKeys) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    const columns = scopes.map((scope, index) => {
      const window = interval(limits[scope]!.windowMs);
      const inScope = sql`${scopeCondition(scope, attempt)} and ${counted} and ${authAttempts.createdAt} > now() - ${window}`;
      // Seconds until the oldest counted try leaves the window: then the limit has room again.
      return sql`count(*) filter (where ${inScope})::int as ${sql.raw(`count_${index}`)},
        ceil(extract(epoch from min(${authAttempts.createdAt}) filter (where ${inScope}) + ${window} - now()))::int as ${sql.raw(`wait_${index}`)}`;
    });
    // This address's own tries for the email within the per-email window, and the seconds until
    // the newest of them leaves it: past the per-email limit, that is when it may try again.
    const perEmail = limits.perEmail;
    if (perEmail) {
      const window = interval(perEmail.windowMs);
      const own = sql`${scopeCondition('perEmailAndAddress', attempt)} and ${counted} and ${authAttempts.createdAt} > now() - ${window}`;
      columns.push(sql`count(*) filter (where ${own})::int as own_count,
        ceil(extract(epoch from max(${authAttempts.createdAt}) filter (where ${own}) + ${window} - now()))::int as own_wait`);
    }
    const longest = Math.max(...scopes.map((scope) => limits[scope]!.windowMs));
    const result = await tx.execute(
      sql`select ${sql.join(columns, sql`, `)} from ${authAttempts}
          where ${authAttempts.action} = ${attempt.action}
            and ${authAttempts.createdAt} > now() - ${interval(longest)}
            and (${authAttempts.email} = ${attempt.email} or ${authAttempts.ip} = ${attempt.ip})`,
    );
    const row = rowsOf(result)[0] ?? {};
    let retryAfter = 0;
    scopes.forEach((scope, index) => {
      const limit = limits[scope]!;
      if (Number(row[`count_${index}`] ?? 0) < limit.max) return;
      if (limit.triesPerAddressPastMax !== undefined) {
        if (Number(row.own_count ?? 0) < limit.triesPerAddressPastMax) return;
        retryAfter = Math.max(retryAfter, Number(row.own_wait ?? 0), 1);
        return;
      }
      retryAfter = Math.max(retryAfter, Number(row[`wait_${index}`] ?? 0), 1);
    });
    if (retryAfter > 0) return { retryAfter };

    const [inserted] = await tx
      .insert(authAttempts)
      .values({ action: attempt.action, email: attempt.email, ip: attempt.ip, outcome: 'pending' })
      .returning({ id: authAttempts.id });
    return { id: inserted!.id };
  });
}

let lastPrune = 0;

/**
 * Records how a reserved try ended. A successful login also forgives the earlier failures of the
 * same email from the same address: the user got in, so those were typos, not guesses.
 */
export async function settleAttempt(
  db: Database,
  reservation: { id: number },
  attempt: Attempt,
  succeeded: boolean,
): Promise<void> {
  await db
    .update(authAttempts)
    .set({ outcome: succeeded ? 'succeeded' : 'failed' })
    .where(eq(authAttempts.id, reservation.id));
  if (succeeded && attempt.action === 'login') {
    await db
      .update(authAttempts)
      .set({ outcome: 'forgiven' })
      .where(
        and(
          eq(authAttempts.action, 'login'),
          eq(authAttempts.email, attempt.email),
          eq(authAttempts.ip, attempt.ip),
          eq(authAttempts.outcome, 'failed'),
        ),
      );
  }
  // Old tries only matter for a day of forensics; prune at most once an hour per process.
  if (Date.now() - lastPrune > 60 * 60 * 1000) {
    lastPrune = Date.now();
    await db.delete(authAttempts).where(lt(authAttempts.createdAt, sql`now() - interval '1 day'`));
  }
}

// node-postgres answers `{rows}`, PGlite's drizzle driver the same; both are read here.
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (result as { rows?: Array<Record<string, unknown>> }).rows ?? [];
}
