import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, noContent } from '@/lib/server/http';
import { revokeShareLink } from '@/lib/server/share-links';
import { route } from '@/lib/server/route';

/** DELETE /api/shares/{id} → 204: the link stops working at once. Session only; 404 when not the user's. */
export const DELETE = route('revokeShareLink', async (request, { userId }, read) => {
  const { id } = await read.params();
  await revokeShareLink(await getDb(), userId, id);
  return noContent();
});

const notAllowed = methodNotAllowed('DELETE');
export const GET = notAllowed;
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
