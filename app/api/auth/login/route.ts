import { userResponseSchema } from '@/lib/schemas/api';
import { login } from '@/lib/server/auth/accounts';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** POST /api/auth/login {email, password} → {user}, signed in; 401 invalidCredentials; 429 with Retry-After. */
export const POST = route('login', async (request, _caller, read) => {
  const input = await read.body();
  const { user, cookies } = await login(await getDb(), request, input);
  return reply(userResponseSchema, { user }, 200, cookies);
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
