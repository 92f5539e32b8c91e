import { logoutOtherDevices } from '@/lib/server/auth/accounts';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, noContent } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/**
 * POST /api/auth/logout-others [{revokeTokens}] → 204: every other session of the user is revoked
 * on the server (a lost phone, a shared computer), this one stays; with `revokeTokens: true` the
 * user's personal access tokens are revoked too (decision 0047). No body is the same as
 * `{revokeTokens: false}`. 401 without a session.
 */
export const POST = route('logoutOthers', async (request, session, read) => {
  const body = await read.body();
  await logoutOtherDevices(await getDb(), session, { revokeTokens: body?.revokeTokens });
  return noContent();
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
