import { z } from 'zod';

// The Content-Security-Policy forbids eval. Without this, zod's first object parse would try
// `new Function` to compile a fast parser, and the browser would report a CSP violation before
// zod fell back to the interpreter it then uses anyway.
z.config({ jitless: true });

/** zod, configured for this app: every module imports it from here. */
export { z };
