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
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    // Vitest's default is one worker per core but one: a single worker on a 2-core machine. The
    // API tests spend much of their time waiting on PostgreSQL, so two workers there finish well
    // sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A fresh PGlite takes 3-6 s to open; on a busy 2-core machine it once took over the default 10 s.
    hookTimeout: 30_000,
    // A fixed signing key, so tests never write DATA_DIR/auth-secret into the worktree.
    env: { AUTH_SECRET: 'test-secret-for-vitest-only-0123456789abcdef' },
  },
});
