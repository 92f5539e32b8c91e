import { randomInt } from 'node:crypto';
import http from 'node:http';
import { expect, test } from './fixtures';

// What the production server does with a request's body before a route reads it
// (server/lean-api.mjs): a body that says its length is read whole, any other is streamed, and
// the route answers the same either way. A login reads its body before anything else.

/** The API's largest body (MAX_BODY_BYTES, lib/server/http.ts). */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * POSTs `chunks` to `path`: with Content-Length when `length` is given, chunked otherwise. Each
 * request comes from an address of its own, so the login limits count none of them together.
 */
function post(baseURL: string, path: string, chunks: Array<string | Buffer>, length?: number) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const request = http.request(new URL(path, baseURL), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `198.51.100.${randomInt(1, 255)}`,
        ...(length === undefined ? {} : { 'content-length': String(length) }),
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    // The server may answer a body it refuses before the client has sent all of it.
    request.on('error', reject);
    for (const chunk of chunks) request.write(chunk);
    request.end();
  });
}

const LOGIN = JSON.stringify({ email: 'nobody@example.com', password: 'correct horse battery staple' });

test('the API reads a body the same whether it says its length or comes in chunks', async ({ baseURL }) => {
  const url = baseURL!;
  const unknownUser = { status: 401, body: { error: 'invalidCredentials' } };
  expect(await post(url, '/api/auth/login', [LOGIN], Buffer.byteLength(LOGIN))).toEqual(unknownUser);
  expect(await post(url, '/api/auth/login', [LOGIN.slice(0, 10), LOGIN.slice(10)])).toEqual(unknownUser);

  const notJson = { status: 400, body: { error: 'invalidJson' } };
  expect(await post(url, '/api/auth/login', ['{"email":'], 9)).toEqual(notJson);
  expect(await post(url, '/api/auth/login', ['{"email":'])).toEqual(notJson);
  expect(await post(url, '/api/auth/login', [], 0)).toEqual(notJson);
});

test('the API refuses a body over its limit, said or sent, and answers the next request', async ({
  baseURL,
}) => {
  const url = baseURL!;
  const tooLarge = { status: 413, body: { error: 'tooLarge' } };
  const over = Buffer.alloc(MAX_BODY_BYTES + 1, ' ');
  expect(await post(url, '/api/auth/login', [over], over.length)).toEqual(tooLarge);
  // Chunked, with no length to refuse it by: refused as it arrives.
  expect(
    await post(url, '/api/auth/login', [over.subarray(0, MAX_BODY_BYTES), over.subarray(MAX_BODY_BYTES)]),
  ).toEqual(tooLarge);
  // A body of exactly the limit is read (and is not JSON).
  const exactly = Buffer.alloc(MAX_BODY_BYTES, ' ');
  expect(await post(url, '/api/auth/login', [exactly], exactly.length)).toEqual({
    status: 400,
    body: { error: 'invalidJson' },
  });
  expect(await post(url, '/api/auth/login', [LOGIN], Buffer.byteLength(LOGIN))).toMatchObject({
    status: 401,
  });
});
