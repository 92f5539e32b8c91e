// Bundles the API's route files (app/api/api-routes.ts) for the production server's lean path
// (server/server.mjs, docs/decisions/0033) into .next/api/: /api requests then reach the same
// handlers Next.js serves in development, without Next.js's request handling in between. npm
// packages stay outside the bundle and load from node_modules; the process's own modules in
// server/ stay outside too, so the server and the handlers share one logger, one list of things
// to close on stop and one database. Runs after `next build`; the output is ignored by git.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, '.next', 'api');

/** What stays outside the bundle: npm packages (but JSON data, bundled as lazy chunks) and server/. */
const outside = {
  name: 'outside',
  setup(builder) {
    // `server-only` guards Next's client bundles; here every module is the server's.
    builder.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    builder.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
    builder.onResolve({ filter: /^@\/server\// }, (args) => ({
      path: relative(OUT_DIR, join(ROOT, args.path.slice(2))),
      external: true,
    }));
    builder.onResolve({ filter: /.*/ }, (args) => {
      const ownOrData = /^[./]/.test(args.path) || args.path.startsWith('@/') || args.path.endsWith('.json');
      return ownOrData || args.kind === 'entry-point' ? undefined : { path: args.path, external: true };
    });
  },
};

rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  entryPoints: { 'api-routes': join(ROOT, 'app/api/api-routes.ts') },
  outdir: OUT_DIR,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  tsconfig: join(ROOT, 'tsconfig.json'),
  plugins: [outside],
  define: { 'process.env.NEXT_RUNTIME': '"nodejs"' },
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`Bundled the API routes (${(bytes / 1024).toFixed(0)} KiB) into .next/api/`);
