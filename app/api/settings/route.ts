import { settingsSchema } from '@/lib/schemas/settings';
import { getDb } from '@/lib/server/db/client';
import { getSettings, updateSettings } from '@/lib/server/db/settings';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/settings → Settings (email = the account's email). */
export const GET = route('getSettings', async (request, { userId }) => {
  return reply(settingsSchema, await getSettings(await getDb(), userId));
});

/** PATCH /api/settings {...settings fields, baseUpdatedAt?} → Settings; 409 when stale. */
export const PATCH = route('patchSettings', async (request, { userId }, read) => {
  // Only the fields the client sent (route() keeps those of a PATCH), though the shared patch
  // schema fills defaults (bottomNav: true...) for the others.
  const { baseUpdatedAt, ...patch } = await read.body();
  return reply(settingsSchema, await updateSettings(await getDb(), userId, patch, baseUpdatedAt));
});

const notAllowed = methodNotAllowed('GET', 'PATCH');
export const POST = notAllowed;
export const PUT = notAllowed;
export const DELETE = notAllowed;
