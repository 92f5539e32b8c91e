/**
 * Dialogs and their steps as entries of the browser's history, so the phone's Back button
 * (and the browser's) closes the open sheet or steps back inside it instead of leaving the
 * page with what was typed. Each open layer pushes one entry at the same URL, marked with its
 * depth; Back pops it and the layers above the new depth close. A layer closed by its own
 * buttons takes its entry back off (history.go), so the history does not grow with every
 * dialog. Next's router patches pushState to copy its own state into the entry, so a popped
 * layer is, for the router, a traversal to the page it is already on.
 */

const DEPTH_KEY = '__layer';

type Layer = { depth: number; onPop: () => void };

const stack: Layer[] = [];
/** The depth history is to go back to once the layers released in this task are gone. */
let releaseTarget: number | null = null;
/** Traversals started here, whose popstate closes nothing. */
let ownTraversals = 0;
let settledWaiters: (() => void)[] = [];
let listening = false;

function depthOf(state: unknown): number {
  const depth =
    state && typeof state === 'object' ? (state as Record<string, unknown>)[DEPTH_KEY] : undefined;
  return typeof depth === 'number' ? depth : 0;
}

function settle() {
  if (ownTraversals > 0 || releaseTarget !== null) return;
  const waiters = settledWaiters;
  settledWaiters = [];
  for (const resolve of waiters) resolve();
}

function onPopState(event: PopStateEvent) {
  if (ownTraversals > 0) {
    ownTraversals -= 1;
    settle();
    return;
  }
  const depth = depthOf(event.state);
  // Back past one or more layers: the top one closes first, as it would by hand.
  while (stack.length > 0 && stack[stack.length - 1]!.depth > depth) stack.pop()!.onPop();
}

function listen() {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', onPopState);
}

/** Takes the entries of the layers released in this task off, in one traversal. */
function flushReleases() {
  const target = Math.max(releaseTarget ?? 0, stack.at(-1)?.depth ?? 0);
  releaseTarget = null;
  const steps = depthOf(window.history.state) - target;
  if (steps > 0) {
    ownTraversals += 1;
    window.history.go(-steps);
  }
  settle();
}

/**
 * Opens a layer: pushes its history entry; `onPop` runs when Back takes the entry off. Answers
 * the release, to call when the layer closes any other way (it is harmless after a pop).
 */
export function pushLayer(onPop: () => void): () => void {
  listen();
  const layer: Layer = { depth: depthOf(window.history.state) + 1, onPop };
  stack.push(layer);
  window.history.pushState({ [DEPTH_KEY]: layer.depth }, '');
  return () => {
    const index = stack.indexOf(layer);
    if (index === -1) return;
    stack.splice(index, 1);
    // Several layers close together (a dialog with a step open): one traversal for all of them.
    if (releaseTarget === null) queueMicrotask(flushReleases);
    releaseTarget = Math.min(releaseTarget ?? Infinity, layer.depth - 1);
  };
}

/**
 * Resolves once the entries of closed layers are off the history: a navigation made before
 * would be undone by that traversal (or would replace the entry it is meant to leave).
 */
export function whenHistorySettled(): Promise<void> {
  return new Promise((resolve) => {
    queueMicrotask(() => {
      settledWaiters.push(resolve);
      settle();
    });
  });
}
