// Bundles the importer's worker (lib/importers/import-worker.ts) into public/import-worker.js.
// Next's own `new Worker(new URL(...))` bundling passes the worker its chunk list in the URL's
// hash, which a response from the service worker's cache does not carry: a worker started while
// the service worker controls the page failed with "Missing worker bootstrap config"
// (docs/decisions/0019). One self-contained file has nothing to lose, and the service worker
// precaches it like any public file, so another app's export imports offline too. Runs before
// `next build` and `next dev`; the output is ignored by git.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const result = await build({
  entryPoints: [join(ROOT, 'lib/importers/import-worker.ts')],
  outfile: join(ROOT, 'public/import-worker.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  platform: 'browser',
  tsconfig: join(ROOT, 'tsconfig.json'),
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs)[0].bytes;
console.log(`Bundled the import worker (${(bytes / 1024).toFixed(0)} KiB) into public/import-worker.js`);
