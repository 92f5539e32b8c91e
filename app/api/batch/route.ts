import { batchAnswerSchema } from '@/lib/schemas/api';
import { applyBatch } from '@/lib/server/db/batch';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/**
 * POST /api/batch {changes: [{date, change, base?}]} → {done, failed, days}.
 *
 * An outbox coming back online sends its changes of days in one request and one transaction
 * (one commit, one round trip) instead of one of each per change. Each change is answered as its
 * own route would answer it, in order; the first that is not a success stops the batch and writes
 * nothing, and everything before it is kept.
 */
export const POST = route('batch', async (request, { userId }, read) => {
  const { changes } = await read.body();
  return reply(batchAnswerSchema, await applyBatch(await getDb(), userId, changes, request));
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
