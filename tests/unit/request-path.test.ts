import { describe, expect, it } from 'vitest';
import { decodableUrl, loggablePath } from '@/server/request-path.mjs';

describe('a request path the server can hand on', () => {
  it('leaves a path that decodes exactly as it came', () => {
    for (const url of ['/', '/dashboard?next=%2Fstats', '/shared/abc_-DEF', '/caf%C3%A9', '/a%20b?q=%'])
      expect(decodableUrl(url)).toBe(url);
  });

  it('escapes every % of a path that does not decode, so it reads as what was sent, query as it was', () => {
    expect(decodableUrl('/shared/%E0%A4%A')).toBe('/shared/%25E0%25A4%25A');
    expect(decodableUrl('/%')).toBe('/%25');
    expect(decodableUrl('/%ZZ?q=%ZZ')).toBe('/%25ZZ?q=%ZZ');
    expect(decodableUrl('/shared/%C3')).toBe('/shared/%25C3');
    for (const url of ['/shared/%E0%A4%A', '/%', '/%ZZ', '/shared/%C3%A9%C3'])
      expect(decodeURIComponent(decodableUrl(url))).toBe(url);
  });
});

describe('a request path as the log keeps it', () => {
  it('without the query, and a share link without its secret', () => {
    expect(loggablePath('/api/days/2026-11-27?x=secret')).toBe('/api/days/2026-11-27');
    expect(loggablePath('/shared/s3cret')).toBe('/shared/[redacted]');
    expect(loggablePath('/api/shared/s3cret?x=1')).toBe('/api/shared/[redacted]');
    // Written otherwise, the router reads the same page: so does the log.
    for (const path of [
      '/%73hared/s3cret',
      '//shared/s3cret',
      '/x/../shared/s3cret',
      '/a/%2e%2e/shared/s3cret',
    ])
      expect(loggablePath(path)).toBe('/shared/[redacted]');
    expect(loggablePath('/shared/%E0%A4%A')).toBe('/shared/[redacted]');
    // Not a share link: as it came.
    for (const path of ['/sharedx/abc', '/shared', '/report', '/api/shares/1'])
      expect(loggablePath(path)).toBe(path);
  });
});
