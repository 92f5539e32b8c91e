import 'server-only';
import type { Database } from '@/lib/server/db/client';
import { reserveAttempt, settleAttempt, type AttemptAction } from '@/lib/server/db/auth-attempts';
import { clientIp, mustWait } from '@/lib/server/http';

/**
 * Runs `attempt` when the limits of `action` let one more try through, then records how it
 * ended; otherwise answers 429 with how long to wait, in Retry-After and in the body. A try
 * that throws counts as failed.
 */
export async function throttled<T>(
  db: Database,
  request: Request,
  action: AttemptAction,
  email: string,
  attempt: () => Promise<{ ok: boolean; value: T }>,
): Promise<T> {
  const key = { action, email, ip: clientIp(request) };
  const reservation = await reserveAttempt(db, key);
  if ('retryAfter' in reservation) {
    throw mustWait(429, 'tooManyAttempts', reservation.retryAfter);
  }
  let outcome: { ok: boolean; value: T } | undefined;
  try {
    outcome = await attempt();
    return outcome.value;
  } finally {
    await settleAttempt(db, reservation, key, outcome?.ok ?? false);
  }
}
