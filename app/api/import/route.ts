import { importPlanSchema } from '@/lib/schemas/api';
import { getDb } from '@/lib/server/db/client';
import { importDiary } from '@/lib/server/db/transfer';
import { errorResponse, methodNotAllowed, reply } from '@/lib/server/http';
import { countImport } from '@/server/metrics.mjs';
import { route } from '@/lib/server/route';

/**
 * POST /api/import[?dryRun=1][&settings=file|mine] (an export document) → the ImportPlan. Without
 * `settings`, the file's settings are taken only by an account whose settings are the defaults. Bodies are capped at 1 MB,
 * so a large export comes in chunks of days; importing a chunk twice changes nothing.
 */
export const POST = route('importDiary', async (request, { userId }, read) => {
  // Counted from here (server/metrics.mjs): a request without a session is no import, and the
  // request counts show it.
  try {
    const { dryRun, settings } = read.query();
    const data = await read.body();
    const planOnly = dryRun === '1' || dryRun === 'true';
    const plan = await importDiary(await getDb(), userId, data, { dryRun: planOnly, settings });
    if (planOnly) countImport('dryRun');
    else countImport('applied', { added: plan.entries.added, updated: plan.entries.updated });
    return reply(importPlanSchema, plan);
  } catch (error) {
    // The answer handler() would give, made here to tell the client's mistake from the server's.
    const answer = errorResponse(error, request);
    countImport(answer.status < 500 ? 'refused' : 'failed');
    return answer;
  }
});

const notAllowed = methodNotAllowed('POST');
export const GET = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
