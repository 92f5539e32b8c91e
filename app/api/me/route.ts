import { accountDeleteSchema, userResponseSchema } from '@/lib/schemas/api';
import { currentUser, deleteAccount } from '@/lib/server/auth/accounts';
import { requireUser } from '@/lib/server/auth/dal';
import { clearedSessionCookies } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { handler, methodNotAllowed, noContent, readJson, reply } from '@/lib/server/http';

/** GET /api/me → {user}, or 401 unauthorized. */
export const GET = handler(async (request) => {
  const session = await requireUser(request);
  return reply(userResponseSchema, { user: await currentUser(await getDb(), session) });
});

/** DELETE /api/me {password} → 204: the account and all its data are gone, cookies cleared. */
export const DELETE = handler(async (request) => {
  const session = await requireUser(request);
  const { password } = await readJson(request, accountDeleteSchema);
  await deleteAccount(await getDb(), request, session, password);
  return noContent(clearedSessionCookies(request));
});

const notAllowed = methodNotAllowed('GET', 'DELETE');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
