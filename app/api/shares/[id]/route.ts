import { shareParamsSchema } from '@/lib/schemas/share-link';
import { requireUser } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { handler, methodNotAllowed, noContent } from '@/lib/server/http';
import { revokeShareLink } from '@/lib/server/share-links';

type Context = { params: Promise<{ id: string }> };

/** DELETE /api/shares/{id} → 204: the link stops working at once. Session only; 404 when not the user's. */
export const DELETE = handler(async (request, { params }: Context) => {
  const { userId } = await requireUser(request);
  const { id } = shareParamsSchema.parse(await params);
  await revokeShareLink(await getDb(), userId, id);
  return noContent();
});

const notAllowed = methodNotAllowed('DELETE');
export const GET = notAllowed;
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
