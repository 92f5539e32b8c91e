import { z } from '@/lib/schemas/zod';
import { tokenCreatedSchema, tokenInfoSchema } from '@/lib/schemas/api-token';
import { createToken, listTokens } from '@/lib/server/auth/api-tokens';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/tokens → the user's personal access tokens (never the tokens themselves). Session only. */
export const GET = route('listTokens', async (request, { userId }) => {
  return reply(z.array(tokenInfoSchema), await listTokens(await getDb(), userId));
});

/** POST /api/tokens {name, scopes, days} → 201 {token, info}: the token, shown this once. Session only. */
export const POST = route('createToken', async (request, { userId }, read) => {
  const input = await read.body();
  return reply(tokenCreatedSchema, await createToken(await getDb(), userId, input), 201);
});

const notAllowed = methodNotAllowed('GET', 'POST');
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
