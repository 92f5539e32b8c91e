import { describe, expect, it } from 'vitest';
import { changedElsewhere, sameEntry } from '@/lib/data/entry-versions';
import { entry } from '../support/fixtures';

// Entry times keep only the whole second, so the outbox tells an entry's versions apart by the
// whole entry: a change made elsewhere in the same second must still count as one.

const base = entry({ kcal: 420, updatedAt: '2026-11-20T12:00:00.000Z' });
const mine = { ...base, kcal: 300, updatedAt: '2026-11-20T12:00:05.000Z' };

describe('telling versions of an entry apart', () => {
  it('compares every field, and times as instants', () => {
    expect(sameEntry(base, { ...base })).toBe(true);
    expect(sameEntry(base, { ...base, updatedAt: '2026-11-20T15:00:00+03:00' })).toBe(true);
    expect(sameEntry(base, { ...base, kcal: 421 })).toBe(false);
    expect(sameEntry(base, { ...base, food: 7 })).toBe(false);
    expect(sameEntry(null, null)).toBe(true);
    expect(sameEntry(base, null)).toBe(false);
  });

  it('takes the base or this change itself for what they are', () => {
    expect(changedElsewhere(base, base, mine)).toBe(false);
    expect(changedElsewhere(mine, base, mine)).toBe(false);
    expect(changedElsewhere(null, null, mine)).toBe(false);
  });

  it('finds a change made elsewhere in the same second as this one, or as the base', () => {
    expect(changedElsewhere({ ...base, kcal: 500, updatedAt: mine.updatedAt }, base, mine)).toBe(true);
    expect(changedElsewhere({ ...base, kcal: 500 }, base, mine)).toBe(true);
    // Deleted elsewhere, or made elsewhere under the same id.
    expect(changedElsewhere(null, base, mine)).toBe(true);
    expect(changedElsewhere(base, null, mine)).toBe(true);
  });

  it('reads a change queued by an earlier build, which kept only the base’s time', () => {
    expect(changedElsewhere(base, base.updatedAt, mine)).toBe(false);
    expect(changedElsewhere(mine, base.updatedAt, mine)).toBe(false);
    expect(changedElsewhere({ ...base, kcal: 500, updatedAt: mine.updatedAt }, base.updatedAt, mine)).toBe(
      true,
    );
  });
});
