// @ts-check
/**
 * The stop of a server process, shared by server/server.mjs (which receives SIGTERM) and the
 * app's bundles (which own the database and say whether they are ready). Kept on globalThis:
 * the server script and Next's bundles each load their own copy of this module.
 */
/** @type {typeof globalThis & { __diaryLifecycle?: { stopping: boolean, closers: Array<() => Promise<void>>, onStop?: Set<() => void> } }} */
const shared = globalThis;
const state = (shared.__diaryLifecycle ??= { stopping: false, closers: [] });
const stopListeners = (state.onStop ??= new Set());

/** Whether the process has been told to stop: it finishes what it has begun and takes no new work. */
export const isStopping = () => state.stopping;

export function beginStop() {
  state.stopping = true;
  for (const listener of stopListeners) listener();
}

/**
 * Calls `listener` when the stop begins: an answer that would otherwise never end (a stream of
 * changes) ends itself, so the stop does not wait for it. Answers how to take it off again.
 */
export function whenStopBegins(/** @type {() => void} */ listener) {
  stopListeners.add(listener);
  return () => {
    stopListeners.delete(listener);
  };
}

/** For tests that stop a process's handlers in place and go on using them. */
export function resetStopForTests() {
  state.stopping = false;
}

/**
 * Something to close once the last request has been answered (the database). Answers a function
 * that takes it off the list again, for what was closed before the stop (a database that failed
 * to open).
 */
export function closeOnStop(/** @type {() => Promise<void>} */ close) {
  state.closers.push(close);
  return () => {
    const index = state.closers.indexOf(close);
    if (index >= 0) state.closers.splice(index, 1);
  };
}

/** Runs the closers, newest first; answers the errors instead of throwing, so each one runs. */
export async function runClosers() {
  const errors = [];
  for (const close of state.closers.splice(0).reverse()) {
    try {
      await close();
    } catch (error) {
      errors.push(error);
    }
  }
  return errors;
}
