import { foodDeleteQuerySchema, foodIdParamsSchema, foodPatchRequestSchema } from '@/lib/schemas/api';
import { foodInputSchema, foodSchema } from '@/lib/schemas/food';
import { getDb } from '@/lib/server/db/client';
import { deleteFood, updateFood } from '@/lib/server/db/foods';
import { methodNotAllowed, noContent, readJson, reply, searchParams } from '@/lib/server/http';
import { route } from '@/lib/server/route';

type Context = { params: Promise<{ id: string }> };

/** PATCH /api/foods/{id} {...any food fields, baseUpdatedAt?} → Food; 404 for another user's food. */
export const PATCH = route('patchFood', async (request, { userId }, { params }: Context) => {
  const { id } = foodIdParamsSchema.parse(await params);
  const { baseUpdatedAt, ...body } = await readJson(request, foodPatchRequestSchema);
  const fields = Object.keys(foodInputSchema.shape);
  const changes = Object.fromEntries(Object.entries(body).filter(([key]) => fields.includes(key)));
  return reply(foodSchema, await updateFood(await getDb(), userId, id, changes, baseUpdatedAt));
});

/** DELETE /api/foods/{id}?baseUpdatedAt= → 204. */
export const DELETE = route('deleteFood', async (request, { userId }, { params }: Context) => {
  const { id } = foodIdParamsSchema.parse(await params);
  const { baseUpdatedAt } = foodDeleteQuerySchema.parse(searchParams(request));
  await deleteFood(await getDb(), userId, id, baseUpdatedAt);
  return noContent();
});

const notAllowed = methodNotAllowed('PATCH', 'DELETE');
export const GET = notAllowed;
export const POST = notAllowed;
export const PUT = notAllowed;
