import { recipePageAnswerSchema } from '@/lib/schemas/recipe-page';
import { findUser } from '@/lib/server/auth/dal';
import { clientIp, methodNotAllowed, reply } from '@/lib/server/http';
import { pageClient, readRecipePage } from '@/lib/server/recipes/read-page';
import { route } from '@/lib/server/route';

/**
 * POST /api/recipes/read {url} → {url, recipes}: the schema.org recipes of a web page, fetched by
 * the server within its guard. No session needed: guests import recipes too; a signed-in user's
 * pages count against the account, a guest's against the address.
 */
export const POST = route('readRecipePage', async (request, _anyone, read) => {
  const { url } = await read.body();
  const session = await findUser(request);
  return reply(
    recipePageAnswerSchema,
    await readRecipePage(url, pageClient(session?.userId ?? null, clientIp(request))),
  );
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
