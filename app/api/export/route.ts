import { diaryExportSchema } from '@/lib/schemas/export';
import { getDb } from '@/lib/server/db/client';
import { exportDiary } from '@/lib/server/db/transfer';
import { methodNotAllowed, reply } from '@/lib/server/http';
import { route } from '@/lib/server/route';

/** GET /api/export → the whole account as the export document. */
export const GET = route('exportDiary', async (request, { userId }) => {
  return reply(diaryExportSchema, await exportDiary(await getDb(), userId));
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
