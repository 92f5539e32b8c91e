// @ts-check
// Serwist's configurator mode: after `next build` (Turbopack), `serwist build` bundles app/sw.ts
// into public/sw.js with the precache manifest of the finished build.
import { serwist } from '@serwist/next/config';

export default serwist({
  swSrc: 'app/sw.ts',
  swDest: 'public/sw.js',
  // The build-id file must never be precached: it is how a new deploy is noticed.
  globIgnores: ['public/builds/**'],
  // Pages render per request (locale, session), so none is prerendered to precache.
  precachePrerendered: false,
});
