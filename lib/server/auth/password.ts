import 'server-only';
import { hash, verify } from '@node-rs/argon2';
import { ratePassword, type PasswordOwner } from '@/lib/session/password-strength';
import { HttpError } from '@/lib/server/http';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification for an email with no account, so the answer time does
 * not tell an attacker which emails have one.
 */
export async function verifyDummyPassword(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-but-the-same-cost');
  await verifyPassword(await dummyHash, password);
}

/**
 * Refuses a new password that is the owner's email or name or too easy to guess
 * (lib/session/password-strength.ts), as a validation error on `field`.
 */
export async function assertStrongPassword(password: string, field: string, owner: PasswordOwner) {
  const { problem } = await ratePassword(password, owner);
  if (problem)
    throw new HttpError(400, { error: 'invalid', field, issues: [{ path: field, message: problem }] });
}
