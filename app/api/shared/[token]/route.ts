import { sharedDiarySchema } from '@/lib/schemas/share-link';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed, notFound, reply } from '@/lib/server/http';
import { openShareLink } from '@/lib/server/share-links';
import { route } from '@/lib/server/route';

/**
 * GET /api/shared/{token} → what a share link shows, to anyone who has it; 404 alike for a link
 * that is unknown, revoked or expired. Read-only: the route has no other method.
 */
export const GET = route('openShareLink', async (_request, _anyone, read) => {
  const { token } = await read.params();
  const shared = await openShareLink(await getDb(), token);
  if (!shared) throw notFound();
  return reply(sharedDiarySchema, shared, 200, { 'x-robots-tag': 'noindex, nofollow' });
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
