import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

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
          include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
        },
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
