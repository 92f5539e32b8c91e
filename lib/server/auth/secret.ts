import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/server/env';

let cached: Uint8Array | undefined;

/**
 * The key that signs session cookies. AUTH_SECRET wins. Without it, a production server on a
 * real PostgreSQL refuses to start (sessions must survive restarts and be shared by every
 * instance); anything else (dev, `npm start` on a fresh clone with the embedded database) gets a
 * random secret kept in DATA_DIR/auth-secret next to the data it protects.
 */
export function getAuthSecret(): Uint8Array {
  cached ??= new TextEncoder().encode(env.AUTH_SECRET ?? fallbackSecret());
  return cached;
}

function fallbackSecret(): string {
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error(
      'AUTH_SECRET is not set. A production server with DATABASE_URL needs AUTH_SECRET (at least 32 ' +
        'characters, e.g. `openssl rand -base64 48`) so sessions survive restarts and match across instances.',
    );
  }
  const file = path.resolve(env.DATA_DIR, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    try {
      // 'wx': if another process wrote it first, read theirs instead of overwriting it.
      writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return readFileSync(file, 'utf8').trim();
    }
  }
}
