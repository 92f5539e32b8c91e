// @ts-check
import pino from 'pino';

/**
 * The process's log: one JSON object per line on stdout (pino), with the time, level, host and
 * process id. One logger per process, on globalThis, shared by server/server.mjs and the app's
 * bundles, so their lines never interleave. Nothing personal goes in: no addresses, cookies,
 * bodies, query strings or e-mail addresses; request lines carry the method, the path, the
 * status, the duration and the request id.
 */
/** @type {typeof globalThis & { __diaryLogger?: import('pino').Logger }} */
const shared = globalThis;
// A level pino does not know would throw here, as the module loads, before server/server.mjs
// can say which setting is wrong: it logs at `info` until the server's check refuses it
// (server/settings.mjs) with one line naming LOG_LEVEL.
const level = process.env.LOG_LEVEL?.trim() || 'info';
export const logger = (shared.__diaryLogger ??= pino({
  level: level in pino.levels.values || level === 'silent' ? level : 'info',
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
}));

/**
 * An error as the log may keep it: its kind, code, message and stack, without the fields a
 * driver adds (PostgreSQL's `detail` repeats the values that were refused).
 *
 * A failed database query is kept as its SQL text (placeholders, never values), its SQLSTATE
 * code and the names of the constraint, table and column: Drizzle's own message ("Failed query:
 * ... params: ...") and its stack carry every parameter, which for a registration or a login
 * are the email, the client's address, the name and the argon2 hash of the password. The
 * driver's message is kept too, except for data exceptions (SQLSTATE class 22), whose messages
 * quote the value that was refused ('invalid input syntax for type uuid: "..."').
 * @param {unknown} error
 */
export function loggableError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const database = databaseFailure(error);
  if (database) return database;
  const code = /** @type {{ code?: unknown }} */ (error).code;
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: error.message,
    stack: error.stack,
  };
}

// PostgreSQL's SQLSTATE: five digits or capitals ('40P01', '23505').
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The loggable part of a database error, or null for any other error. Drizzle wraps the
 * driver's error (`query`, `params`, `cause`); node-postgres and PGlite throw theirs unwrapped
 * from a raw query, recognised by a SQLSTATE code next to PostgreSQL's `severity`.
 * @param {Error} error
 */
function databaseFailure(error) {
  const wrapper = /** @type {{ query?: unknown, params?: unknown, cause?: unknown }} */ (error);
  const wrapped = typeof wrapper.query === 'string' && Array.isArray(wrapper.params);
  const driver = /** @type {Record<string, unknown>} */ (wrapped ? (wrapper.cause ?? {}) : error);
  const code = typeof driver.code === 'string' && SQLSTATE.test(driver.code) ? driver.code : undefined;
  if (!wrapped && !(code && typeof driver.severity === 'string')) return null;
  const names = Object.fromEntries(
    ['constraint', 'table', 'column'].flatMap((key) =>
      typeof driver[key] === 'string' ? [[key, driver[key]]] : [],
    ),
  );
  const driverMessage = typeof driver.message === 'string' ? driver.message : undefined;
  const message = code?.startsWith('22') ? `data exception ${code}` : (driverMessage ?? 'database error');
  // Only the frames: the stack's first lines repeat the message, parameters and all.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: error.name,
    ...(code ? { code } : {}),
    message,
    ...(wrapped ? { query: wrapper.query } : {}),
    ...names,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
}
