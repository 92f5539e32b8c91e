import { daySchema } from '@/lib/schemas/day';
import { getDb } from '@/lib/server/db/client';
import { deleteEntry, putEntry } from '@/lib/server/db/days';
import { HttpError, methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** PUT /api/days/{date}/entries/{id} (an Entry, baseUpdatedAt?) → the whole Day after the write. */
export const PUT = route('putEntry', async (request, { userId }, read) => {
  const { date, id } = await read.params();
  const { baseUpdatedAt, ...entry } = await read.body();
  if (entry.id !== id) {
    throw new HttpError(400, {
      error: 'invalid',
      field: 'id',
      issues: [{ path: 'id', message: 'idMismatch' }],
    });
  }
  return reply(daySchema, await putEntry(await getDb(), userId, date, entry, baseUpdatedAt));
});

/** DELETE /api/days/{date}/entries/{id} → the Day after the deletion; 404 when it has no such entry. */
export const DELETE = route('deleteEntry', async (request, { userId }, read) => {
  const { date, id } = await read.params();
  return reply(daySchema, await deleteEntry(await getDb(), userId, date, id));
});

const notAllowed = methodNotAllowed('PUT', 'DELETE');
export const GET = notAllowed;
export const POST = notAllowed;
export const PATCH = notAllowed;
