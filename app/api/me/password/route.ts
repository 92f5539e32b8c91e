import { passwordChangeSchema } from '@/lib/schemas/api';
import { changePassword } from '@/lib/server/auth/accounts';
import { requireUser } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { handler, methodNotAllowed, noContent, readJson } from '@/lib/server/http';

/** PUT /api/me/password {current, next} → 204; other sessions of the account are revoked. */
export const PUT = handler(async (request) => {
  const session = await requireUser(request);
  const input = await readJson(request, passwordChangeSchema);
  await changePassword(await getDb(), request, session, input);
  return noContent();
});

const notAllowed = methodNotAllowed('PUT');
export const GET = notAllowed;
export const POST = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
