import { describe, expect, it } from 'vitest';
import { dayTotals } from '@/lib/diary/stats';
import {
  compactUuid,
  decodeDay,
  decodeDayTotals,
  encodeDay,
  expandUuid,
  readDaySummary,
  salvageEntries,
  TENTHS_BELOW,
} from '@/lib/data/guest/day-codec';
import { meals } from '@/lib/diary/meals';
import { memorySharedRecords } from '@/lib/data/guest/shared-records';
import type { Day } from '@/lib/schemas/day';

const shared = memorySharedRecords();
const encode = (value: Day, setAside: unknown[] = []) => encodeDay(value, setAside, shared);
const decode = (text: string) => decodeDay(text, shared);
const totalsOf = (text: string) => decodeDayTotals(text, shared);
const salvage = (text: string) => salvageEntries(text, shared);

const day: Day = {
  date: '2026-11-22',
  goal: 2200,
  weight: 71.4,
  water: 750,
  activities: [],
  updatedAt: '2026-11-22T20:00:00.000Z',
  entries: [
    {
      id: '0b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6f',
      meal: 'snacks',
      food: 'c:apple-raw',
      name: 'Яблоко',
      amount: 1,
      unit: 'serving',
      grams: 182,
      kcal: 95,
      protein: 0.5,
      fat: 0.3,
      carbs: 25.1,
      loggedAt: '2026-11-22T15:00:00.000Z',
      updatedAt: '2026-11-22T15:30:00.000Z',
    },
  ],
};

// Sums of tenths that floating point cannot hold exactly: the order of the additions shows.
const many: Day = {
  ...day,
  entries: [0.1, 0.7, 0.2, 0.3, 0.6].map((fraction, index) => ({
    ...day.entries[0]!,
    id: `0b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e6${index}`,
    kcal: 100 + fraction,
    protein: fraction,
    fat: fraction * 3,
    carbs: 10 + fraction,
  })),
};

/** The ref of a logged food stored as `record`, as an older or a hand-edited build might have. */
function storedFood(record: unknown[]): string {
  const ref = `t${shared.records.size}`;
  shared.records.set(`logged-food-${ref}`, JSON.stringify(record));
  return ref;
}

function storedWith(change: (entry: unknown[]) => void): string {
  const record = JSON.parse(encode(day));
  change(record.e[0]);
  return JSON.stringify(record);
}

describe('compact day records', () => {
  it('round-trips a day exactly', () => {
    expect(decode(encode(day))).toEqual({ ok: true, day, setAside: [] });
  });

  it('stores macros in tenths of a gram, and as they are when they have more decimals', () => {
    const [entry] = day.entries;
    expect(JSON.parse(encode(day)).e[0].slice(5, 9)).toEqual([95, 5, 3, 251]);
    const precise: Day = { ...day, entries: [{ ...entry!, protein: 0.55, fat: 1e-7 }] };
    const stored = JSON.parse(encode(precise)).e[0];
    expect(stored[1]).toBeGreaterThanOrEqual(12);
    expect(stored.slice(5, 9)).toEqual([95, 0.55, 1e-7, 25.1]);
    expect(decode(encode(precise))).toEqual({ ok: true, day: precise, setAside: [] });
  });

  it("round-trips entries in every meal, of one's own too, in both forms of the macros", () => {
    const everyMeal: Day = {
      ...day,
      entries: meals.flatMap((meal, index) => [
        { ...day.entries[0]!, id: `0b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e${index}0`, meal },
        { ...day.entries[0]!, id: `0b7f3c1e-8d2a-4c5b-9e6f-1a2b3c4d5e${index}1`, meal, protein: 0.55 },
      ]),
    };
    const text = encode(everyMeal);
    expect(decode(text)).toEqual({ ok: true, day: everyMeal, setAside: [] });
    expect(totalsOf(text)).toEqual({ ok: true, totals: dayTotals(everyMeal) });
  });

  it("stores a meal of one's own past what an older build reads, so that build sets it aside", () => {
    // The build before meals of one's own read a meal·unit under 24 (its check: isIndex(mealUnit,
    // 2 * TENTHS_BELOW)) and set any other entry aside, writing it back as it was.
    const own: Day = { ...day, entries: [{ ...day.entries[0]!, meal: 'meal5' }] };
    const [stored] = JSON.parse(encode(own)).e;
    expect(stored[1]).toBeGreaterThanOrEqual(2 * TENTHS_BELOW);
    const [first] = JSON.parse(encode(day)).e;
    expect(first[1]).toBeLessThan(2 * TENTHS_BELOW);
  });

  it('keeps the date in the record and stores ids in 22 characters', () => {
    const record = JSON.parse(encode(day));
    expect(record.date).toBe('2026-11-22');
    expect(record.e[0][0]).toHaveLength(22);
    expect(expandUuid(compactUuid(day.entries[0]!.id))).toBe(day.entries[0]!.id);
  });

  it('reads a day written as plain objects too', () => {
    expect(decode(JSON.stringify(day))).toEqual({ ok: true, day, setAside: [] });
  });

  it.each([
    ['a negative kcal', (e: unknown[]) => (e[5] = -5)],
    // Past meal8's block: the four meals' two blocks of 12, then the meals of one's own's two.
    ['an unknown meal', (e: unknown[]) => (e[1] = 48)],
    ['protein in tenths that is not a whole tenth', (e: unknown[]) => (e[6] = 14.6)],
    ['fat in tenths over the limit', (e: unknown[]) => (e[7] = 50_001)],
    ['a malformed id', (e: unknown[]) => (e[0] = 'not-an-id')],
    ['a logged food that is not stored', (e: unknown[]) => (e[2] = 'zzzzz')],
    ['a logged food with an empty name', (e: unknown[]) => (e[2] = storedFood(['c:apple-raw', '  ']))],
    ['a logged food with a NUL in its name', (e: unknown[]) => (e[2] = storedFood([null, 'a\u0000b']))],
    ['a logged food with a bad reference', (e: unknown[]) => (e[2] = storedFood(['http://x', 'Apple']))],
    ['a text amount', (e: unknown[]) => (e[3] = '150')],
    ['a fractional time', (e: unknown[]) => (e[4] = 0.5)],
    ['a time before 1970', (e: unknown[]) => (e[4] = -2e9)],
    ['a missing time', (e: unknown[]) => e.splice(4)],
    ['a kcal over the limit (3 kg of olive oil)', (e: unknown[]) => (e[5] = 26_520)],
    ['text grams', (e: unknown[]) => (e[9] = '182')],
    ['a fractional delta', (e: unknown[]) => (e[10] = 0.5)],
    ['a field too many', (e: unknown[]) => e.push(1)],
  ])('sets aside an entry with %s, as stored, and reads the rest of its day', (_label, change) => {
    const good = JSON.parse(encode(many)).e;
    const record = JSON.parse(storedWith(change));
    const bad = record.e[0];
    const text = JSON.stringify({ ...record, e: [good[0], bad, good[1]] });
    const rest = { ...day, entries: many.entries.slice(0, 2) };
    expect(decode(text)).toEqual({ ok: true, day: rest, setAside: [bad] });
    expect(totalsOf(text)).toEqual({ ok: true, totals: dayTotals(rest) });
    // Written back, the set-aside entry stays in the record exactly as it was.
    const rewritten = encode(rest, [bad]);
    expect(JSON.parse(rewritten).x).toEqual([bad]);
    expect(decode(rewritten)).toEqual({ ok: true, day: rest, setAside: [bad] });
  });

  it('sets aside an unreadable entry of a plain record too', () => {
    const bad = { ...day.entries[0]!, kcal: 26_520 };
    const text = JSON.stringify({ ...day, entries: [bad, ...day.entries] });
    expect(decode(text)).toEqual({ ok: true, day, setAside: [bad] });
  });

  it('salvages the readable entries of a record whose header is unreadable', () => {
    const record = JSON.parse(encode(many));
    const text = JSON.stringify({ ...record, goal: 'lots', e: [...record.e, ['junk']] });
    expect(decode(text).ok).toBe(false);
    expect(salvage(text)).toEqual({ entries: many.entries, setAside: [['junk']] });
    expect(salvage('not json')).toBeNull();
  });

  it('reads a day of more than 500 entries that an older build stored', () => {
    const entries = Array.from({ length: 501 }, (_, index) => ({
      ...day.entries[0]!,
      id: `0b7f3c1e-8d2a-4c5b-9e6f-${String(index).padStart(12, '0')}`,
    }));
    const decoded = decode(encode({ ...day, entries }));
    expect(decoded.ok && decoded.day.entries).toHaveLength(501);
  });

  it('refuses a day with an impossible date or goal', () => {
    const record = JSON.parse(encode(day));
    expect(decode(JSON.stringify({ ...record, date: '2026-02-30' })).ok).toBe(false);
    expect(decode(JSON.stringify({ ...record, goal: 'lots' })).ok).toBe(false);
    expect(decode('[]').ok).toBe(false);
    expect(decode('null').ok).toBe(false);
    expect(totalsOf(JSON.stringify({ ...record, date: '2026-02-30' })).ok).toBe(false);
    expect(totalsOf('not json').ok).toBe(false);
  });

  // The header of a record this app wrote is checked by hand, anything else by the day schema:
  // both paths must draw the same line.
  it.each([
    ['a month 13 timestamp', { updatedAt: '2026-13-01T00:00:00.000Z' }],
    ['a 30 February', { date: '2026-02-30' }],
    ['a goal of 0.5 kcal over the range', { goal: 10_000.5 }],
    ['a goal under the range', { goal: 499 }],
    ['a weight over the range', { weight: 500.1 }],
    ['a text weight', { weight: '70' }],
    ['water over the range', { water: 20_001 }],
    ['water under the range', { water: -250 }],
    ['a fraction of a ml of water', { water: 237.5 }],
    ['a text water', { water: '750' }],
    ['another record version', { v: 2 }],
    ['entries that are not a list', { e: {} }],
    ['set-aside entries that are not a list', { x: {} }],
  ])('refuses a day header with %s', (_label, change) => {
    const text = JSON.stringify({ ...JSON.parse(encode(day)), ...change });
    expect(decode(text).ok).toBe(false);
    expect(totalsOf(text).ok).toBe(false);
  });

  it.each([
    ['no weight at all', { weight: undefined }, { weight: null }],
    ['no water at all (an earlier build)', { water: undefined }, { water: 0 }],
    ['a timestamp with an offset', { updatedAt: '2026-11-22T23:00:00+03:00' }, {}],
    ['a timestamp without milliseconds', { updatedAt: '2026-11-22T20:00:00Z' }, {}],
    ['the edges of the ranges', { goal: 500, weight: 20 }, {}],
  ])('reads a day header with %s', (_label, change, expected) => {
    const text = JSON.stringify({ ...JSON.parse(encode(day)), ...change });
    const read = { ...day, ...change, ...expected };
    expect(decode(text)).toEqual({ ok: true, day: read, setAside: [] });
    expect(totalsOf(text)).toMatchObject({
      ok: true,
      totals: { date: read.date, goal: read.goal, weight: read.weight, water: read.water },
    });
  });

  it('totals a stored day to the very sums of its decoded entries, in both layouts', () => {
    for (const text of [encode(many), JSON.stringify(many)]) {
      const decoded = decode(text);
      if (!decoded.ok) throw new Error(decoded.reason);
      expect(totalsOf(text)).toEqual({ ok: true, totals: dayTotals(decoded.day) });
    }
    expect(totalsOf(encode({ ...day, entries: [] }))).toEqual({
      ok: true,
      totals: {
        date: day.date,
        goal: 2200,
        weight: 71.4,
        water: 750,
        activity: 0,
        details: null,
        entryCount: 0,
        kcal: 0,
        protein: 0,
        fat: 0,
        carbs: 0,
      },
    });
  });
});

describe('the sums stored in a day record', () => {
  const recordOf = (value: Day) => JSON.parse(encode(value)) as Record<string, unknown>;
  const withHeader = (change: Record<string, unknown>) => JSON.stringify({ ...recordOf(many), ...change });

  it('are written before the entries, as the day adds up', () => {
    const text = encode(many);
    const totals = dayTotals(many);
    expect(Object.keys(JSON.parse(text))).toEqual([
      'date',
      'goal',
      'weight',
      'water',
      'updatedAt',
      'v',
      't',
      'e',
    ]);
    expect(JSON.parse(text).t).toEqual([5, totals.kcal, totals.protein, totals.fat, totals.carbs]);
    expect(readDaySummary(text)).toEqual(totals);
    expect(totalsOf(text)).toEqual({ ok: true, totals: readDaySummary(text) });
    // A day without a weigh-in or water leaves the fields out.
    const empty = { ...day, weight: null, water: 0, entries: [] };
    expect(Object.keys(JSON.parse(encode(empty)))).not.toContain('weight');
    expect(Object.keys(JSON.parse(encode(empty)))).not.toContain('water');
    // Water alone, without a weight, is read from the header too.
    const waterOnly = { ...day, weight: null, water: 20_000 };
    expect(readDaySummary(encode(waterOnly))).toEqual(dayTotals(waterOnly));
    expect(readDaySummary(encode(empty))).toEqual(dayTotals(empty));
    expect(decode(encode(empty))).toEqual({ ok: true, day: empty, setAside: [] });
  });

  it('are not needed: a record written before them is read in full as it was', () => {
    const older = recordOf(many);
    delete older.t;
    const text = JSON.stringify(older);
    expect(readDaySummary(text)).toBeNull();
    expect(decode(text)).toEqual({ ok: true, day: many, setAside: [] });
    expect(totalsOf(text)).toEqual({ ok: true, totals: dayTotals(many) });
    expect(readDaySummary(JSON.stringify(many))).toBeNull();
  });

  it('never decide a full read: the entries do', () => {
    const text = withHeader({ t: [1, 5, 0, 0, 0] });
    expect(readDaySummary(text)).toMatchObject({ entryCount: 1, kcal: 5 });
    expect(decode(text)).toEqual({ ok: true, day: many, setAside: [] });
    expect(totalsOf(text)).toEqual({ ok: true, totals: dayTotals(many) });
    // The schema's path (a timestamp with an offset is not what this app writes) reads them too.
    const offset = withHeader({ updatedAt: '2026-11-22T23:00:00+03:00' });
    expect(decode(offset)).toEqual({
      ok: true,
      day: { ...many, updatedAt: '2026-11-22T23:00:00+03:00' },
      setAside: [],
    });
  });

  it.each([
    ['not a list', { t: 'lots' }],
    ['four sums', { t: [3, 300, 1, 3] }],
    ['a negative sum', { t: [3, -1, 1, 3, 30] }],
    ['a text sum', { t: [3, '300', 1, 3, 30] }],
    ['a fractional count', { t: [2.5, 300, 1, 3, 30] }],
    ['over 500 entries', { t: [501, 300, 1, 3, 30] }],
    ['more kcal than its entries can hold', { t: [1, 20_000.5, 1, 3, 30] }],
    ['sums without entries', { t: [0, 1, 0, 0, 0] }],
    ['an impossible date', { date: '2026-02-30' }],
    ['a goal under the range', { goal: 499 }],
    ['another record version', { v: 2 }],
    ['a timestamp with an offset', { updatedAt: '2026-11-22T23:00:00+03:00' }],
  ])('are not read at a glance from a header with %s', (_label, change) => {
    expect(readDaySummary(withHeader(change))).toBeNull();
  });

  it('are read only from a header exactly as this app writes it, before the entries', () => {
    // Sums written after the entries, or fields in another order, are not that header.
    const { t, e, ...fields } = recordOf(many);
    expect(readDaySummary(JSON.stringify({ ...fields, e, t }))).toBeNull();
    const { date, ...rest } = recordOf(many);
    expect(readDaySummary(JSON.stringify({ ...rest, date }))).toBeNull();
    // Text where a field should be, a header cut short, or no header at all.
    expect(readDaySummary(withHeader({ updatedAt: ',"e":[' }))).toBeNull();
    expect(readDaySummary(`${encode(many).slice(0, 40)},"e":[`)).toBeNull();
    expect(readDaySummary('not json,"e":[]}')).toBeNull();
    expect(readDaySummary('[1,"e":[]')).toBeNull();
  });

  it('are read as JSON writes them, exponents included', () => {
    // A sum under a millionth is written with an exponent (1e-7); it must read as that number.
    const tiny: Day = { ...day, entries: [{ ...day.entries[0]!, fat: 1e-7 }] };
    expect(JSON.parse(encode(tiny)).t[3]).toBe(1e-7);
    expect(encode(tiny)).toContain('1e-7');
    expect(readDaySummary(encode(tiny))).toEqual(dayTotals(tiny));
  });
});

describe('entries of the earlier layout (decision 0039)', () => {
  /** An entry as the build before decision 0040 stored it. */
  const legacy = (entry: Day['entries'][number]): unknown[] => {
    const loggedAt = Date.parse(entry.loggedAt) / 1000;
    const delta = Date.parse(entry.updatedAt) / 1000 - loggedAt;
    const stored = [
      compactUuid(entry.id),
      ['breakfast', 'lunch', 'dinner', 'snacks'].indexOf(entry.meal),
      entry.food,
      entry.name,
      entry.amount,
      ['g', 'serving', 'kcal'].indexOf(entry.unit),
      entry.grams,
      entry.kcal,
      entry.protein,
      entry.fat,
      entry.carbs,
      loggedAt,
    ];
    return delta === 0 ? stored : [...stored, delta];
  };
  const legacyText = (value: Day, entries = value.entries.map(legacy)) =>
    JSON.stringify({ ...JSON.parse(encode({ ...value, entries: [] })), e: entries });

  it('are read as they were, and their sums are the same', () => {
    const text = legacyText(many);
    expect(decode(text)).toEqual({ ok: true, day: many, setAside: [] });
    expect(totalsOf(text)).toEqual({ ok: true, totals: dayTotals(many) });
  });

  it('are written in the current layout the next time their day is written', () => {
    const read = decode(legacyText(day));
    if (!read.ok) throw new Error(read.reason);
    const rewritten = JSON.parse(encode(read.day));
    expect(rewritten.e[0].length).toBeLessThan(12);
    expect(decode(JSON.stringify(rewritten))).toEqual({ ok: true, day, setAside: [] });
  });

  it('are read alongside entries of the current layout in one record', () => {
    const current = JSON.parse(encode({ ...many, entries: many.entries.slice(2) })).e;
    const text = legacyText(many, [...many.entries.slice(0, 2).map(legacy), ...current]);
    expect(decode(text)).toEqual({ ok: true, day: many, setAside: [] });
    expect(totalsOf(text)).toEqual({ ok: true, totals: dayTotals(many) });
  });

  it.each([
    ['a negative kcal', (e: unknown[]) => (e[7] = -5)],
    ['an unknown meal', (e: unknown[]) => (e[1] = 9)],
    ['an empty name', (e: unknown[]) => (e[3] = '  ')],
    ['a text amount', (e: unknown[]) => (e[4] = '150')],
    ['a bad food reference', (e: unknown[]) => (e[2] = 'http://x')],
    ['a kcal over the limit (3 kg of olive oil)', (e: unknown[]) => (e[7] = 26_520)],
    ['a NUL in the name', (e: unknown[]) => (e[3] = 'a\u0000b')],
    ['a nutrients ref that is not stored', (e: unknown[]) => e.push('zzzzz')],
  ])('are set aside with %s', (_label, change) => {
    const bad = legacy(day.entries[0]!);
    change(bad);
    const text = legacyText(many, [legacy(many.entries[0]!), bad]);
    const rest = { ...many, entries: many.entries.slice(0, 1) };
    expect(decode(text)).toEqual({ ok: true, day: rest, setAside: [bad] });
  });
});
