// @ts-check
import proxyAddr from 'proxy-addr';

/**
 * The request header in which server/server.mjs hands each request's client address to the
 * app. The server sets it on every request, after dropping any value a client sent, so the app
 * can trust it; lib/server/http.ts reads it.
 */
export const CLIENT_IP_HEADER = 'x-diary-client-ip';

/**
 * Which peers may speak for the client through X-Forwarded-For, from TRUST_PROXY: unset or
 * empty trusts nobody (the socket's address is the client); a number trusts that many hops of
 * proxies; anything else is a comma-separated list of addresses, CIDR ranges or proxy-addr's
 * names (loopback, linklocal, uniquelocal). A value proxy-addr cannot read throws, so a typo
 * stops the server at start instead of trusting the wrong peers.
 *
 * @param {string | undefined} setting
 * @returns {(address: string, hop: number) => boolean}
 */
export function trustFrom(setting) {
  const value = setting?.trim() ?? '';
  if (value === '') return () => false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile(value.split(',').map((part) => part.trim()));
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy, the nearest
 * address in X-Forwarded-For that no trusted proxy wrote.
 *
 * @param {import('node:http').IncomingMessage} request
 * @param {(address: string, hop: number) => boolean} trust
 */
export function clientAddress(request, trust) {
  return proxyAddr(request, trust);
}
