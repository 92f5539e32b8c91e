import { sql } from 'drizzle-orm';
import {
  batchAnswerSchema,
  batchRequestSchema,
  type BatchAnswer,
  type BatchOperation,
} from '@/lib/schemas/api';
import type { Day } from '@/lib/schemas/day';
import { createApiRouter } from '@/lib/server/api-router';
import { requireOwner } from '@/lib/server/auth/dal';
import { getDb, withinTransaction, type Database } from '@/lib/server/db/client';
import { handler, methodNotAllowed, readJson, reply } from '@/lib/server/http';
import * as dayActivity from '../days/[date]/activities/[id]/route';
import * as dayEntry from '../days/[date]/entries/[id]/route';
import * as day from '../days/[date]/route';

/** The routes a batch runs: the writes of a day, the same handlers a request of their own meets. */
const route = createApiRouter([
  { pattern: '/api/days/:date/entries/:id', module: { PUT: dayEntry.PUT, DELETE: dayEntry.DELETE } },
  {
    pattern: '/api/days/:date/activities/:id',
    module: { PUT: dayActivity.PUT, DELETE: dayActivity.DELETE },
  },
  { pattern: '/api/days/:date', module: { PATCH: day.PATCH } },
]);

/**
 * POST /api/batch {operations: [{method, path, body?}]} → {done, failed, days}.
 *
 * An outbox coming back online sends its changes of days in one request and one transaction
 * (one commit, one round trip) instead of one of each per change. Each operation is answered as
 * it would be alone, by the same route, and applied in order; the first that is not a success
 * stops the batch and writes nothing, and everything before it is kept. The client then sends
 * that one alone, where it meets its conflict or refusal as it always did.
 */
export const POST = handler(async (request) => {
  const { userId } = await requireOwner(request);
  const { operations } = await readJson(request, batchRequestSchema);
  return reply(batchAnswerSchema, await runBatch(request, userId, operations));
});

async function runBatch(
  request: Request,
  userId: string,
  operations: BatchOperation[],
): Promise<BatchAnswer> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Two batches of one account (two devices back online) go one after the other: each locks
    // days in its own operations' order, which could deadlock across the two.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`batch:${userId}`}, 0))`);
    const versions = new DayVersions();
    const days = new Map<string, Day>();
    for (const [index, operation] of operations.entries()) {
      const body = versions.rebase(operation);
      const response = await answerWithin(tx, subrequest(request, operation, body));
      const answer = (await response.json().catch(() => null)) as unknown;
      if (!response.ok) {
        return { done: index, failed: { status: response.status, body: answer }, days: [...days.values()] };
      }
      const written = answer as Day;
      versions.advance(operation, written);
      days.set(written.date, written);
    }
    return { done: operations.length, failed: null, days: [...days.values()] };
  });
}

/** The operation as a request of its own, with the batch's cookie, origin and address headers. */
function subrequest(batch: Request, operation: BatchOperation, body: unknown): Request {
  const headers = new Headers(batch.headers);
  for (const name of ['content-length', 'transfer-encoding']) headers.delete(name);
  headers.set('content-type', 'application/json');
  return new Request(new URL(`/api${operation.path}`, batch.url), {
    method: operation.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Answers `request` by its route inside a savepoint of `tx`, rolled back unless it succeeded. */
async function answerWithin(tx: Database, request: Request): Promise<Response> {
  try {
    return await tx.transaction((savepoint) =>
      withinTransaction(savepoint, async () => {
        const response = await route(request);
        if (!response.ok) throw new Undone(response);
        return response;
      }),
    );
  } catch (error) {
    if (error instanceof Undone) return error.response;
    throw error;
  }
}

class Undone extends Error {
  constructor(readonly response: Response) {
    super(`batch operation answered ${response.status}`);
  }
}

/**
 * A batch's own writes move a day's version on. The changes an outbox holds for a day were all
 * made on the version it last saw, so an entry write based on the version an earlier write of the
 * batch was based on is taken as based on what the batch left: the day is locked from that first
 * write to the commit, so nothing else changed it in between. Any other base is checked as sent.
 */
class DayVersions {
  private readonly byDate = new Map<string, { from: string | null; to: string }>();

  rebase(operation: BatchOperation): unknown {
    const base = baseOf(operation);
    if (base === undefined) return operation.body;
    const version = this.byDate.get(dateOf(operation));
    if (!version || !sameVersion(base, version.from)) return operation.body;
    return { ...(operation.body as object), baseUpdatedAt: version.to };
  }

  advance(operation: BatchOperation, written: Day): void {
    const base = baseOf(operation);
    const version = this.byDate.get(written.date);
    if (base !== undefined) this.byDate.set(written.date, { from: base, to: written.updatedAt });
    else if (version) version.to = written.updatedAt;
  }
}

/** Null is the version of a day not written yet. */
const sameVersion = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

function baseOf(operation: BatchOperation): string | null | undefined {
  const body = operation.body;
  if (operation.method !== 'PUT' || typeof body !== 'object' || body === null) return undefined;
  const base = (body as { baseUpdatedAt?: unknown }).baseUpdatedAt;
  return typeof base === 'string' || base === null ? base : undefined;
}

/** The date segment of a batch path (/days/{date}/...). */
const dateOf = (operation: BatchOperation) => operation.path.split('/')[2]!;

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
