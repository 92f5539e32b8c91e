import { z } from '@/lib/schemas/zod';
import { shareCreatedSchema, shareInfoSchema } from '@/lib/schemas/share-link';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { createShareLink, listShareLinks } from '@/lib/server/share-links';
import { route } from '@/lib/server/route';

/** GET /api/shares → the user's share links (never their secrets). Session only. */
export const GET = route('listShareLinks', async (request, { userId }) => {
  return reply(z.array(shareInfoSchema), await listShareLinks(await getDb(), userId));
});

/** POST /api/shares {name, from, to, days} → 201 {token, info}: the link's secret, shown this once. Session only. */
export const POST = route('createShareLink', async (request, { userId }, read) => {
  const input = await read.body();
  return reply(shareCreatedSchema, await createShareLink(await getDb(), userId, input), 201);
});

const notAllowed = methodNotAllowed('GET', 'POST');
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
