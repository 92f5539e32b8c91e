// @ts-check
// The lean path of /api (docs/decisions/0033): the route files of app/api, bundled by
// scripts/build-api.mjs, answer /api requests straight from Node's HTTP server. Next.js's request
// handling (routing, its request and response wrappers, its middleware) cost several times the
// work of a day read; here a request costs the conversion to a web Request and the handler.
// Pages stay on Next.js.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { apiContentSecurityPolicy, commonSecurityHeaders } from '../lib/http/response-headers.mjs';
import { loggableError, logger } from './log.mjs';

/**
 * The bundled API: its answer to a web Request, the largest body a route reads, and its route
 * patterns in the order they are tried (the metrics' route labels, server/route-label.mjs).
 * @typedef {{ answer: (request: Request) => Promise<Response>, maxBodyBytes: number, routePatterns: string[] }} LeanApi
 */

/** True for a path under /api/ (`/api` itself is no route: Next.js answers it with its 404 page). */
export function isApiPath(/** @type {string} */ url) {
  return url.startsWith('/api/');
}

/**
 * The bundled API of the build in `dir`, or null when the build has none (then Next.js answers
 * /api as in development).
 * @returns {Promise<LeanApi | null>}
 */
export async function loadLeanApi(/** @type {string} */ dir) {
  const file = join(dir, '.next', 'api', 'api-routes.mjs');
  if (!existsSync(file)) {
    logger.warn('no bundled API in this build (scripts/build-api.mjs): Next.js answers /api');
    return null;
  }
  const { answerApiRequest, MAX_BODY_BYTES, API_ROUTES } = await import(pathToFileURL(file).href);
  return {
    answer: answerApiRequest,
    maxBodyBytes: MAX_BODY_BYTES,
    routePatterns: API_ROUTES.map((/** @type {{ pattern: string }} */ route) => route.pattern),
  };
}

/**
 * Answers one /api request with the API. Never rejects: a failure is logged and answered with
 * a 500, or the connection is closed when the answer cannot be sent.
 * @param {LeanApi} api
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export async function serveApi(api, request, response) {
  /** @type {Response} */
  let answered;
  try {
    // A long answer (the stream of changes) learns from this that its client has gone.
    const left = new AbortController();
    response.once('close', () => left.abort());
    answered = await api.answer(await webRequest(request, api.maxBodyBytes, left.signal));
  } catch (error) {
    // A client gone before its body ended: nothing can be sent, and the request's log line
    // says it was aborted (server/request-log.mjs). It is no error of the server's.
    if (request.socket.destroyed) {
      response.destroy();
      return;
    }
    // A handler answers its own errors (lib/server/http.ts); this is a request that could not
    // be read as one (a header the web's Headers refuse), or a bug below the handlers.
    logger.error({ reqId: request.headers['x-request-id'], error: loggableError(error) }, 'unexpected error');
    answered = Response.json(
      { error: 'internal' },
      { status: 500, headers: { 'cache-control': 'no-store' } },
    );
  }
  try {
    await write(answered, request, response);
  } catch (error) {
    logger.error({ reqId: request.headers['x-request-id'], error: loggableError(error) }, 'answer not sent');
    response.destroy();
  }
}

/**
 * The web Request of a Node request, its body read whole first (readBody): a web stream over the
 * Node stream cost about a tenth of an entry upsert's CPU.
 * @param {import('node:http').IncomingMessage} request
 * @param {number} maxBodyBytes
 * @param {AbortSignal} signal
 */
async function webRequest(request, maxBodyBytes, signal) {
  const method = request.method ?? 'GET';
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(`http://${request.headers.host ?? 'localhost'}${request.url}`, {
    method,
    headers,
    signal,
    // A Buffer is a Uint8Array, which fetch takes; the DOM types want one over an ArrayBuffer only.
    body: hasBody
      ? /** @type {BodyInit} */ (/** @type {unknown} */ (await readBody(request, maxBodyBytes)))
      : undefined,
  });
}

/**
 * The body of a request, read up to one byte past what a route reads, which is enough for the
 * route to refuse it (413, lib/server/http.ts). The rest of a longer body is read and dropped as
 * it comes, so the answer reaches a client still sending, and an endless body holds no memory
 * (REQUEST_TIMEOUT_MS ends it). A body whose declared length is already too long is not read:
 * the route refuses it by that length.
 * @param {import('node:http').IncomingMessage} request
 * @param {number} maxBodyBytes
 * @returns {Promise<Buffer>}
 */
function readBody(request, maxBodyBytes) {
  if (Number(request.headers['content-length'] ?? 0) > maxBodyBytes) {
    request.resume();
    return Promise.resolve(Buffer.alloc(0));
  }
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    request.on('data', (/** @type {Buffer} */ chunk) => {
      if (size > maxBodyBytes) return;
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBodyBytes) resolve(Buffer.concat(chunks));
    });
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
    request.once('aborted', () => reject(new Error('the client closed the request before its body ended')));
  });
}

/**
 * Writes `answered` with the headers every API answer carries, as next.config.ts gives them to
 * Next.js's answers, compressed as Next.js compresses them (gzip from 1 KiB).
 * @param {Response} answered
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function write(answered, request, response) {
  for (const { key, value } of commonSecurityHeaders) response.setHeader(key, value);
  response.setHeader('content-security-policy', apiContentSecurityPolicy);
  for (const [name, value] of answered.headers) if (name !== 'set-cookie') response.setHeader(name, value);
  const cookies = answered.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader('set-cookie', cookies);
  response.statusCode = answered.status;
  if (!answered.body || request.method === 'HEAD') {
    response.end();
    return;
  }
  if (answered.headers.get('content-type')?.startsWith('text/event-stream')) {
    // A stream of events goes out as each is written, never buffered nor compressed whole.
    response.flushHeaders();
    const reader = answered.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) response.write(read.value);
    response.end();
    return;
  }
  const body = Buffer.from(await answered.arrayBuffer());
  response.setHeader('vary', appendVary(response.getHeader('vary'), 'Accept-Encoding'));
  if (body.length >= GZIP_FROM_BYTES && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    response.setHeader('content-encoding', 'gzip');
    response.end(gzipSync(body));
    return;
  }
  response.end(body);
}

const GZIP_FROM_BYTES = 1024;

/** A Vary header with `name` added once. */
function appendVary(/** @type {unknown} */ current, /** @type {string} */ name) {
  const names = current
    ? String(current)
        .split(',')
        .map((each) => each.trim())
    : [];
  return names.some((each) => each.toLowerCase() === name.toLowerCase())
    ? names.join(', ')
    : [...names, name].join(', ');
}
