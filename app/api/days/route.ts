import { z } from '@/lib/schemas/zod';
import { dateRangeSchema } from '@/lib/schemas/api';
import { daySchema } from '@/lib/schemas/day';
import { requireOwner } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { listDays } from '@/lib/server/db/days';
import { handler, methodNotAllowed, reply, searchParams } from '@/lib/server/http';

/** GET /api/days?from=&to= → the written days of the range, in date order. */
export const GET = handler(async (request) => {
  const { userId } = await requireOwner(request);
  const { from, to } = dateRangeSchema.parse(searchParams(request));
  return reply(z.array(daySchema), await listDays(await getDb(), userId, from, to));
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
