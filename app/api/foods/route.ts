import { z } from '@/lib/schemas/zod';
import { foodInputSchema, foodSchema } from '@/lib/schemas/food';
import { requireOwner } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { createFood, listFoods } from '@/lib/server/db/foods';
import { handler, methodNotAllowed, readJson, reply } from '@/lib/server/http';

/** GET /api/foods → Food[] by id. */
export const GET = handler(async (request) => {
  const { userId } = await requireOwner(request);
  return reply(z.array(foodSchema), await listFoods(await getDb(), userId));
});

/** POST /api/foods (a food input) → 201 Food with its integer id. */
export const POST = handler(async (request) => {
  const { userId } = await requireOwner(request);
  const input = await readJson(request, foodInputSchema);
  return reply(foodSchema, await createFood(await getDb(), userId, input), 201);
});

const notAllowed = methodNotAllowed('GET', 'POST');
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
