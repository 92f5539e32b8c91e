import { diaryExportSchema } from '@/lib/schemas/export';
import { requireOwner } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { exportDiary } from '@/lib/server/db/transfer';
import { handler, methodNotAllowed, reply } from '@/lib/server/http';

/** GET /api/export → the whole account as the export document. */
export const GET = handler(async (request) => {
  const { userId } = await requireOwner(request);
  return reply(diaryExportSchema, await exportDiary(await getDb(), userId));
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
