import { logout } from '@/lib/server/auth/accounts';
import { clearedSessionCookies } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, noContent } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** POST /api/auth/logout → 204: revokes the session on the server and clears both cookies. */
export const POST = route('logout', async (request) => {
  await logout(await getDb(), request);
  return noContent(clearedSessionCookies(request));
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
