import { revokeToken } from '@/lib/server/auth/api-tokens';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** DELETE /api/tokens/{id} → 204: the token stops working at once. Session only; 404 when not the user's. */
export const DELETE = route('revokeToken', async (request, { userId }, read) => {
  const { id } = await read.params();
  await revokeToken(await getDb(), userId, id);
  return new Response(null, { status: 204 });
});

const notAllowed = methodNotAllowed('DELETE');
export const GET = notAllowed;
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
