/**
 * Runs `callback` once the browser is idle (a short timeout where requestIdleCallback is
 * missing, as in older Safari, and outside a browser, as in unit tests of code that uses it);
 * answers a function that cancels it.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof window === 'undefined') {
    const handle = setTimeout(callback, 0);
    return () => clearTimeout(handle);
  }
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Whether this page draws its main content after hydration (a diary view loaded on demand):
 * the first page of a visit may say so, and work that can wait then waits for that content, so
 * it neither competes with it for a slow network nor holds up its first render.
 */
let lateContent: Promise<void> = Promise.resolve();
let showLateContent = () => {};

/** How long waiting work waits for late content that never comes (its view failed to load). */
export const LATE_CONTENT_TIMEOUT_MS = 4000;

/** Declares that the page's content comes after hydration; `lateContentShown()` ends the wait. */
export function expectLateContent(): void {
  lateContent = new Promise<void>((resolve) => {
    showLateContent = resolve;
    window.setTimeout(resolve, LATE_CONTENT_TIMEOUT_MS);
  });
}

/** How long to wait for the browser to report the paint of late content before going on anyway. */
const PAINT_REPORT_TIMEOUT_MS = 500;

/**
 * The page's late content has rendered: the wait ends once the browser reports it painted, as a
 * largest-contentful-paint entry from now on. Content smaller than what the page already showed
 * gives no entry, and some browsers have none, hence the timeout.
 */
export function lateContentShown(): void {
  const renderedAt = performance.now();
  let observer: PerformanceObserver | undefined;
  const timer = window.setTimeout(finish, PAINT_REPORT_TIMEOUT_MS);
  function finish() {
    window.clearTimeout(timer);
    observer?.disconnect();
    showLateContent();
  }
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= renderedAt)) finish();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // No largest-contentful-paint entries in this browser (Safari): the timeout decides.
  }
}

/** When the page's load event came, on performance.now()'s clock; noted by afterLoadWhenIdle. */
let loadedAt: number | undefined;

/** Milliseconds since the page's load event (0 until afterLoadWhenIdle has seen it). */
export function timeSinceLoad(): number {
  return loadedAt === undefined ? 0 : performance.now() - loadedAt;
}

/**
 * Runs `callback` once the page has loaded, its late content (if any) is on screen, and the
 * browser is then idle; answers a function that cancels it.
 */
export function afterLoadWhenIdle(callback: () => void): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const start = () => {
    loadedAt ??= performance.now();
    void lateContent.then(() => {
      if (!cancelled) cancelIdle = whenIdle(callback);
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', start);
    cancelIdle();
  };
}
