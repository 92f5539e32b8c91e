import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { databaseUnavailable } from '@/lib/server/db/unavailable';
import { json, methodNotAllowed } from '@/lib/server/http';
import { route } from '@/lib/server/route';
import { isStopping } from '@/server/lifecycle.mjs';
import { loggableError, logger } from '@/server/log.mjs';

/**
 * How long /api/ready waits for the database before it answers 503. A probe that gets no answer
 * counts as failed anyway, and Kubernetes gives one a second by default (timeoutSeconds): the
 * answer comes before that, saying why, instead of a timeout. The database is still opening
 * (migrations can wait minutes for another instance's lock) or does not answer in time.
 */
const READY_WAIT_MS = 800;

const late = Symbol('late');

/**
 * GET /api/ready: readiness. 200 once the database answers and its migrations are done (getDb
 * migrates before it resolves); 503 while it is still opening, cannot be reached or the process
 * is stopping, so a proxy or an orchestrator sends requests to another instance meanwhile.
 */
export const GET = route('ready', async () => {
  if (isStopping()) return json({ status: 'stopping' }, 503);
  const opening = getDb();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof late>((resolve) => {
    timer = setTimeout(() => resolve(late), READY_WAIT_MS);
  });
  try {
    const db = await Promise.race([opening, deadline]);
    if (db === late) {
      say('starting', () => logger.info('not ready: the database is still opening (its migrations)'));
      return json({ status: 'starting' }, 503);
    }
    const answered = await Promise.race([db.execute(sql`select 1`), deadline]);
    if (answered === late) {
      say('unavailable', () =>
        logger.warn(`not ready: the database does not answer within ${READY_WAIT_MS} ms`),
      );
      return json({ status: 'unavailable' }, 503);
    }
    say('ready', () => logger.info('ready: the database answers'));
    return json({ status: 'ready' });
  } catch (error) {
    const unreachable = databaseUnavailable(error);
    say('unavailable', () =>
      unreachable
        ? logger.warn({ database: unreachable }, 'not ready: the database cannot be reached')
        : logger.error({ error: loggableError(error) }, 'not ready: the database does not answer'),
    );
    return json({ status: 'unavailable' }, 503);
  } finally {
    clearTimeout(timer);
  }
});

type Readiness = 'starting' | 'unavailable' | 'ready';

let lastSaid: Readiness | undefined;

/**
 * Logs a readiness once, as it begins, not on every probe: a probe every few seconds through a
 * migration wait of minutes, or an outage, would otherwise fill the log with one line repeated.
 */
function say(readiness: Readiness, log: () => void): void {
  if (readiness === lastSaid) return;
  lastSaid = readiness;
  log();
}

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
