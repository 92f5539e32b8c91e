import { type StatsResponse } from '@/lib/schemas/api';
import { getDb } from '@/lib/server/db/client';
import { getStats } from '@/lib/server/db/stats';
import { json, methodNotAllowed } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/stats?from=&to=&today= → computeStats() of the range plus the streaks (today defaults to `to`). */
export const GET = route('getStats', async (request, { userId }, read) => {
  const { from, to, today } = read.query();
  const stats: StatsResponse = await getStats(await getDb(), userId, { from, to, today: today ?? to });
  // Built by typed code from numbers the database summed; checking ten years of points against
  // statsSchema again would cost a quarter of the answer time.
  return json(stats);
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
