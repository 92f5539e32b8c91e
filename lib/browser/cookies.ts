/** Writes a first-party cookie from the browser (never an HttpOnly one: those are the server's). */
export function setBrowserCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

export function deleteBrowserCookie(name: string): void {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export function readBrowserCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  if (!found) return undefined;
  try {
    return decodeURIComponent(found.slice(prefix.length));
  } catch {
    // Not valid percent-encoding (written by something else than this app): no value.
    return undefined;
  }
}
