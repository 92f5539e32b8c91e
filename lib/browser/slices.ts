/**
 * Long work on the main thread, done in slices that give the browser its turn between them, so a
 * tap, a key or a scroll never waits behind it.
 */

/**
 * How long a slice may run. Lighthouse's phone multiplies the task times it observes on the
 * measuring machine by four, and a task past 50 ms blocks: 10 ms of a fast machine is 40 ms of a
 * mid-range phone (issue 55).
 */
export const SLICE_MS = 10;

/**
 * The browser's turn: a task of its own, after whatever else is queued (a fetch's answer, a
 * storage callback, React's work). Not scheduler.yield, whose continuation goes ahead of them and
 * starved the add dialog's own work while the catalog's index was built.
 */
function giveWay(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A pause to await between units of work: it gives way once the current slice has run
 * `sliceMs`, and answers at once before then.
 */
export function slicePauser(sliceMs = SLICE_MS): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await giveWay();
    sliceStart = performance.now();
  };
}
