import 'server-only';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a limit counts, from its address: an IPv4 address as it is, an IPv6 address by
 * its /64 prefix (`2001:db8:1:2::/64`), and an IPv4 address written as IPv6 (`::ffff:10.0.0.1`,
 * what a dual-stack socket reports for an IPv4 peer) as the IPv4 address. A single IPv6
 * subscriber or server gets a whole /64 and may send from any of its 2^64 addresses, so
 * counting the exact address would give it a fresh limit for every request.
 * Anything that is not an address (`unknown` without server/server.mjs) is kept as it is.
 */
export function addressKey(address: string): string {
  const bare = address.trim().replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return bare;
  // A zone (`fe80::1%eth0`) names the local interface, not the client.
  const withoutZone = bare.replace(/%.*$/, '');
  if (!isIPv6(withoutZone)) return address;
  const groups = ipv6Groups(withoutZone);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a trailing IPv4 part read. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) =>
    Number.parseInt(group, 16),
  );
}
