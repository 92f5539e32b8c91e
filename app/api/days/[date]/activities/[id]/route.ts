import { daySchema } from '@/lib/schemas/day';
import { getDb } from '@/lib/server/db/client';
import { changeDay } from '@/lib/server/db/days';
import { HttpError, methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** PUT /api/days/{date}/activities/{id} (an Activity) → the whole Day after the write. */
export const PUT = route('putActivity', async (request, { userId }, read) => {
  const { date, id } = await read.params();
  const activity = await read.body();
  if (activity.id !== id) {
    throw new HttpError(400, {
      error: 'invalid',
      field: 'id',
      issues: [{ path: 'id', message: 'idMismatch' }],
    });
  }
  return reply(daySchema, await changeDay(await getDb(), userId, date, { kind: 'putActivity', activity }));
});

/** DELETE /api/days/{date}/activities/{id} → the Day after the deletion; 404 when it has no such activity. */
export const DELETE = route('deleteActivity', async (request, { userId }, read) => {
  const { date, id } = await read.params();
  return reply(
    daySchema,
    await changeDay(await getDb(), userId, date, { kind: 'deleteActivity', activityId: id }),
  );
});

const notAllowed = methodNotAllowed('PUT', 'DELETE');
export const GET = notAllowed;
export const POST = notAllowed;
export const PATCH = notAllowed;
