import 'server-only';
import { isLocale, LOCALE_COOKIE, defaultLocale } from '@/lib/i18n/config';
import { DEFAULT_GUEST_NAME } from '@/lib/defaults';
import type { LoginInput, RegisterInput } from '@/lib/schemas/auth';
import type { User } from '@/lib/schemas/api';
import type { Database } from '@/lib/server/db/client';
import { loginBlockedFor, recordLoginAttempt } from '@/lib/server/db/login-attempts';
import { createSession, listSessionIds, revokeOtherSessions, revokeSession } from '@/lib/server/db/sessions';
import {
  createUser,
  deleteUser,
  findUserByEmail,
  findUserById,
  setPasswordHash,
  toUser,
} from '@/lib/server/db/users';
import { clientIp, HttpError } from '@/lib/server/http';
import { findUser, forgetSessions, unauthorized } from './dal';
import { assertUncommonPassword, hashPassword, verifyDummyPassword, verifyPassword } from './password';
import { readCookie, sessionCookies, SESSION_MAX_AGE, signSession, type SessionClaims } from './session';

/** The account flows behind app/api/auth and app/api/me; each answers what the route sends. */

async function startSession(db: Database, request: Request, userId: string): Promise<Headers> {
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE * 1000);
  const sessionId = await createSession(db, userId, expiresAt);
  return sessionCookies(request, await signSession({ userId, sessionId }, expiresAt));
}

export async function register(
  db: Database,
  request: Request,
  input: RegisterInput,
): Promise<{ user: User; cookies: Headers }> {
  assertUncommonPassword(input.password, 'password');
  const locale = readLocale(request);
  const user = await createUser(db, {
    email: input.email,
    name: input.name || DEFAULT_GUEST_NAME,
    passwordHash: await hashPassword(input.password),
    language: locale,
  });
  if (!user) throw new HttpError(409, { error: 'emailTaken', field: 'email' });
  return { user: toUser(user), cookies: await startSession(db, request, user.id) };
}

/**
 * Checks the password, at most MAX_FAILED_LOGINS failures per email and per IP in the window.
 * An unknown email costs the same hash as a wrong password and answers the same 401.
 */
export async function login(
  db: Database,
  request: Request,
  input: LoginInput,
): Promise<{ user: User; cookies: Headers }> {
  const ip = clientIp(request);
  await assertNotBlocked(db, input.email, ip);
  const user = await findUserByEmail(db, input.email);
  let ok = false;
  if (user) ok = await verifyPassword(user.passwordHash, input.password);
  else await verifyDummyPassword(input.password);
  await recordLoginAttempt(db, input.email, ip, ok);
  if (!user || !ok) throw new HttpError(401, { error: 'invalidCredentials' });
  return { user: toUser(user), cookies: await startSession(db, request, user.id) };
}

/** Ends the request's session on the server, if it has one. */
export async function logout(db: Database, request: Request): Promise<void> {
  const session = await findUser(request);
  if (!session) return;
  await revokeSession(db, session.sessionId);
  forgetSessions([session.sessionId]);
}

export async function currentUser(db: Database, session: SessionClaims): Promise<User> {
  const user = await findUserById(db, session.userId);
  if (!user) throw unauthorized();
  return toUser(user);
}

/** 429 with Retry-After while the email or the IP has too many recent failures. */
async function assertNotBlocked(db: Database, email: string, ip: string): Promise<void> {
  const retryAfter = await loginBlockedFor(db, email, ip);
  if (retryAfter !== null) {
    throw new HttpError(429, { error: 'tooManyAttempts' }, { 'retry-after': String(retryAfter) });
  }
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
  const ip = clientIp(request);
  await assertNotBlocked(db, user.email, ip);
  const ok = await verifyPassword(user.passwordHash, password);
  await recordLoginAttempt(db, user.email, ip, ok);
  if (!ok) throw new HttpError(403, { error: 'wrongPassword', field });
}

/** Sets a new password and signs out every other browser of the account. */
export async function changePassword(
  db: Database,
  request: Request,
  session: SessionClaims,
  input: { current: string; next: string },
): Promise<void> {
  await checkPassword(db, request, session, input.current, 'current');
  assertUncommonPassword(input.next, 'next');
  await setPasswordHash(db, session.userId, await hashPassword(input.next));
  forgetSessions(await revokeOtherSessions(db, session.userId, session.sessionId));
}

/** Deletes the account and everything in it, after checking the password once more. */
export async function deleteAccount(
  db: Database,
  request: Request,
  session: SessionClaims,
  password: string,
): Promise<void> {
  await checkPassword(db, request, session, password, 'password');
  const sessionIds = await listSessionIds(db, session.userId);
  await deleteUser(db, session.userId);
  forgetSessions(sessionIds);
}

function readLocale(request: Request) {
  const cookie = readCookie(request, LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : defaultLocale;
}
