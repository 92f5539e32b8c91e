import { settingsPatchRequestSchema } from '@/lib/schemas/api';
import { settingsSchema } from '@/lib/schemas/settings';
import { getDb } from '@/lib/server/db/client';
import { getSettings, updateSettings } from '@/lib/server/db/settings';
import { methodNotAllowed, pickPresent, readBody, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/settings → Settings (email = the account's email). */
export const GET = route('getSettings', async (request, { userId }) => {
  return reply(settingsSchema, await getSettings(await getDb(), userId));
});

/** PATCH /api/settings {...settings fields, baseUpdatedAt?} → Settings; 409 when stale. */
export const PATCH = route('patchSettings', async (request, { userId }) => {
  const raw = await readBody(request);
  const { baseUpdatedAt, ...patch } = settingsPatchRequestSchema.parse(raw);
  // The shared patch schema fills defaults (bottomNav: true...) for fields left out; only the
  // fields the client sent are applied.
  const settings = await updateSettings(await getDb(), userId, pickPresent(patch, raw), baseUpdatedAt);
  return reply(settingsSchema, settings);
});

const notAllowed = methodNotAllowed('GET', 'PATCH');
export const POST = notAllowed;
export const PUT = notAllowed;
export const DELETE = notAllowed;
