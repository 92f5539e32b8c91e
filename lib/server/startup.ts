import 'server-only';
import { refuseForbiddenMethods } from '@/lib/server/forbidden-methods';
import { holdDataDir } from '@/server/data-dir-lock.mjs';
import { loggableError, logger } from '@/server/log.mjs';

/**
 * Once at server start: reads the environment and the session secret (a bad setting, a
 * production server with DATABASE_URL and no AUTH_SECRET, or a DATA_DIR another server holds,
 * exits here with the reason on one line rather than answer every request with a 500) and begins
 * to open and migrate the database, so the first request finds it open; and answers the methods
 * Next.js cannot serve (TRACE ...) with 405 instead of its 500. The database is not waited for:
 * Next.js holds every request until this function returns, and migrations may wait minutes for
 * another instance's lock, all the while /api/health must say the process is alive and
 * /api/ready that it is not ready (503). A database that cannot be reached yet does not stop the
 * server either: not ready until a request finds the database answering. The reminders' minute
 * loop starts here too.
 */
export async function prepareServer(): Promise<void> {
  refuseForbiddenMethods();
  try {
    // Imported here, not above: lib/server/env.ts checks the environment as it loads.
    const { env } = await import('@/lib/server/env');
    // One process per embedded database (server/data-dir-lock.mjs), `next dev` too; `npm start`'s
    // server took it before Next.js loaded, and taking it again is nothing.
    if (!env.DATABASE_URL) holdDataDir(env.DATA_DIR);
    const { getAuthSecret } = await import('@/lib/server/auth/secret');
    getAuthSecret();
  } catch (error) {
    const { variable } = error as { variable?: unknown };
    logger.fatal(
      typeof variable === 'string' ? { variable } : {},
      error instanceof Error ? error.message : String(error),
    );
    process.exit(1);
  }
  // The catalog's search indexes (about a second of CPU each) are built now rather than on a
  // visitor's first key (GET /api/catalog/search) or a first /api/parse: after start, not before.
  setTimeout(() => {
    void import('@/lib/server/mcp/food-search')
      .then(async ({ catalogIndex }) => {
        await catalogIndex('en');
        await catalogIndex('ru');
      })
      .catch((error: unknown) =>
        logger.warn({ error: loggableError(error) }, 'catalog index not built ahead'),
      );
  }, 1_000).unref();
  const { getDb } = await import('@/lib/server/db/client');
  const { startReminderLoop } = await import('@/lib/server/push/send-reminders');
  startReminderLoop(getDb);
  const { databaseUnavailable } = await import('@/lib/server/db/unavailable');
  getDb().catch((error: unknown) => {
    const unreachable = databaseUnavailable(error);
    // Out of reach is a state that /api/ready reports and that ends by itself: no stack for it.
    if (unreachable)
      logger.warn({ database: unreachable }, 'the database cannot be reached yet; not ready until it can');
    else
      logger.error(
        { error: loggableError(error) },
        'the database cannot be opened yet; not ready until it can',
      );
  });
}
