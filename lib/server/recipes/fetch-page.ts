import 'server-only';
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { RECIPE_PAGES } from '@/lib/limits';
import type { PageRefusalReason } from '@/lib/schemas/recipe-page';

/**
 * Fetches a web page a user named, to read a recipe from it. The address comes from the user, so
 * the server must not be talked into reaching its own network (server-side request forgery): every
 * address, the first and each redirect's, must resolve to public addresses only, and the connection
 * goes to the very address that was checked, so a second DNS answer cannot swap it (DNS rebinding).
 */

/** Why a page was not fetched: one of the reasons the API answers (lib/schemas/recipe-page.ts). */
export type PageRefusal = PageRefusalReason;

export class PageFetchError extends Error {
  constructor(
    readonly refusal: PageRefusal,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(
      status === undefined ? `page refused: ${refusal}` : `page refused: ${refusal} (HTTP ${status})`,
      options,
    );
    this.name = 'PageFetchError';
  }
}

/** `url` is the address the page was finally read from, after redirects. */
export type FetchedPage = { url: string; html: string };

export type FetchPageOptions = {
  /**
   * `host:port` or `host` entries (a bare host means the scheme's own port) whose addresses are let
   * through even when private: for tests, and for operators who import from their own network.
   */
  allowHosts?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

const DEFAULTS = {
  timeoutMs: RECIPE_PAGES.timeoutMs,
  maxBytes: RECIPE_PAGES.maxBytes,
  maxRedirects: RECIPE_PAGES.maxRedirects,
} as const;

type Settings = Required<FetchPageOptions>;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** JSON-LD is let through too: some recipe pages are served as their structured data alone. */
const PAGE_TYPES = new Set(['text/html', 'application/xhtml+xml', 'application/ld+json']);

const REQUEST_HEADERS = {
  'User-Agent': 'CalorieDiary/1.0 (recipe import)',
  Accept: 'text/html,application/xhtml+xml',
  // Plain bytes, so the size limit counts what is read; a server that compresses anyway is decoded.
  'Accept-Encoding': 'identity',
} as const;

/**
 * True when `ip` is a public unicast address. ipaddr.js names every special range (loopback,
 * private, link-local — where the cloud metadata service 169.254.169.254 lives —, carrier-grade NAT,
 * multicast, reserved, unspecified, unique-local, where fd00:ec2::254 lives, NAT64 and 6to4…), so
 * anything but 'unicast' is refused. An IPv4-mapped IPv6 address is judged as the IPv4 it carries.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  // process() turns ::ffff:a.b.c.d into a.b.c.d, so ::ffff:127.0.0.1 counts as loopback.
  return ipaddr.process(ip).range() === 'unicast';
}

/** Fetches the HTML page at `address`, or throws a PageFetchError saying why not. */
export async function fetchRecipePage(address: string, options: FetchPageOptions = {}): Promise<FetchedPage> {
  const settings: Settings = {
    allowHosts: options.allowHosts ?? [],
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULTS.maxRedirects,
  };
  // One clock for the whole fetch: a chain of slow redirects must not add up past the limit.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new PageFetchError('timeout')), settings.timeoutMs);
  try {
    return await followRedirects(parseAddress(address), settings, controller.signal);
  } catch (error) {
    throw asRefusal(error, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** Any failure as a refusal: our own refusals stand, an abort is the timeout, the rest is the network's. */
function asRefusal(error: unknown, signal: AbortSignal): PageFetchError {
  if (error instanceof PageFetchError) return error;
  if (signal.aborted) return new PageFetchError('timeout', undefined, { cause: error });
  return new PageFetchError('unreachable', undefined, { cause: error });
}

async function followRedirects(start: URL, settings: Settings, signal: AbortSignal): Promise<FetchedPage> {
  let url = start;
  for (let redirects = 0; ; redirects += 1) {
    const target = await checkedAddress(url, settings.allowHosts, signal);
    const response = await sendRequest(url, target, signal);
    try {
      const location = redirectLocation(response);
      if (location === undefined) return { url: url.href, html: await readPage(response, settings, signal) };
      if (redirects >= settings.maxRedirects) throw new PageFetchError('tooManyRedirects');
      // A relative Location is relative to the address that answered; the new one is checked afresh.
      url = parseAddress(location, url);
    } finally {
      // The redirect's body is not wanted, and a read page is done with: close the (unpooled) socket.
      response.destroy();
    }
  }
}

/** `text` as an http(s) URL without credentials, or badAddress. */
function parseAddress(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new PageFetchError('badAddress');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageFetchError('badAddress');
  // user:pass@ has no place in a page to read, and is a classic way to disguise the real host.
  if (url.username || url.password) throw new PageFetchError('badAddress');
  return url;
}

/**
 * The address to connect to for `url`: its host's addresses, every one of which must be public
 * (a name with one private address among public ones could be answered with that one on connect),
 * unless the host is in `allowHosts`.
 */
async function checkedAddress(
  url: URL,
  allowHosts: readonly string[],
  signal: AbortSignal,
): Promise<LookupAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(host);
  const addresses = family ? [{ address: host, family }] : await untilAborted(resolveAll(host), signal);
  if (!isAllowedHost(url, allowHosts) && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new PageFetchError('privateAddress');
  }
  const [first] = addresses;
  if (!first) throw new PageFetchError('unreachable');
  return first;
}

async function resolveAll(host: string): Promise<LookupAddress[]> {
  try {
    return await lookup(host, { all: true });
  } catch (error) {
    throw new PageFetchError('unreachable', undefined, { cause: error });
  }
}

/** dns.lookup takes no signal: the timeout must still end a slow resolver's wait. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    // Handled before the abort check, so a lookup failing after the timeout is no unhandled rejection.
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
    if (signal.aborted) stop();
  });
}

/** True when `url`'s host and port are one of the `allowHosts` entries. */
function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const port = url.port || defaultPort(url.protocol);
  return allowHosts.some((entry) => {
    const allowed = parseHostEntry(entry);
    return (
      allowed !== undefined &&
      allowed.host === url.hostname &&
      (allowed.port ?? defaultPort(url.protocol)) === port
    );
  });
}

/** `host`, `host:port`, `[v6]` or `[v6]:port`, the host written as URL writes it (lower case, IPv6 compressed). */
function parseHostEntry(entry: string): { host: string; port?: string } | undefined {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(entry.trim());
  if (!match?.[1]) return undefined;
  try {
    const host = new URL(`http://${match[1]}`).hostname;
    return { host, port: match[2] === undefined ? undefined : String(Number(match[2])) };
  } catch {
    return undefined;
  }
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/**
 * Sends the GET to `target` while naming `url`'s host: the lookup hands back the checked address
 * (no second DNS answer), the Host header and TLS's server name stay the host name (virtual hosts,
 * certificates). No agent: a pooled socket might have been opened to another address.
 */
function sendRequest(url: URL, target: LookupAddress, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = {
      method: 'GET',
      headers: REQUEST_HEADERS,
      agent: false,
      lookup: pinnedLookup(target),
      // The abort destroys the request and its socket, whatever stage it is at.
      signal,
    };
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (url.protocol === 'https:' && !isIP(host)) options.servername = host;
    const request =
      url.protocol === 'https:' ? https.request(url, options, resolve) : http.request(url, options, resolve);
    request.on('error', reject);
    request.end();
  });
}

/** A lookup that always answers the address already checked, in either of the shapes net asks for. */
function pinnedLookup(target: LookupAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}

/** The Location of a redirect; undefined for any other answer. */
function redirectLocation(response: IncomingMessage): string | undefined {
  if (!REDIRECT_STATUSES.has(response.statusCode ?? 0)) return undefined;
  return response.headers.location;
}

/** The body of a final answer as text, after its status, type and size are found acceptable. */
async function readPage(response: IncomingMessage, settings: Settings, signal: AbortSignal): Promise<string> {
  const status = response.statusCode ?? 0;
  // 4xx and 5xx, and a 3xx that is no usable redirect (no Location, 300, 304): nothing to read.
  if (status < 200 || status >= 300) throw new PageFetchError('httpError', status);
  const { type, charset } = contentType(response.headers['content-type']);
  if (!PAGE_TYPES.has(type)) throw new PageFetchError('notHtml');
  // Refuse early when the server says how much is coming; the count while reading catches the rest.
  if (Number(response.headers['content-length']) > settings.maxBytes) throw new PageFetchError('tooLarge');
  const body = await readBody(response, settings.maxBytes, signal);
  return decoderFor(charset).decode(body);
}

/** The media type (lower case) and charset of a Content-Type header. */
function contentType(header: string | undefined): { type: string; charset?: string } {
  const [type = '', ...parameters] = (header ?? '').split(';');
  const charset = parameters
    .map((parameter) => /^\s*charset\s*=\s*"?([^"\s]+)"?\s*$/i.exec(parameter)?.[1])
    .find((value) => value !== undefined);
  return { type: type.trim().toLowerCase(), charset };
}

/** A decoder for `charset` (windows-1251, koi8-r, iso-8859-1…), UTF-8 when it names none or one unknown. */
function decoderFor(charset: string | undefined): TextDecoder {
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * Reads the body, counting bytes as they come: past `maxBytes` the read stops at once (a server
 * without Content-Length, or lying about it, must not fill memory).
 */
async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const stream = decompressed(response);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new PageFetchError('tooLarge');
    chunks.push(chunk);
  }
  // A read cut short by the timeout must not pass for a whole page.
  signal.throwIfAborted();
  return Buffer.concat(chunks);
}

/**
 * The body as sent when plain; decompressed when the server compressed it though asked not to
 * (the count is then of the decompressed bytes, so a small bomb cannot grow past the limit).
 */
function decompressed(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return response;
  const decoder = decompressorFor(encoding);
  if (!decoder) throw new PageFetchError('notHtml');
  // pipeline carries an error of either side (a dropped connection, bad data) to the stream read.
  return pipeline(response, decoder, () => {});
}

function decompressorFor(encoding: string) {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return undefined;
}
