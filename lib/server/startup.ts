import 'server-only';
import { getAuthSecret } from '@/lib/server/auth/secret';
import { getDb } from '@/lib/server/db/client';
import { refuseForbiddenMethods } from '@/lib/server/forbidden-methods';

/**
 * Once at server start: checks the session secret (a production server with DATABASE_URL and no
 * AUTH_SECRET exits here with the reason, rather than answer every request with a 500) and opens
 * and migrates the database, so the first request does not wait for it; and answers the methods
 * Next.js cannot serve (TRACE ...) with 405 instead of its 500.
 */
export async function prepareServer(): Promise<void> {
  refuseForbiddenMethods();
  try {
    getAuthSecret();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  await getDb();
}
