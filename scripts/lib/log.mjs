// @ts-check
import pino from 'pino';

/**
 * The process's log: one JSON object per line on stdout (pino), with the time, level, host and
 * process id. One logger per process, on globalThis, shared by scripts/server.mjs and the app's
 * bundles, so their lines never interleave. Nothing personal goes in: no addresses, cookies,
 * bodies, query strings or e-mail addresses; request lines carry the method, the path, the
 * status, the duration and the request id.
 */
/** @type {typeof globalThis & { __diaryLogger?: import('pino').Logger }} */
const shared = globalThis;
// A level pino does not know would throw here, as the module loads, before scripts/server.mjs
// can say which setting is wrong: it logs at `info` until the server's check refuses it
// (scripts/lib/settings.mjs) with one line naming LOG_LEVEL.
const level = process.env.LOG_LEVEL?.trim() || 'info';
export const logger = (shared.__diaryLogger ??= pino({
  level: level in pino.levels.values || level === 'silent' ? level : 'info',
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
}));

/**
 * An error as the log may keep it: its kind, code, message and stack, without the fields a
 * driver adds (PostgreSQL's `detail` repeats the values that were refused).
 * @param {unknown} error
 */
export function loggableError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = /** @type {{ code?: unknown }} */ (error).code;
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: error.message,
    stack: error.stack,
  };
}
