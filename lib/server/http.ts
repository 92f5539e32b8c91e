import 'server-only';
import {
  $ZodError,
  parse,
  safeParse,
  type $ZodIssue,
  type $ZodType,
  type input,
  type output,
} from 'zod/v4/core';
import { corsHeaders, corsOrigins } from '@/lib/http/cors';
import { InvalidDataError } from '@/lib/diary/invalid-data';
import type { ApiErrorBody } from '@/lib/schemas/api';
import { TIMINGS } from '@/lib/limits';
import { addressKey } from '@/lib/server/address-key';
import { databaseUnavailable } from '@/lib/server/db/unavailable';
import { CLIENT_IP_HEADER } from '@/server/client-address.mjs';
import { loggableError, logger } from '@/server/log.mjs';

/** Thrown anywhere below a handler; handler() turns it into the JSON answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    readonly headers?: Record<string, string>,
  ) {
    super(body.error);
    this.name = 'HttpError';
  }
}

export const notFound = () => new HttpError(404, { error: 'notFound' });

/** A refusal that passes with time: `error` and how many seconds to wait, in the body and in Retry-After. */
export const mustWait = (status: 429 | 503, error: string, retryAfter: number) =>
  new HttpError(status, { error, retryAfter }, { 'retry-after': String(retryAfter) });

/**
 * No session, or the account it was of is gone: a write that passed its session check just before
 * the account was deleted (DELETE /api/me) answers as one that came just after.
 */
export const unauthorized = () => new HttpError(401, { error: 'unauthorized' });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The handler of the methods a route does not have: 405 as JSON with `Allow`, what Next itself
 * answers with an empty body and no `Allow`. A route file exports it under each method it lacks
 * (`export const DELETE = notAllowed`), so every /api answer is the API's JSON. `Allow` lists
 * what Next's own OPTIONS answer lists: the route's methods, HEAD with GET, and OPTIONS.
 */
export function methodNotAllowed(...allowed: Method[]) {
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].sort().join(', ');
  const answer = handler(async () => {
    throw new HttpError(405, { error: 'methodNotAllowed' }, { allow });
  });
  refusals.add(answer);
  return answer;
}

const refusals = new WeakSet<object>();

/** True for a route export made by methodNotAllowed: a method the route does not have. */
export const refusesMethod = (exported: unknown): boolean =>
  typeof exported === 'function' && refusals.has(exported);
/** A stale write: nothing was written, and `current` is what the client should merge with. */
export const conflict = (current: unknown) => new HttpError(409, { error: 'conflict', current });

/** Bodies above this are refused; the client sends a large import in several chunks. */
export const MAX_BODY_BYTES = 1024 * 1024;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type Context = { params: Promise<Record<string, string | string[]>> };

/**
 * Wraps a route handler: refuses cross-site writes, and answers HttpError and ZodError as the
 * error JSON, and a database out of reach as 503 `unavailable` with Retry-After. Anything else
 * is a bug: logged, and answered 500 without details. An app origin CORS_ORIGINS lists may read
 * every answer, errors included (a 409's current record, a 429's wait); middleware.ts answers
 * its preflights.
 */
export function handler<C extends Context>(fn: (request: Request, context: C) => Promise<Response>) {
  return async (request: Request, context: C): Promise<Response> => {
    let response: Response;
    try {
      checkOrigin(request);
      response = await fn(request, context);
    } catch (error) {
      response = errorResponse(error, request);
    }
    return withCors(request, response);
  };
}

function withCors(request: Request, response: Response): Response {
  const origin = request.headers.get('origin');
  if (origin === null || !corsOrigins().has(origin)) return response;
  for (const [name, value] of Object.entries(corsHeaders(origin))) response.headers.set(name, value);
  return response;
}

export function errorResponse(error: unknown, request: Request): Response {
  if (error instanceof HttpError) return json(error.body, error.status, error.headers);
  if (error instanceof $ZodError) return json(zodErrorBody(error), 400);
  if (error instanceof InvalidDataError) return json(invalidDataBody(error), 400);
  const reqId = request.headers.get('x-request-id') ?? undefined;
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    // Not this request's fault nor a bug: the database is restarting or out of reach. The client
    // tries again later (the outbox keeps the write); the log says why, without a stack.
    logger.warn({ reqId, database: unavailable }, 'the database is unavailable');
    const retryAfter = TIMINGS.databaseRetryAfterSeconds;
    return json({ error: 'unavailable', retryAfter }, 503, { 'retry-after': String(retryAfter) });
  }
  if (refersToDeletedAccount(error)) return errorResponse(unauthorized(), request);
  const logged = { reqId, error: loggableError(error) };
  if (isRefusedByDatabase(error)) {
    // The schemas refuse everything the database would; reaching here means a check is missing.
    logger.error(logged, 'input the schemas let through and the database refused');
    return json({ error: 'invalid' }, 400);
  }
  logger.error(logged, 'unexpected error');
  return json({ error: 'internal' }, 500);
}

/**
 * True for PostgreSQL's refusal of a value (class 22, data exception: out of range, malformed
 * text, a NUL; 23514, a CHECK constraint), found on the error or the errors it wraps (Drizzle
 * wraps the driver's). Nothing was written: the statement failed and its transaction with it.
 */
function isRefusedByDatabase(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (code.startsWith('22') || code === '23514')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * True for a row the database refused because its user is gone (23503 on a `user_id` foreign key
 * to `users`): the request's user id came from a session that was valid when it was checked, so
 * the account was deleted since, and nothing of this write was kept.
 */
function refersToDeletedAccount(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23503' && typeof constraint === 'string' && constraint.endsWith('_user_id_users_id_fk'))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A JSON answer that no cache keeps: every answer is one user's data. */
export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  const all = new Headers(headers);
  all.set('content-type', 'application/json');
  all.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { status, headers: all });
}

/**
 * Answers `data`, which must be what the shared schema the client parses it with accepts, with
 * nothing the schema would strip or add: outside production every answer is checked so, and a
 * mapping bug fails the tests as a 500 rather than a broken screen. Production sends `data` as
 * it is, without the cost of parsing every answer again; what the tests checked is what is sent.
 */
export function reply<T extends $ZodType>(
  schema: T,
  data: output<T> & input<T>,
  status = 200,
  headers?: HeadersInit,
): Response {
  if (CHECK_ANSWERS) checkAnswer(schema, data);
  return json(data, status, headers);
}

const CHECK_ANSWERS = process.env.NODE_ENV !== 'production';

function checkAnswer(schema: $ZodType, data: unknown): void {
  const checked = safeParse(schema, data);
  if (!checked.success) {
    throw new Error(
      `response does not match its schema: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
    );
  }
  const [sent, parsed] = [data, checked.data].map((value) => JSON.parse(JSON.stringify(value)) as unknown);
  const difference = shapeDifference(sent, parsed, '');
  if (difference !== null)
    throw new Error(`response has fields its schema does not: ${difference || '(root)'}`);
}

/**
 * The first path where `a` and `b` differ in their fields (an object's keys, an array's length),
 * or null. Values may differ: a schema may normalise one (a timestamp to whole seconds) that the
 * client normalises again as it parses.
 */
function shapeDifference(a: unknown, b: unknown, path: string): string | null {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return path;
    for (const [index, item] of a.entries()) {
      const found = shapeDifference(item, b[index], `${path}.${index}`);
      if (found !== null) return found;
    }
    return null;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      if (!(key in a) || !(key in b)) return `${path}.${key}`;
      const found = shapeDifference(a[key], b[key], `${path}.${key}`);
      if (found !== null) return found;
    }
    return null;
  }
  return isPlainObject(a) || isPlainObject(b) || Array.isArray(a) || Array.isArray(b) ? path : null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function noContent(headers?: HeadersInit): Response {
  return new Response(null, { status: 204, headers });
}

/**
 * The body as JSON, checked against `schema`. The size cap is checked on Content-Length and
 * again while reading, so a chunked body without a length cannot get past it.
 */
export async function readJson<T extends $ZodType>(request: Request, schema: T): Promise<output<T>> {
  return parse(schema, await readBody(request));
}

/**
 * The body checked by `schema`, or undefined when the request sends none (zero bytes): for an
 * operation whose body is optional.
 */
export async function readOptionalJson<T extends $ZodType>(
  request: Request,
  schema: T,
): Promise<output<T> | undefined> {
  const body = await readBody(request, { optional: true });
  return body === undefined ? undefined : parse(schema, body);
}

/**
 * The body as parsed JSON, unchecked: 413 above MAX_BODY_BYTES, 400 invalidJson when not JSON
 * (an empty body too, unless `optional`: then undefined).
 */
export async function readBody(request: Request, { optional = false } = {}): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, { error: 'tooLarge' });
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw new HttpError(413, { error: 'tooLarge' });
      }
      chunks.push(value);
    }
  }
  if (optional && size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, { error: 'invalidJson' });
  }
}

/**
 * The fields of `parsed` that the client actually sent: a shared schema may fill defaults for
 * absent fields, which a partial update must not apply.
 */
export function pickPresent<T extends object>(parsed: T, raw: unknown): Partial<T> {
  const sent = typeof raw === 'object' && raw !== null ? raw : {};
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => key in sent)) as Partial<T>;
}

/** Query string parameters as an object, for a zod schema to check. */
export function searchParams(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** The diary rules' refusal as the same answer as a schema's: the field and its message key. */
function invalidDataBody(error: InvalidDataError): ApiErrorBody {
  return { error: 'invalid', field: error.field, issues: [{ path: error.field, message: error.messageKey }] };
}

/** `{ error: 'invalid', field, issues }` from a zod error, paths dotted, messages as keys. */
export function zodErrorBody(error: $ZodError): ApiErrorBody {
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: messageKey(issue) }));
  const field = issues[0]?.path;
  return { error: 'invalid', ...(field ? { field } : {}), issues };
}

// Our schemas carry message keys ('emailInvalid'); zod's own messages are sentences, so those
// are answered as zod's issue code, and a missing value as 'required'.
function messageKey(issue: $ZodIssue): string {
  if (!/\s/.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) return 'required';
  return issue.code;
}

/**
 * This request's own origin, as the browser sees it. X-Forwarded-Host and X-Forwarded-Proto
 * name it only when TRUST_PROXY says a proxy is in front (it sets them, over whatever a client
 * sent); without one they are the client's own words, and a client could name any origin to
 * pass the Origin check or to get cookies marked Secure on plain HTTP.
 */
export function requestOrigin(request: Request): string {
  return originOf(request.headers, new URL(request.url));
}

/** requestOrigin() from a request's headers alone, as a page reads them (next/headers). */
export function originOf(headers: Headers, url?: URL): string {
  const proxied = behindProxy();
  const forwardedHost = proxied ? firstHeaderValue(headers, 'x-forwarded-host') : undefined;
  const forwardedProto = proxied ? firstHeaderValue(headers, 'x-forwarded-proto') : undefined;
  const host = forwardedHost ?? headers.get('host') ?? url?.host ?? 'localhost';
  const protocol = forwardedProto ?? url?.protocol.slice(0, -1) ?? 'http';
  return `${protocol}://${host}`;
}

/** True when TRUST_PROXY names proxies (server/client-address.mjs reads the same setting). */
function behindProxy(): boolean {
  return (process.env.TRUST_PROXY?.trim() ?? '') !== '';
}

export function isHttps(request: Request): boolean {
  return requestOrigin(request).startsWith('https:');
}

/**
 * The client's address as the limits count it (logins, registrations, product look-ups):
 * server/server.mjs (`npm start`) sets it from the socket, or from the proxies TRUST_PROXY
 * names, after dropping any value a client sent. IPv6 counts by its /64 (lib/server/address-key.ts).
 * Without that server (`next dev`) every request counts as one client.
 */
export function clientIp(request: Request): string {
  return addressKey(request.headers.get(CLIENT_IP_HEADER)?.trim() || 'unknown');
}

function firstHeaderValue(headers: Headers, name: string): string | undefined {
  return headers.get(name)?.split(',')[0]?.trim() || undefined;
}

// SameSite=Lax already keeps cookies off cross-site POSTs from forms and fetch; this also stops
// same-site-but-cross-origin pages and old browsers. Requests without Origin (curl) pass, and
// so do the app's own origins that CORS_ORIGINS lists (the API on its own origin, lib/http/cors.ts).
function checkOrigin(request: Request): void {
  if (!STATE_CHANGING.has(request.method)) return;
  // A personal access token without a cookie is no browser's ambient credential: a page of
  // another origin can only send it by knowing it (lib/server/auth/api-tokens.ts).
  if (request.headers.has('authorization') && !request.headers.has('cookie')) return;
  const origin = request.headers.get('origin');
  if (origin !== null && corsOrigins().has(origin)) return;
  const crossSite = request.headers.get('sec-fetch-site') === 'cross-site';
  if (crossSite || (origin !== null && origin !== requestOrigin(request))) {
    throw new HttpError(403, { error: 'forbiddenOrigin' });
  }
}
