// @ts-check
/**
 * What the app's code counts for the metrics endpoint (server/metrics-endpoint.mjs,
 * docs/decisions/0048): reminders, imports and the database it opened. The counting itself
 * lives in the endpoint, which server/server.mjs loads only when METRICS_PORT is set; until it
 * does, every function here does nothing, so a process without metrics (development, tests, a
 * server with the setting unset) pays nothing. Kept on globalThis, and free of npm packages:
 * the server script and Next's bundles each load their own copy of this module.
 */

/**
 * Where counts go once the endpoint is on.
 * @typedef {{
 *   reminder: (kind: string, outcome: ReminderOutcome) => void,
 *   imported: (outcome: ImportOutcome, entries: { added: number, updated: number }) => void,
 * }} MetricsSink
 */
/** @typedef {'sent' | 'skipped' | 'failed' | 'gone'} ReminderOutcome */
/**
 * applied: merged into the account; dryRun: answered what it would change; refused: the
 * client's mistake (a 4xx: a file that does not parse, a day too long); failed: the server's (5xx).
 * @typedef {'applied' | 'dryRun' | 'refused' | 'failed'} ImportOutcome
 */
/**
 * The database this process opened: a pg Pool, whose connections the endpoint reports, or PGlite,
 * one connection inside the process.
 * @typedef {{ engine: 'postgres', pool: { totalCount: number, idleCount: number, waitingCount: number, options?: { max?: number } } } | { engine: 'pglite' }} WatchedDatabase
 */

/**
 * @type {typeof globalThis & { __diaryMetrics?: {
 *   sink: MetricsSink | null, database: WatchedDatabase | null, reminderDays: Set<string>
 * } }}
 */
const shared = globalThis;
const state = (shared.__diaryMetrics ??= { sink: null, database: null, reminderDays: new Set() });

/**
 * How many reminder days countReminder remembers, the oldest forgotten first: more than the
 * reminders an instance has due within an hour, at about 100 bytes each.
 */
const REMINDER_DAYS_KEPT = 10_000;

/**
 * Counts one reminder of `kind` (a ReminderKind, or `test` for the settings' test reminder).
 * The minute loop checks a due reminder every minute for its hour (lib/server/push/due.ts), and
 * one that is done is skipped each time: given `reminderDay` (which subscription, kind and day),
 * a skip is counted only the first time that reminder is seen, and not after it was sent or
 * failed here. Sent, failed and gone are counted each time: a failure is tried again, and each
 * try is one.
 * @param {string} kind
 * @param {ReminderOutcome} outcome
 * @param {string} [reminderDay]
 */
export function countReminder(kind, outcome, reminderDay) {
  if (!state.sink) return;
  if (reminderDay !== undefined) {
    const seen = state.reminderDays.has(reminderDay);
    if (seen && outcome === 'skipped') return;
    if (!seen) {
      state.reminderDays.add(reminderDay);
      // A Set keeps the order of insertion: the first is the oldest.
      if (state.reminderDays.size > REMINDER_DAYS_KEPT) {
        state.reminderDays.delete(/** @type {string} */ (state.reminderDays.values().next().value));
      }
    }
  }
  state.sink.reminder(kind, outcome);
}

/** Counts one import request, and for an applied one the entries it added and updated. */
export function countImport(/** @type {ImportOutcome} */ outcome, entries = { added: 0, updated: 0 }) {
  state.sink?.imported(outcome, entries);
}

/**
 * Tells the endpoint which database this process opened (lib/server/db/client.ts). Kept even
 * while the endpoint is off: it is a reference, and the endpoint may come on after the database
 * opened.
 * @param {WatchedDatabase} database
 */
export function watchDatabase(database) {
  state.database = database;
}

/** The database watchDatabase was given, or null before it opens. */
export const watchedDatabase = () => state.database;

/**
 * Where counts go from now on (server/metrics-endpoint.mjs); null turns counting off again.
 * @param {MetricsSink | null} sink
 */
export function setMetricsSink(sink) {
  state.sink = sink;
  state.reminderDays.clear();
}
