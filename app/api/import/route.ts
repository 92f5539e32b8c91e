import { importPlanSchema, importQuerySchema } from '@/lib/schemas/api';
import { diaryExportSchema } from '@/lib/schemas/export';
import { requireOwner } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { importDiary } from '@/lib/server/db/transfer';
import { handler, methodNotAllowed, readJson, reply, searchParams } from '@/lib/server/http';

/**
 * POST /api/import[?dryRun=1][&settings=file|mine] (an export document) → the ImportPlan. Without
 * `settings`, the file's settings are taken only by an account whose settings are the defaults. Bodies are capped at 1 MB,
 * so a large export comes in chunks of days; importing a chunk twice changes nothing.
 */
export const POST = handler(async (request) => {
  const { userId } = await requireOwner(request);
  const { dryRun, settings } = importQuerySchema.parse(searchParams(request));
  const data = await readJson(request, diaryExportSchema);
  const plan = await importDiary(await getDb(), userId, data, {
    dryRun: dryRun === '1' || dryRun === 'true',
    settings,
  });
  return reply(importPlanSchema, plan);
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
