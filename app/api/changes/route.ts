import { TIMINGS } from '@/lib/limits';
import { getDb } from '@/lib/server/db/client';
import { methodNotAllowed } from '@/lib/server/http';
import { listenForChanges, type Change } from '@/lib/server/live/changes';
import { isStopping, whenStopBegins } from '@/server/lifecycle.mjs';
import { route } from '@/lib/server/route';

/**
 * GET /api/changes → text/event-stream: the account's changes as they are committed, by any of
 * its devices, on any instance (decision 0053). Each is an event `change` whose data is a Change
 * (a day with its new version, the settings, the foods); `gap` says some may have been missed, so
 * everything is read again. A comment every TIMINGS.changesHeartbeatMs keeps the stream open
 * through proxies; a stopping server ends it, and the browser opens it again elsewhere.
 */
export const GET = route('listenForChanges', async (request, { userId }) => {
  const db = await getDb();
  const encoder = new TextEncoder();
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      stream = controller;
    },
    cancel: () => end(),
  });
  const send = (text: string) => {
    if (!ended) stream.enqueue(encoder.encode(text));
  };
  const stopListening = await listenForChanges(
    db,
    userId,
    (change: Change) => send(`event: change\ndata: ${JSON.stringify(change)}\n\n`),
    () => send('event: gap\ndata: {}\n\n'),
  );
  const heartbeat = setInterval(() => send(': still here\n\n'), TIMINGS.changesHeartbeatMs);
  const forgetStop = whenStopBegins(() => end());
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    stopListening();
    forgetStop();
    request.signal.removeEventListener('abort', end);
    try {
      stream.close();
    } catch {
      // Already closed by the client's leaving.
    }
  }
  request.signal.addEventListener('abort', end);
  send(`retry: ${TIMINGS.changesRetryMs}\n\n`);
  if (isStopping() || request.signal.aborted) end();
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx would otherwise hold the events back until its buffer filled.
      'x-accel-buffering': 'no',
    },
  });
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
