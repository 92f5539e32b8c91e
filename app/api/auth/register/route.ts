import { userResponseSchema } from '@/lib/schemas/api';
import { register } from '@/lib/server/auth/accounts';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** POST /api/auth/register {email, password, name?} → 201 {user}, signed in. */
export const POST = route('register', async (request, _caller, read) => {
  const input = await read.body();
  const { user, cookies } = await register(await getDb(), request, input);
  return reply(userResponseSchema, { user }, 201, cookies);
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
