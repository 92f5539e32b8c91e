import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, beforeAll, afterAll, vi } from 'vitest';
import {
  fetchRecipePage,
  isPublicAddress,
  PageFetchError,
  type FetchPageOptions,
  type PageRefusal,
} from '@/lib/server/recipes/fetch-page';

// The page fetcher against a local server: pages it reads, and every way it refuses to read one.
// Nothing here reaches the internet: addresses outside 127.0.0.1 are refused before any connection,
// and the `.test` names below are answered by a stand-in resolver.

/** Stand-in DNS answers for `.test` names; every other name goes to the real resolver (localhost only here). */
const fakeDns = vi.hoisted((): Record<string, LookupAddress[] | 'ENOTFOUND'> => ({
  'pinned.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '8.8.8.8', family: 4 },
    { address: '10.0.0.5', family: 4 },
  ],
  'nowhere.test': 'ENOTFOUND',
}));

vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = async (host: string, options: { all: true }) => {
    const answer = fakeDns[host];
    if (answer === 'ENOTFOUND')
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer ?? real.lookup(host, options);
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

const PAGE = '<!doctype html><html><head><title>Borscht</title></head><body>Beets</body></html>';
const MB = 1024 * 1024;

/** "Борщ" in windows-1251: А…я sit at 0xC0…0xFF. */
const BORSCHT_1251 = Buffer.from([0xc1, 0xee, 0xf0, 0xf9]);

let server: Server;
let port: number;
let origin: string;
const sockets = new Set<Socket>();
/** Answers held open by /hang, ended after the test. */
const hanging = new Set<ServerResponse>();

/** The test server's routes, by path; /chain/N redirects N more times before answering the page. */
function answer(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', origin);
  // A client that gives up mid-body (tooLarge, timeout) makes writes fail: expected, not a test failure.
  response.on('error', () => {});
  const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
  if (chain) {
    const left = Number(chain[1]);
    if (left === 0) return html(response, PAGE);
    // Relative Locations on odd steps, absolute on even: both must resolve against the current URL.
    const next = left % 2 ? `/chain/${left - 1}` : `${origin}/chain/${left - 1}`;
    return redirect(response, next);
  }
  switch (url.pathname) {
    case '/page':
      return html(response, PAGE);
    case '/echo-host':
      return html(response, `<p>${request.headers.host}</p><p>${request.headers['user-agent']}</p>`);
    case '/to-loopback-2':
      return redirect(response, `http://127.0.0.2:${port}/page`);
    case '/to-private':
      return redirect(response, 'http://10.0.0.1/');
    case '/to-metadata':
      return redirect(response, 'http://169.254.169.254/latest/meta-data');
    case '/big-with-length':
      return big(response, true);
    case '/big-chunked':
      return big(response, false);
    case '/hang':
      hanging.add(response);
      return;
    case '/hang-mid-body':
      response.writeHead(200, { 'Content-Type': 'text/html' }).write('<html><body>');
      hanging.add(response);
      return;
    case '/image':
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      return;
    case '/cyrillic':
      response.writeHead(200, { 'Content-Type': 'text/html; charset=windows-1251' });
      response.end(Buffer.concat([Buffer.from('<h1>'), BORSCHT_1251, Buffer.from('</h1>')]));
      return;
    case '/gzip':
      response.writeHead(200, { 'Content-Type': 'text/html', 'Content-Encoding': 'gzip' });
      response.end(gzipSync(PAGE));
      return;
    default:
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>');
  }
}

function html(response: ServerResponse, body: string): void {
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { Location: location }).end();
}

/** 6 MB of page, with its Content-Length or chunked (no length said, so only counting can stop it). */
function big(response: ServerResponse, withLength: boolean): void {
  const chunk = Buffer.alloc(MB, 'a');
  response.writeHead(200, {
    'Content-Type': 'text/html',
    ...(withLength ? { 'Content-Length': String(6 * MB) } : {}),
  });
  for (let index = 0; index < 6; index += 1) response.write(chunk);
  response.end();
}

beforeAll(async () => {
  server = createServer(answer);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Options that let the local test server through the guard, and nothing else. */
const local = (extra: FetchPageOptions = {}): FetchPageOptions => ({
  allowHosts: [`127.0.0.1:${port}`],
  ...extra,
});

/** The refusal (and status) `fetchRecipePage` ends with; fails the test if it reads a page. */
async function refusal(
  address: string,
  options?: FetchPageOptions,
): Promise<{ refusal: PageRefusal; status?: number }> {
  try {
    await fetchRecipePage(address, options);
  } catch (error) {
    if (!(error instanceof PageFetchError)) throw error;
    return error.status === undefined
      ? { refusal: error.refusal }
      : { refusal: error.refusal, status: error.status };
  }
  throw new Error(`expected ${address} to be refused`);
}

describe('isPublicAddress', () => {
  const notPublic = [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    'fc00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'fd00:ec2::254',
    'not an address',
  ];
  it.each(notPublic)('%s is not public', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('fetchRecipePage', () => {
  it('reads a page on an allowed host, with its final address', async () => {
    await expect(fetchRecipePage(`${origin}/page`, local())).resolves.toEqual({
      url: `${origin}/page`,
      html: PAGE,
    });
  });

  it('refuses the same page without allowHosts: loopback is private', async () => {
    expect(await refusal(`${origin}/page`)).toEqual({ refusal: 'privateAddress' });
    expect(await refusal(`http://localhost:${port}/page`)).toEqual({ refusal: 'privateAddress' });
    expect(await refusal(`http://[::1]:${port}/page`)).toEqual({ refusal: 'privateAddress' });
  });

  it('an allowed host on another port is still refused', async () => {
    expect(await refusal(`http://127.0.0.1:${port + 1}/page`, local())).toEqual({
      refusal: 'privateAddress',
    });
  });

  it.each(['/to-loopback-2', '/to-private', '/to-metadata'])(
    'refuses a redirect from an allowed host to a private address (%s)',
    async (path) => {
      expect(await refusal(`${origin}${path}`, local())).toEqual({ refusal: 'privateAddress' });
    },
  );

  it('refuses a name when any of its addresses is private', async () => {
    expect(await refusal('http://mixed.test/')).toEqual({ refusal: 'privateAddress' });
  });

  it('connects to the address it checked, sending the host name it was given', async () => {
    // pinned.test exists only in the stand-in resolver: had the connection looked the name up again,
    // the real resolver would not have found it.
    const page = await fetchRecipePage(`http://pinned.test:${port}/echo-host`, {
      allowHosts: [`pinned.test:${port}`],
    });
    expect(page.html).toBe(`<p>pinned.test:${port}</p><p>CalorieDiary/1.0 (recipe import)</p>`);
  });

  it('follows 5 redirects, relative and absolute, and gives the final address', async () => {
    await expect(fetchRecipePage(`${origin}/chain/5`, local())).resolves.toEqual({
      url: `${origin}/chain/0`,
      html: PAGE,
    });
  });

  it('refuses a 6th redirect', async () => {
    expect(await refusal(`${origin}/chain/6`, local())).toEqual({ refusal: 'tooManyRedirects' });
  });

  it('refuses a 6 MB body said by Content-Length', async () => {
    expect(await refusal(`${origin}/big-with-length`, local())).toEqual({ refusal: 'tooLarge' });
  });

  it('refuses a 6 MB chunked body while reading it', async () => {
    expect(await refusal(`${origin}/big-chunked`, local())).toEqual({ refusal: 'tooLarge' });
  });

  it.each(['/hang', '/hang-mid-body'])('gives up on a server that stops answering (%s)', async (path) => {
    const started = Date.now();
    expect(await refusal(`${origin}${path}`, local({ timeoutMs: 300 }))).toEqual({ refusal: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3_000);
    // The client dropped its socket; end the server's side too, so nothing is left open.
    for (const response of hanging) response.destroy();
    hanging.clear();
  });

  it.each(['ftp://x', 'javascript:alert(1)', 'http://user:pass@example.com/', 'not a url'])(
    'refuses %s as a bad address',
    async (address) => {
      expect(await refusal(address)).toEqual({ refusal: 'badAddress' });
    },
  );

  it('refuses what is not HTML', async () => {
    expect(await refusal(`${origin}/image`, local())).toEqual({ refusal: 'notHtml' });
  });

  it('refuses an error answer, keeping its status', async () => {
    expect(await refusal(`${origin}/missing`, local())).toEqual({ refusal: 'httpError', status: 404 });
  });

  it('decodes a windows-1251 page', async () => {
    const page = await fetchRecipePage(`${origin}/cyrillic`, local());
    expect(page.html).toBe('<h1>Борщ</h1>');
  });

  it('decodes a page compressed though not asked to be', async () => {
    expect((await fetchRecipePage(`${origin}/gzip`, local())).html).toBe(PAGE);
  });

  it('says unreachable when the name does not resolve or nothing listens', async () => {
    expect(await refusal('http://nowhere.test/')).toEqual({ refusal: 'unreachable' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(
      await refusal(`http://127.0.0.1:${closedPort}/`, { allowHosts: [`127.0.0.1:${closedPort}`] }),
    ).toEqual({ refusal: 'unreachable' });
  });
});
