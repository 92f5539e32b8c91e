import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets the server hands out to be sent back (personal access tokens, share links): 32
 * random bytes in base64url (43 characters), of which only the SHA-256 is kept. A secret is
 * random, so a plain hash is enough: there is nothing to guess, and a copy of the database
 * opens nothing.
 */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

export const hashOfSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');
