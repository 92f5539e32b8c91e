import 'server-only';
import { PUSH_FAILURE_LOG } from '@/lib/limits';
import { logger } from '@/server/log.mjs';

/**
 * The log of pushes that fail. A reminder whose push fails is tried again every minute for an
 * hour, and a test from the settings may be pressed again: one line a minute would be 60 lines
 * an hour for each device saying the same thing. So a failure is said once, with what a reader
 * can act on (why, which push service, which reminder), then counted while it goes on; the count
 * is said when it ends (the push goes through again, or the subscription is gone) and once an
 * hour while it lasts. The endpoint's path is never logged: whoever holds it can push to the
 * device.
 */

/** What a failed push is logged with. */
export type PushFailure = {
  /** Why, in a word to act on: ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED, timeout, status 403, encryption. */
  cause: string;
  /** The push service's host (and port, when not 443). */
  host: string;
  /** The reminder that failed, or `test` for the settings' test. */
  reminder: string;
  /** The push service's answer, when it gave one. */
  status?: number;
  /** What the failure said, for the causes with no code (encryption). */
  detail?: string;
};

type Failing = { cause: string; first: number; saidAt: number; failures: number };

/** Per subscription id, oldest first (a Map keeps the order of insertion). */
const failing = new Map<string, Failing>();

/** Logs `failure` of the push to subscription `id`, unless it only repeats the failure going on. */
export function pushFailed(id: string, failure: PushFailure, now = Date.now()): void {
  const known = failing.get(id);
  if (known && known.cause === failure.cause) {
    known.failures++;
    if (now - known.saidAt < PUSH_FAILURE_LOG.repeatSaidEveryMs) return;
    known.saidAt = now;
    logger.warn(
      { ...failure, failures: known.failures, since: new Date(known.first).toISOString() },
      'pushes to a device still fail; they are tried again',
    );
    return;
  }
  failing.delete(id);
  // Subscriptions deleted while failing (a logout) never say they ended: the oldest make room.
  while (failing.size >= PUSH_FAILURE_LOG.trackedSubscriptions) failing.delete(failing.keys().next().value!);
  failing.set(id, { cause: failure.cause, first: now, saidAt: now, failures: 1 });
  logger.warn(
    {
      ...failure,
      ...(known ? { previousCause: known.cause, previousFailures: known.failures } : {}),
    },
    'a push failed; it is tried again, and while it fails the same way it is counted, not logged',
  );
}

/**
 * A push to subscription `id` went through (`sent`) or its push service says it is gone: if it
 * had been failing, how many times is said now, and the failure is over.
 */
export function pushEnded(
  id: string,
  outcome: 'sent' | 'gone',
  where: Pick<PushFailure, 'host' | 'reminder'>,
  now = Date.now(),
): void {
  const known = failing.get(id);
  if (!known) return;
  failing.delete(id);
  logger.info(
    {
      ...where,
      cause: known.cause,
      failures: known.failures,
      since: new Date(known.first).toISOString(),
      minutes: Math.round((now - known.first) / 60_000),
    },
    outcome === 'sent'
      ? 'pushes to a device that failed go through again'
      : 'a device whose pushes failed is gone; its reminders are deleted',
  );
}

/**
 * Why a push could not be made or sent, as the code under the error: fetch throws "fetch failed"
 * whose cause carries ECONNREFUSED, ENOTFOUND (DNS), a TLS code (CERT_HAS_EXPIRED,
 * ERR_TLS_CERT_ALTNAME_INVALID ...) or undici's own (UND_ERR_SOCKET ...).
 */
export function causeOf(error: unknown): string {
  let current = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { name, code, errors } = current as { name?: unknown; code?: unknown; errors?: unknown };
    if (name === 'TimeoutError') return 'timeout';
    if (typeof code === 'string' && code !== '') return code;
    // Several addresses (IPv4 and IPv6) each refused: an AggregateError of one code each.
    if (Array.isArray(errors) && errors.length > 0) return causeOf(errors[0]);
    current = (current as { cause?: unknown }).cause;
  }
  return error instanceof Error ? error.name : 'unknown';
}

/** Forgets every failure: for tests, which start each from none. */
export function forgetPushFailures(): void {
  failing.clear();
}
