import { z } from '@/lib/schemas/zod';
import { foodSchema } from '@/lib/schemas/food';
import { getDb } from '@/lib/server/db/client';
import { createFood, listFoods } from '@/lib/server/db/foods';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/foods → Food[] by id. */
export const GET = route('listFoods', async (request, { userId }) => {
  return reply(z.array(foodSchema), await listFoods(await getDb(), userId));
});

/** POST /api/foods (a food input) → 201 Food with its integer id. */
export const POST = route('createFood', async (request, { userId }, read) => {
  const input = await read.body();
  return reply(foodSchema, await createFood(await getDb(), userId, input), 201);
});

const notAllowed = methodNotAllowed('GET', 'POST');
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
