import { userResponseSchema } from '@/lib/schemas/api';
import { currentUser, deleteAccount } from '@/lib/server/auth/accounts';
import { clearedSessionCookies } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, noContent, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/me → {user}, or 401 unauthorized. */
export const GET = route('getMe', async (request, session) => {
  return reply(userResponseSchema, { user: await currentUser(await getDb(), session) });
});

/** DELETE /api/me {password} → 204: the account and all its data are gone, cookies cleared. */
export const DELETE = route('deleteAccount', async (request, session, read) => {
  const { password } = await read.body();
  await deleteAccount(await getDb(), request, session, password);
  return noContent(clearedSessionCookies(request));
});

const notAllowed = methodNotAllowed('GET', 'DELETE');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
