import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NUXT_PUBLIC_API_URL: z.string().min(1).default('/api'),
  ICON_FALLBACK_API: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL; without it the embedded PGlite in DATA_DIR/pglite is used. */
  DATABASE_URL: z.string().min(1).optional(),
  /** Signs session cookies; see lib/server/auth/secret.ts for what happens without it. */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters long').optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
});

/** The environment, read and validated once. A bad value stops the server with a clear message. */
export const env = envSchema.parse({
  NUXT_PUBLIC_API_URL: process.env.NUXT_PUBLIC_API_URL || undefined,
  ICON_FALLBACK_API: process.env.ICON_FALLBACK_API || undefined,
  DATA_DIR: process.env.DATA_DIR || undefined,
  DATABASE_URL: process.env.DATABASE_URL || undefined,
  AUTH_SECRET: process.env.AUTH_SECRET || undefined,
  NODE_ENV: process.env.NODE_ENV || undefined,
});

let buildId: string | undefined;

/** The id of the running production build (`development` under `next dev`). */
export function getBuildId(): string {
  if (buildId === undefined) {
    try {
      buildId = readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim();
    } catch {
      buildId = 'development';
    }
  }
  return buildId;
}
