import { beforeEach, describe, expect, it, vi } from 'vitest';

// The clock keeps the last time it gave: each test takes a fresh copy of the module.
let nextLogTime: (count?: number, now?: number) => number;
beforeEach(async () => {
  vi.resetModules();
  ({ nextLogTime } = await import('@/lib/data/log-clock'));
});

const at = (iso: string) => Date.parse(iso);

describe('the times new entries are logged at', () => {
  it('are now, to the second, when nothing was logged in the last second', () => {
    expect(nextLogTime(1, at('2026-11-26T08:00:00.750Z'))).toBe(at('2026-11-26T08:00:00.000Z'));
    expect(nextLogTime(1, at('2026-11-26T08:00:05.100Z'))).toBe(at('2026-11-26T08:00:05.000Z'));
  });

  it('never share a second, however fast entries are added, so a day keeps their order', () => {
    const now = at('2026-11-26T08:00:00.100Z');
    const times = [nextLogTime(1, now), nextLogTime(1, now + 10), nextLogTime(1, now + 20)];
    expect(times).toEqual([
      at('2026-11-26T08:00:00.000Z'),
      at('2026-11-26T08:00:01.000Z'),
      at('2026-11-26T08:00:02.000Z'),
    ]);
  });

  it('keep a second for each of several entries logged in one go, and go on after them', () => {
    const now = at('2026-11-26T08:00:00.100Z');
    expect(nextLogTime(1, now)).toBe(at('2026-11-26T08:00:00.000Z'));
    // Three copies right after: they take seconds 1, 2 and 3.
    expect(nextLogTime(3, now + 200)).toBe(at('2026-11-26T08:00:01.000Z'));
    expect(nextLogTime(1, now + 300)).toBe(at('2026-11-26T08:00:04.000Z'));
  });
});
