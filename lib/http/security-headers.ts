/**
 * The Content-Security-Policy of every page. Scripts run only with the request's nonce (Next.js
 * adds it to its own scripts; 'strict-dynamic' lets them load the app's chunks), never through
 * eval; no page may be framed. Styles allow inline attributes, which React's style props need.
 * 'wasm-unsafe-eval' lets WebAssembly compile (and nothing else eval-like): the barcode scanner's
 * ZXing decoder is WebAssembly, served from this origin (docs/decisions/0017).
 * Connections go to this origin, plus the API and the icon fallback when those live elsewhere.
 */
export function contentSecurityPolicy(
  nonce: string,
  { connectTo = [], dev = false }: { connectTo?: string[]; dev?: boolean } = {},
): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // React's development build needs eval for its debugging aids; production never does.
    'script-src': [
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      "'wasm-unsafe-eval'",
      ...(dev ? ["'unsafe-eval'"] : []),
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectTo],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The origin of an absolute URL (an API or icon server elsewhere); null for a path on this origin. */
export function externalOrigin(url: string | undefined): string | null {
  if (!url || url.startsWith('/')) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A fresh nonce for one response: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The request header through which middleware.ts hands the page's nonce to the root layout. */
export const NONCE_HEADER = 'x-nonce';

export { apiContentSecurityPolicy, commonSecurityHeaders } from './response-headers.mjs';
