import { z } from '@/lib/schemas/zod';
import { dateRangeSchema } from '@/lib/schemas/api';
import { daySchema } from '@/lib/schemas/day';
import { getDb } from '@/lib/server/db/client';
import { listDays } from '@/lib/server/db/days';
import { methodNotAllowed, reply, searchParams } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/days?from=&to= → the written days of the range, in date order. */
export const GET = route('listDays', async (request, { userId }) => {
  const { from, to } = dateRangeSchema.parse(searchParams(request));
  return reply(z.array(daySchema), await listDays(await getDb(), userId, from, to));
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
