import { describe, expect, it } from 'vitest';
import { mergeDays } from '@/lib/diary/import-merge';
import type { Day } from '@/lib/schemas/day';

const stored = (change: Partial<Day>): Day => ({
  date: '2026-11-20',
  goal: 2000,
  weight: null,
  water: 0,
  activities: [],
  entries: [],
  updatedAt: '2026-11-20T20:00:00.000Z',
  ...change,
});
const older = '2026-11-19T20:00:00.000Z';
const newer = '2026-11-21T20:00:00.000Z';

/** The water of the one day after importing `file` over `here`. */
function waterAfter(here: Partial<Day>, file: Partial<Day>): number | undefined {
  const local = stored(here);
  const merge = mergeDays(new Map([[local.date, local]]), [stored(file)], new Map());
  return merge.changed.length === 0 ? local.water : merge.changed[0]!.water;
}

describe('importing a day’s water', () => {
  it('takes the newer day’s water, and fills a day that has none even from an older file', () => {
    expect(waterAfter({ water: 500 }, { water: 1500, updatedAt: newer })).toBe(1500);
    expect(waterAfter({ water: 500 }, { water: 1500, updatedAt: older })).toBe(500);
    expect(waterAfter({ water: 0 }, { water: 1500, updatedAt: older })).toBe(1500);
  });

  it('never clears water: a newer file without any keeps the day’s', () => {
    expect(waterAfter({ water: 500 }, { water: 0, updatedAt: newer })).toBe(500);
  });

  it('counts a day whose water alone changes as changed, and one that matches as not', () => {
    const local = stored({ water: 0 });
    const same = mergeDays(new Map([[local.date, local]]), [stored({ updatedAt: older })], new Map());
    expect(same.changed).toEqual([]);
    const filled = mergeDays(
      new Map([[local.date, local]]),
      [stored({ water: 750, updatedAt: older })],
      new Map(),
    );
    expect(filled.changed.map((day) => [day.date, day.water])).toEqual([['2026-11-20', 750]]);
  });
});
