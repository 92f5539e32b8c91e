import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, trustFrom } from '@/server/client-address.mjs';

// X-Forwarded-For speaks for the client only through proxies TRUST_PROXY names.

function request(peer: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  } as unknown as IncomingMessage;
}

describe('the client address', () => {
  it('is the socket peer when TRUST_PROXY is unset or empty, whatever the client sends', () => {
    for (const setting of [undefined, '', '  ']) {
      const trust = trustFrom(setting);
      expect(clientAddress(request('203.0.113.9', '10.0.0.1'), trust)).toBe('203.0.113.9');
      expect(clientAddress(request('203.0.113.9', '10.0.0.1, 10.0.0.2'), trust)).toBe('203.0.113.9');
      expect(clientAddress(request('203.0.113.9'), trust)).toBe('203.0.113.9');
    }
  });

  it('with a number of hops, is the address that many proxies back', () => {
    expect(clientAddress(request('127.0.0.1', '198.51.100.4'), trustFrom('1'))).toBe('198.51.100.4');
    // A client's own header entry is further back than the one the proxy appended.
    expect(clientAddress(request('127.0.0.1', 'forged, 198.51.100.4'), trustFrom('1'))).toBe('198.51.100.4');
    expect(clientAddress(request('127.0.0.1', 'forged, 198.51.100.4, 10.0.0.5'), trustFrom('2'))).toBe(
      '198.51.100.4',
    );
  });

  it('with a list, skips only the proxies on it', () => {
    const trust = trustFrom('loopback, 10.0.0.0/8');
    expect(clientAddress(request('127.0.0.1', 'forged, 198.51.100.4, 10.1.2.3'), trust)).toBe('198.51.100.4');
    // A peer not on the list is the client itself, whatever it claims.
    expect(clientAddress(request('203.0.113.9', '198.51.100.4'), trust)).toBe('203.0.113.9');
  });

  it('stops the server on a setting it cannot read', () => {
    expect(() => trustFrom('not an address')).toThrow();
  });
});
