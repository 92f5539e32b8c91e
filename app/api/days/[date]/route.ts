import { daySchema } from '@/lib/schemas/day';
import { getDb } from '@/lib/server/db/client';
import { getDay, updateDay } from '@/lib/server/db/days';
import { methodNotAllowed, notFound, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/days/{date} → Day, or 404 when nothing was written that day. */
export const GET = route('getDay', async (request, { userId }, read) => {
  const { date } = await read.params();
  const day = await getDay(await getDb(), userId, date);
  if (!day) throw notFound();
  return reply(daySchema, day);
});

/** PATCH /api/days/{date} {weight?, goal?, baseUpdatedAt?} → Day, created with the current goal. */
export const PATCH = route('patchDay', async (request, { userId }, read) => {
  const { date } = await read.params();
  const { baseUpdatedAt, ...patch } = await read.body();
  return reply(daySchema, await updateDay(await getDb(), userId, date, patch, baseUpdatedAt));
});

const notAllowed = methodNotAllowed('GET', 'PATCH');
export const POST = notAllowed;
export const PUT = notAllowed;
export const DELETE = notAllowed;
