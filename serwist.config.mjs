// @ts-check
// Serwist's configurator mode: after `next build` (Turbopack), `serwist build` bundles app/sw.ts
// into public/sw.js with the precache manifest of the finished build.
import { serwist } from '@serwist/next/config';

export default serwist({
  swSrc: 'app/sw.ts',
  swDest: 'public/sw.js',
  // The build-id file must never be precached: it is how a new deploy is noticed. The barcode
  // scanner's 1 MB WebAssembly is not either: most installs never scan, and a scan needs the
  // network for its lookup anyway (docs/decisions/0017). The USDA table is kept when search first
  // fetches it (app/sw.ts), not at install: most visits never search.
  globIgnores: ['public/builds/**', 'public/zxing/**', 'public/catalog/**'],
  // Pages render per request (locale, session), so none is prerendered to precache.
  precachePrerendered: false,
});
