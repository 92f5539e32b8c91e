import 'server-only';
import { getAuthSecret } from '@/lib/server/auth/secret';
import { getDb } from '@/lib/server/db/client';
import { refuseForbiddenMethods } from '@/lib/server/forbidden-methods';
import { loggableError, logger } from '@/scripts/lib/log.mjs';

/**
 * Once at server start: checks the session secret (a production server with DATABASE_URL and no
 * AUTH_SECRET exits here with the reason, rather than answer every request with a 500) and opens
 * and migrates the database, so the first request does not wait for it; and answers the methods
 * Next.js cannot serve (TRACE ...) with 405 instead of its 500. A database that cannot be reached
 * yet does not stop the server: it stays alive (/api/health) and not ready (/api/ready answers
 * 503) until a request finds the database answering.
 */
export async function prepareServer(): Promise<void> {
  refuseForbiddenMethods();
  try {
    getAuthSecret();
  } catch (error) {
    logger.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  try {
    await getDb();
  } catch (error) {
    logger.error(
      { error: loggableError(error) },
      'the database cannot be opened yet; not ready until it can',
    );
  }
}
