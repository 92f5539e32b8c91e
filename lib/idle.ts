/**
 * Runs `callback` once the browser is idle (a short timeout where requestIdleCallback is
 * missing, as in older Safari); answers a function that cancels it.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/** Runs `callback` once the page has loaded and the browser is then idle; answers a cancel. */
export function afterLoadWhenIdle(callback: () => void): () => void {
  let cancel = () => {};
  const start = () => {
    cancel = whenIdle(callback);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
  return () => {
    window.removeEventListener('load', start);
    cancel();
  };
}
