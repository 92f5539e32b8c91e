import 'server-only';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import { env } from '@/lib/server/env';

export type VapidKeys = { publicKey: string; privateKey: string };

let cached: VapidKeys | undefined;

/**
 * The key pair that signs this server's pushes (VAPID, RFC 8292): a browser's subscription is
 * bound to the public key, so it must not change. VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY win;
 * without them a pair is generated once into DATA_DIR/vapid.json, as the development session
 * secret is (lib/server/auth/secret.ts). Several instances must share one pair: set them.
 */
export function vapidKeys(): VapidKeys {
  if (cached) return cached;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return (cached = { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY });
  const file = path.resolve(env.DATA_DIR, 'vapid.json');
  try {
    return (cached = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys);
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    const made = webPush.generateVAPIDKeys();
    try {
      // 'wx': if another process wrote it first, read theirs instead of overwriting it.
      writeFileSync(file, JSON.stringify(made), { mode: 0o600, flag: 'wx' });
      return (cached = made);
    } catch {
      return (cached = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys);
    }
  }
}
