import 'server-only';
import { sql } from 'drizzle-orm';
import { batchChangeSchema, type BatchAnswer } from '@/lib/schemas/api';
import type { Day } from '@/lib/schemas/day';
import { errorResponse } from '@/lib/server/http';
import type { Database } from './client';
import { changeDay } from './days';

/**
 * Applies a batch's changes of days in order (POST /api/batch): each in a savepoint of one
 * transaction, through the one `changeDay` a change meets alone. The first that fails is answered
 * as its own route would answer it (`failed`: a change that is not one is a 400 with its
 * issues), is rolled back, and stops the batch; everything before it is kept. `request` is the batch's, for how an error is logged and answered.
 */
export async function applyBatch(
  db: Database,
  userId: string,
  changes: unknown[],
  request: Request,
): Promise<BatchAnswer> {
  // One change needs no transaction around its own: it is atomic, and the entry's one-statement
  // path (decision 0033) stays one round trip.
  if (changes.length === 1) return applyInOrder(db, userId, changes, request);
  return db.transaction(async (tx) => {
    // Two batches of one account (two devices back online) go one after the other: each locks
    // days in its own changes' order, which could deadlock across the two.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`batch:${userId}`}, 0))`);
    return applyInOrder(tx, userId, changes, request, true);
  });
}

async function applyInOrder(
  db: Database,
  userId: string,
  changes: unknown[],
  request: Request,
  inSavepoints = false,
): Promise<BatchAnswer> {
  const versions = new DayVersions();
  const days = new Map<string, Day>();
  for (const [index, sent] of changes.entries()) {
    try {
      const { date, change, base } = batchChangeSchema.parse(sent);
      const write = (into: Database) => changeDay(into, userId, date, change, versions.rebase(date, base));
      const written = await (inSavepoints ? db.transaction(write) : write(db));
      versions.advance(base, written);
      days.set(written.date, written);
    } catch (error) {
      const response = errorResponse(error, request);
      const failed = { status: response.status, body: (await response.json()) as unknown };
      return { done: index, failed, days: [...days.values()] };
    }
  }
  return { done: changes.length, failed: null, days: [...days.values()] };
}

/**
 * A batch's own writes move a day's version on. The changes an outbox holds for a day were all
 * made on the version it last saw, so an entry write based on the version an earlier write of the
 * batch was based on is taken as based on what the batch left: the day is locked from that first
 * write to the commit, so nothing else changed it in between. Any other base is checked as sent.
 */
class DayVersions {
  private readonly byDate = new Map<string, { from: string | null; to: string }>();

  rebase(date: string, base: string | null | undefined): string | null | undefined {
    if (base === undefined) return base;
    const version = this.byDate.get(date);
    return version && sameVersion(base, version.from) ? version.to : base;
  }

  advance(base: string | null | undefined, written: Day): void {
    const version = this.byDate.get(written.date);
    if (base !== undefined) this.byDate.set(written.date, { from: base, to: written.updatedAt });
    else if (version) version.to = written.updatedAt;
  }
}

/** Null is the version of a day not written yet. */
const sameVersion = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);
