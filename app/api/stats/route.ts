import { statsQuerySchema, statsSchema } from '@/lib/schemas/api';
import { requireUser } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { getStats } from '@/lib/server/db/stats';
import { handler, reply, searchParams } from '@/lib/server/http';

/** GET /api/stats?from=&to=&today= → computeStats() of the range plus the streaks (today defaults to `to`). */
export const GET = handler(async (request) => {
  const { userId } = await requireUser(request);
  const { from, to, today } = statsQuerySchema.parse(searchParams(request));
  return reply(statsSchema, await getStats(await getDb(), userId, { from, to, today: today ?? to }));
});
