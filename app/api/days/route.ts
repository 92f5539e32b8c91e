import { z } from '@/lib/schemas/zod';
import { daySchema } from '@/lib/schemas/day';
import { getDb } from '@/lib/server/db/client';
import { listDays } from '@/lib/server/db/days';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/days?from=&to= → the written days of the range, in date order. */
export const GET = route('listDays', async (request, { userId }, read) => {
  const { from, to } = read.query();
  return reply(z.array(daySchema), await listDays(await getDb(), userId, from, to));
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
