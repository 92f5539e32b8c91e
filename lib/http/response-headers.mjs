// @ts-check
// Plain JavaScript so that server/server.mjs can send them itself, before Next.js (its answer to
// an API path it cannot decode); lib/security-headers.ts re-exports them for next.config.ts.

/** Headers for every response, pages, API and static files alike (next.config.ts). */
export const commonSecurityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // The camera only for this origin's own pages: the barcode scanner (docs/decisions/0017).
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()' },
  { key: 'X-Frame-Options', value: 'DENY' },
  // Browsers ignore HSTS received over plain HTTP, so it takes effect exactly when served over HTTPS.
  { key: 'Strict-Transport-Security', value: 'max-age=31536000; includeSubDomains' },
];

/** JSON answers execute nothing and embed nothing. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";
