import { changePassword } from '@/lib/server/auth/accounts';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, noContent } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** PUT /api/me/password {current, next} → 204; other sessions of the account are revoked. */
export const PUT = route('changePassword', async (request, session, read) => {
  const input = await read.body();
  await changePassword(await getDb(), request, session, input);
  return noContent();
});

const notAllowed = methodNotAllowed('PUT');
export const GET = notAllowed;
export const POST = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
