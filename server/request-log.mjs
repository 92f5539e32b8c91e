// @ts-check
import { randomUUID } from 'node:crypto';
import { logger } from './log.mjs';
import { loggablePath } from './request-path.mjs';

/** The request header carrying the request's id, from the proxy (nginx's $request_id) or made here. */
export const REQUEST_ID_HEADER = 'x-request-id';
// A proxy's id is kept when it looks like one; anything else a client sent is replaced.
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Gives the request its id (kept in its X-Request-Id header and sent back in the answer's) and
 * logs it as one JSON line once its answer is sent or its client is gone: the id, the method and
 * the path (never the query, headers, address or a share link's secret: loggablePath), the
 * status and the duration.
 *
 * The line is the one pino-http wrote (docs/deploy.md shows it), written here because pino-http
 * made two child loggers per request that nothing read: about 5 % of a day read's CPU
 * (docs/decisions/0034).
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
export function logRequest(request, response) {
  const startedAt = Date.now();
  const sent = request.headers[REQUEST_ID_HEADER];
  const reqId = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
  request.headers[REQUEST_ID_HEADER] = reqId;
  response.setHeader(REQUEST_ID_HEADER, reqId);
  const method = request.method;
  const path = loggablePath(String(request.url));

  const done = () => {
    response.off('finish', done);
    response.off('close', done);
    const status = response.statusCode;
    const line = { reqId, req: { method, path }, res: { status }, responseTime: Date.now() - startedAt };
    // A 503 is the service saying "not now" (starting, stopping, the database out of reach), whose
    // reason is logged once where it begins: a warning, not an error on every probe or request.
    if (status >= 500 && status !== 503) logger.error(line, 'request errored');
    else if (status === 503) logger.warn(line, 'request unavailable');
    else logger[status >= 400 ? 'warn' : 'info'](line, requestEnded(request, response));
  };
  response.on('finish', done);
  response.on('close', done);
}

/** 'request completed' when the whole answer went out, 'request aborted' when the client left first. */
function requestEnded(
  /** @type {import('node:http').IncomingMessage} */ request,
  /** @type {import('node:http').ServerResponse} */ response,
) {
  return !request.readableAborted && response.writableEnded ? 'request completed' : 'request aborted';
}
