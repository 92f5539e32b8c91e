/**
 * Opens a page of this app with a full page load instead of client navigation. Used when the
 * session changes (log in, log out, account deleted, session expired): the new page starts with
 * empty memory, so no cached diary of the previous session can show for a moment.
 */
export function fullPageLoad(path: string, { replace = false } = {}): void {
  if (replace) window.location.replace(path);
  else window.location.assign(path);
}
