import 'server-only';
import { jwtVerify, SignJWT } from 'jose';
import { SESSION_STATE_COOKIE, SESSION_STATE_MAX_AGE } from '@/lib/session/state';
import { isHttps } from '@/lib/server/http';
import { getAuthSecret } from './secret';

/** The HttpOnly cookie holding the signed session; page scripts never see it. */
export const SESSION_COOKIE = 'session';
export const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

export type SessionClaims = { userId: string; sessionId: string };

let key: Promise<CryptoKey> | undefined;

// Imported once: jose would otherwise import the raw secret on every verification.
function signingKey(): Promise<CryptoKey> {
  key ??= crypto.subtle.importKey(
    'raw',
    getAuthSecret() as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return key;
}

/** An HS256 JWT `{ sub: userId, sid: sessionId, exp }`. */
export async function signSession(claims: SessionClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await signingKey());
}

/** The claims of a well-signed, unexpired token, with its expiry in ms; null for anything else. */
export async function verifySessionToken(
  token: string,
): Promise<(SessionClaims & { expiresAt: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(), { algorithms: ['HS256'] });
    // Both ids are database UUIDs: anything else is no session (and no query with a malformed id).
    if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
    // signSession always sets exp; a token without one would be valid forever, so it is not.
    if (typeof payload.exp !== 'number') return null;
    return { userId: payload.sub, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A cookie's value, or undefined when it is not valid percent-encoding (`session=%`): no cookie. */
function decodeCookieValue(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) {
      return decodeCookieValue(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

/**
 * The two cookies of a signed-in browser: the HttpOnly credential, and the non-secret
 * `session-state=account` that middleware.ts routes by (lib/session/state.ts).
 */
export function sessionCookies(request: Request, token: string): Headers {
  const secure = isHttps(request) ? '; Secure' : '';
  const headers = new Headers();
  headers.append(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`,
  );
  headers.append(
    'set-cookie',
    `${SESSION_STATE_COOKIE}=account; Path=/; Max-Age=${SESSION_STATE_MAX_AGE}; SameSite=Lax${secure}`,
  );
  return headers;
}

/** Clears both cookies (logout, account deletion). */
export function clearedSessionCookies(request: Request): Headers {
  const secure = isHttps(request) ? '; Secure' : '';
  const headers = new Headers();
  headers.append('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  headers.append('set-cookie', `${SESSION_STATE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`);
  return headers;
}
