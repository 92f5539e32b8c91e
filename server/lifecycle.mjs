// @ts-check
/**
 * The stop of a server process, shared by server/server.mjs (which receives SIGTERM) and the
 * app's bundles (which own the database and say whether they are ready). Kept on globalThis:
 * the server script and Next's bundles each load their own copy of this module.
 */
/** @type {typeof globalThis & { __diaryLifecycle?: { stopping: boolean, closers: Array<() => Promise<void>> } }} */
const shared = globalThis;
const state = (shared.__diaryLifecycle ??= { stopping: false, closers: [] });

/** Whether the process has been told to stop: it finishes what it has begun and takes no new work. */
export const isStopping = () => state.stopping;

export function beginStop() {
  state.stopping = true;
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
