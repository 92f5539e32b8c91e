import { foodInputSchema, foodSchema } from '@/lib/schemas/food';
import { getDb } from '@/lib/server/db/client';
import { deleteFood, updateFood } from '@/lib/server/db/foods';
import { methodNotAllowed, noContent, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** PATCH /api/foods/{id} {...any food fields, baseUpdatedAt?} → Food; 404 for another user's food. */
export const PATCH = route('patchFood', async (request, { userId }, read) => {
  const { id } = await read.params();
  const { baseUpdatedAt, ...sent } = await read.body();
  const fields = Object.keys(foodInputSchema.shape);
  const changes = Object.fromEntries(Object.entries(sent).filter(([key]) => fields.includes(key)));
  return reply(foodSchema, await updateFood(await getDb(), userId, id, changes, baseUpdatedAt));
});

/** DELETE /api/foods/{id}?baseUpdatedAt= → 204. */
export const DELETE = route('deleteFood', async (request, { userId }, read) => {
  const { id } = await read.params();
  const { baseUpdatedAt } = read.query();
  await deleteFood(await getDb(), userId, id, baseUpdatedAt);
  return noContent();
});

const notAllowed = methodNotAllowed('PATCH', 'DELETE');
export const GET = notAllowed;
export const POST = notAllowed;
export const PUT = notAllowed;
