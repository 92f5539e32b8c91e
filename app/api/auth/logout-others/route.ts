import { logoutOtherDevices } from '@/lib/server/auth/accounts';
import { requireUser } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { handler, methodNotAllowed, noContent } from '@/lib/server/http';

/**
 * POST /api/auth/logout-others → 204: every other session of the user is revoked on the server
 * (a lost phone, a shared computer), this one stays. 401 without a session.
 */
export const POST = handler(async (request) => {
  const session = await requireUser(request);
  await logoutOtherDevices(await getDb(), session);
  return noContent();
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
