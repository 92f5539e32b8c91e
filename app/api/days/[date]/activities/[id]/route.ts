import { activityParamsSchema } from '@/lib/schemas/api';
import { activitySchema } from '@/lib/schemas/activity';
import { daySchema } from '@/lib/schemas/day';
import { getDb } from '@/lib/server/db/client';
import { changeDay } from '@/lib/server/db/days';
import { HttpError, methodNotAllowed, readJson, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

type Context = { params: Promise<{ date: string; id: string }> };

/** PUT /api/days/{date}/activities/{id} (an Activity) → the whole Day after the write. */
export const PUT = route('putActivity', async (request, { userId }, { params }: Context) => {
  const { date, id } = activityParamsSchema.parse(await params);
  const activity = await readJson(request, activitySchema);
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
export const DELETE = route('deleteActivity', async (request, { userId }, { params }: Context) => {
  const { date, id } = activityParamsSchema.parse(await params);
  return reply(
    daySchema,
    await changeDay(await getDb(), userId, date, { kind: 'deleteActivity', activityId: id }),
  );
});

const notAllowed = methodNotAllowed('PUT', 'DELETE');
export const GET = notAllowed;
export const POST = notAllowed;
export const PATCH = notAllowed;
