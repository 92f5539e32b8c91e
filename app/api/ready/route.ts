import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { json, methodNotAllowed } from '@/lib/server/http';
import { isStopping } from '@/scripts/lib/lifecycle.mjs';
import { loggableError, logger } from '@/scripts/lib/log.mjs';

/**
 * GET /api/ready: readiness. 200 once the database answers and its migrations are done (getDb
 * migrates before it resolves); 503 while it cannot be reached or the process is stopping, so a
 * proxy or an orchestrator sends requests to another instance meanwhile.
 */
export async function GET(): Promise<Response> {
  if (isStopping()) return json({ status: 'stopping' }, 503);
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return json({ status: 'ready' });
  } catch (error) {
    logger.warn({ error: loggableError(error) }, 'not ready: the database does not answer');
    return json({ status: 'unavailable' }, 503);
  }
}

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
