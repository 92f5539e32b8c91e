import 'server-only';
import { headers } from 'next/headers';
import { NONCE_HEADER } from '@/lib/http/security-headers';

/** The nonce of this response's Content-Security-Policy (set by middleware.ts), for inline scripts. */
export async function requestNonce(): Promise<string | undefined> {
  return (await headers()).get(NONCE_HEADER) ?? undefined;
}
