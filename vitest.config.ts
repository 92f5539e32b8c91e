import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const NODE_TESTS = ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'];

/**
 * The node tier's files that replace a module (vi.mock): a module replaced for one file cannot be
 * put back for the files that run after it in the same worker, so these alone get a fresh
 * process each. Globals and environment variables a test stubs are put back before the next test
 * (unstubGlobals, unstubEnvs below); fake timers are put back by the tests that use them.
 */
const REPLACING_MODULES = ['tests/unit', 'tests/integration'].flatMap((folder) =>
  readdirSync(path.join(__dirname, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(folder, name))
    .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(path.join(__dirname, file), 'utf8'))),
);

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      'server-only': path.resolve(__dirname, 'tests/support/empty.ts'),
    },
  },
  test: {
    // Two tiers: the node tier (pure modules, stores, the API on both engines) and the component
    // tier (one component at a time in happy-dom, with the app's providers: tests/components).
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: NODE_TESTS,
          exclude: REPLACING_MODULES,
          environment: 'node',
          // One module graph per worker, not one per file: the server's modules, drizzle and
          // PGlite are imported once a worker instead of once a file (the whole run on both
          // engines 348 s -> 247 s on this 2-core machine, 267 s with the files shuffled; decision
          // 0058). Every file opens and closes its own database (tests/support/database.ts).
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        extends: true,
        test: { name: 'node-isolated', include: REPLACING_MODULES, environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/components/setup.ts'],
        },
      },
    ],
    // Vitest's default is one worker per core but one: a single worker on a 2-core machine. The
    // API tests spend much of their time waiting on PostgreSQL, so two workers there finish well
    // sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A fresh PGlite takes 3-6 s to open; on a busy 2-core machine it once took over the default 10 s.
    hookTimeout: 30_000,
    // A fixed signing key, so tests never write DATA_DIR/auth-secret into the worktree.
    env: {
      AUTH_SECRET: 'test-secret-for-vitest-only-0123456789abcdef',
      // A fixed VAPID pair, so no test but the one about it keeps a pair in its database, and the local Web Push
      // stand-in's port as the only push service (tests/support/push-stand-in.mjs, started by tests/integration/reminders.test.ts).
      VAPID_PUBLIC_KEY:
        'BIRNHaFQ6rhpB3hmYXtrhJMM5Vpuy2ic8Rwc5waOcYSuegQRrfjQ9p2D6SRuaSMIRS3xVj5dSIFE-2wPvs_jQRE',
      VAPID_PRIVATE_KEY: 'mW5rd-WbpSRiuRphILbElYf4kF6HSH1XUAliWuhuY2o',
      PUSH_SERVICE_HOSTS: 'localhost:8795,fcm.googleapis.com',
      // The local page server of tests/integration/recipe-page.test.ts, let through the fetch guard.
      RECIPE_PAGE_HOSTS: '127.0.0.1:8797',
    },
  },
});
