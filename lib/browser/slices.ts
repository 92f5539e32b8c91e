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

type YieldingScheduler = { yield?: () => Promise<void> };

/** The browser's turn: scheduler.yield where there is one (Chromium), else a task of its own. */
function giveWay(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
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
