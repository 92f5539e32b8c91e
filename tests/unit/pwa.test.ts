import { describe, expect, it } from 'vitest';
import { isBuildInfo } from '@/lib/pwa/build-info';
import { CHUNK_RELOAD_GUARD_MS, claimChunkReload, isChunkLoadError } from '@/lib/pwa/chunk-reload';
import { MemoryStorage } from '../support/memory-storage';

describe('chunk-load reload guard', () => {
  it('recognises chunk-load failures and nothing else', () => {
    expect(
      isChunkLoadError(Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' })),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Loading CSS chunk app failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('allows one reload per path per 10 seconds', () => {
    const storage = new MemoryStorage();
    expect(claimChunkReload(storage, '/food', 1_000)).toBe(true);
    expect(claimChunkReload(storage, '/food', 1_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(claimChunkReload(storage, '/stats', 2_000)).toBe(true);
    expect(claimChunkReload(storage, '/food', 1_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });
});

describe('build info', () => {
  it('accepts only {id, builtAt}', () => {
    expect(isBuildInfo({ id: 'abc', builtAt: '2026-11-22T10:00:00.000Z' })).toBe(true);
    expect(isBuildInfo({ id: 1, builtAt: 'x' })).toBe(false);
    expect(isBuildInfo('abc')).toBe(false);
  });
});
