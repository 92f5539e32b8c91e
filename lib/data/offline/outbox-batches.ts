import { ApiError } from '@/lib/http/api-client';
import type { EntryChangeBase } from '../entry-versions';
import { NotFoundError } from '../types';
import { isTempFoodId, type QueuedOperation } from './operations';

// What the outbox (./outbox.ts) sends in one request, on what base, and which refusals wait for
// the user rather than the network.

/**
 * The day versions a sync run's own changes produced, by date, from the version they were made
 * on: a later change made on that same version is sent as based on the newer one.
 */
export type Advanced = Map<string, { from: string | null; to: string }>;

export type QueuedDayOperation = Extract<QueuedOperation, { kind: 'changeDay' }>;

/** What a queued change of a day is sent on: an entry's base, moved on by this run's own changes. */
export function baseOf(operation: QueuedDayOperation, advanced: Advanced): EntryChangeBase | undefined {
  const base = operation.base;
  if (!base) return undefined;
  const chain = advanced.get(operation.date);
  return chain && chain.from === base.day ? { ...base, day: chain.to } : base;
}

/** A change of a day that a batch can carry now: an entry of a food made offline waits for the food's real id. */
function isSendableDayChange(operation: QueuedOperation): operation is QueuedDayOperation {
  if (operation.kind !== 'changeDay') return false;
  const food = operation.change.kind === 'putEntry' ? operation.change.entry.food : null;
  return !isTempFoodId(typeof food === 'number' ? food : null);
}

/** The changes of days at the head of the queue, up to a batch's size, but for those to go alone. */
export function batchRun(queued: QueuedOperation[], alone: Set<number>, size: number): QueuedDayOperation[] {
  const run: QueuedDayOperation[] = [];
  for (const operation of queued) {
    if (run.length === size || alone.has(operation.seq) || !isSendableDayChange(operation)) break;
    run.push(operation);
  }
  return run;
}

/**
 * Why the server refused a change, when the same request would meet the same refusal again
 * (it waits for the user, not for the network); null for anything else.
 */
export function refusalReason(error: unknown): string | null {
  if (error instanceof NotFoundError) return 'notFound';
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  if ([401, 408, 429].includes(error.status)) return null;
  return error.issueMessage ?? error.code;
}
