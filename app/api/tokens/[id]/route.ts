import { tokenParamsSchema } from '@/lib/schemas/api-token';
import { revokeToken } from '@/lib/server/auth/api-tokens';
import { requireUser } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { handler, methodNotAllowed } from '@/lib/server/http';

type Context = { params: Promise<{ id: string }> };

/** DELETE /api/tokens/{id} → 204: the token stops working at once. Session only; 404 when not the user's. */
export const DELETE = handler(async (request, { params }: Context) => {
  const { userId } = await requireUser(request);
  const { id } = tokenParamsSchema.parse(await params);
  await revokeToken(await getDb(), userId, id);
  return new Response(null, { status: 204 });
});

const notAllowed = methodNotAllowed('DELETE');
export const GET = notAllowed;
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
