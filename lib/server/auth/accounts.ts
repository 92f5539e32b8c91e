import 'server-only';
import { LOCALE_COOKIE } from '@/lib/i18n/config';
import { resolveLocale } from '@/lib/i18n/negotiate';
import type { LoginInput, RegisterInput } from '@/lib/schemas/auth';
import type { User } from '@/lib/schemas/api';
import type { Database } from '@/lib/server/db/client';
import { createSession, revokeOtherSessions, revokeSession } from '@/lib/server/db/sessions';
import {
  createUser,
  deleteUser,
  findUserByEmail,
  findUserById,
  setPasswordHash,
  toUser,
} from '@/lib/server/db/users';
import { HttpError } from '@/lib/server/http';
import { throttled } from '@/lib/server/throttled';
import { revokeAllTokens } from './api-tokens';
import { findUser, unauthorized } from './dal';
import { assertStrongPassword, hashPassword, verifyDummyPassword, verifyPassword } from './password';
import { readCookie, sessionCookies, SESSION_MAX_AGE, signSession, type SessionClaims } from './session';

/** The account flows behind app/api/auth and app/api/me; each answers what the route sends. */

async function startSession(db: Database, request: Request, userId: string): Promise<Headers> {
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE * 1000);
  const sessionId = await createSession(db, userId, expiresAt);
  return sessionCookies(request, await signSession({ userId, sessionId }, expiresAt));
}

/**
 * Creates the account and signs it in. Every registration counts against the address's limit,
 * refused ones too: each costs a password hash, and a 409 tells that an email has an account.
 */
export async function register(
  db: Database,
  request: Request,
  input: RegisterInput,
): Promise<{ user: User; cookies: Headers }> {
  // No name given is no name: the menus then show the email, never "Guest" (a guest's default).
  const name = input.name?.trim() ?? '';
  await assertStrongPassword(input.password, 'password', { email: input.email, name: input.name });
  const user = await throttled(db, request, 'register', input.email, async () => {
    const created = await createUser(db, {
      email: input.email,
      name,
      passwordHash: await hashPassword(input.password),
      language: readLocale(request),
    });
    return { ok: created !== null, value: created };
  });
  if (!user) throw new HttpError(409, { error: 'emailTaken', field: 'email' });
  return { user: toUser(user), cookies: await startSession(db, request, user.id) };
}

/**
 * Checks the password within the login limits of THROTTLES. An unknown email costs the same
 * hash as a wrong password and answers the same 401.
 */
export async function login(
  db: Database,
  request: Request,
  input: LoginInput,
): Promise<{ user: User; cookies: Headers }> {
  const user = await throttled(db, request, 'login', input.email, async () => {
    const found = await findUserByEmail(db, input.email);
    if (!found) {
      await verifyDummyPassword(input.password);
      return { ok: false, value: null };
    }
    const ok = await verifyPassword(found.passwordHash, input.password);
    return { ok, value: ok ? found : null };
  });
  if (!user) throw new HttpError(401, { error: 'invalidCredentials' });
  return { user: toUser(user), cookies: await startSession(db, request, user.id) };
}

/** Ends the request's session on the server, if it has one. */
export async function logout(db: Database, request: Request): Promise<void> {
  const session = await findUser(request);
  if (!session) return;
  await revokeSession(db, session.sessionId);
}

/**
 * Signs out every other browser of the account, keeping this one, and with `revokeTokens` revokes
 * the account's personal access tokens too (a token made with a stolen session outlives it:
 * decision 0047). No password is asked: it only takes access away, so the worst a stolen session
 * can do with it is sign the owner out elsewhere or stop their tokens (which it could revoke one
 * by one anyway), and the owner undoes that by logging in (and a password change also ends the
 * thief's session).
 */
export async function logoutOtherDevices(
  db: Database,
  session: SessionClaims,
  { revokeTokens = false }: { revokeTokens?: boolean } = {},
): Promise<void> {
  await revokeOtherSessions(db, session.userId, session.sessionId);
  if (revokeTokens) await revokeAllTokens(db, session.userId);
}

export async function currentUser(db: Database, session: SessionClaims): Promise<User> {
  const user = await findUserById(db, session.userId);
  if (!user) throw unauthorized();
  return toUser(user);
}

/**
 * The password once more, before changing it or deleting the account. Failures count with the
 * logins' (same limit, same window), so a stolen session cannot be used to guess the password.
 */
async function checkPassword(
  db: Database,
  request: Request,
  session: SessionClaims,
  password: string,
  field: string,
) {
  const user = await findUserById(db, session.userId);
  if (!user) throw unauthorized();
  const ok = await throttled(db, request, 'login', user.email, async () => {
    const matches = await verifyPassword(user.passwordHash, password);
    return { ok: matches, value: matches };
  });
  if (!ok) throw new HttpError(403, { error: 'wrongPassword', field });
  return user;
}

/** Sets a new password and signs out every other browser of the account. */
export async function changePassword(
  db: Database,
  request: Request,
  session: SessionClaims,
  input: { current: string; next: string; revokeTokens?: boolean },
): Promise<void> {
  const user = await checkPassword(db, request, session, input.current, 'current');
  await assertStrongPassword(input.next, 'next', { email: user.email, name: user.name });
  await setPasswordHash(db, session.userId, await hashPassword(input.next));
  await logoutOtherDevices(db, session, { revokeTokens: input.revokeTokens });
}

/** Deletes the account and everything in it, after checking the password once more. */
export async function deleteAccount(
  db: Database,
  request: Request,
  session: SessionClaims,
  password: string,
): Promise<void> {
  await checkPassword(db, request, session, password, 'password');
  await deleteUser(db, session.userId);
}

/** The language the visitor's pages are in (lib/i18n/request.ts): the cookie, else Accept-Language. */
function readLocale(request: Request) {
  return resolveLocale(readCookie(request, LOCALE_COOKIE), request.headers.get('accept-language'));
}
