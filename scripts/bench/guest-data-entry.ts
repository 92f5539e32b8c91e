// Bundled by scripts/bench/guest-data.mjs and run in Chromium at the app's origin: writes ten
// years of a guest diary to localStorage through the real storage format, then times the
// stats page's computations over it, each first visit in a page of its own.
import { addDays, todayIso } from '@/lib/diary/dates';
import { dayTotals, statsReport } from '@/lib/diary/stats';
import { STORAGE_QUOTA_CHARS, storageUsage } from '@/lib/data/guest/storage-usage';
import { encodeDay } from '@/lib/data/guest/day-codec';
import { memorySharedRecords, storageSharedRecords } from '@/lib/data/guest/shared-records';
import { NUTRIENTS, nutrientKeys, roundNutrient, type Nutrients } from '@/lib/diary/nutrients';
import { GuestRepository } from '@/lib/data/guest/guest-repository';
import { DAY_KEY_PREFIX, dayKey } from '@/lib/data/guest/storage-keys';
import type { Day } from '@/lib/schemas/day';
import type { Entry } from '@/lib/schemas/entry';
import { THEME_STORAGE_KEY } from '@/lib/preferences/themes';

const FOODS = [
  ['Овсянка на молоке', 250, 1],
  ['Greek yogurt 2%', 170, 2],
  ['Банан', 120, 3],
  ['Coffee with milk', 250, 4],
  ['Гречка с курицей', 300, 5],
  ['Borscht with sour cream', 350, 6],
  ['Салат оливье', 150, 7],
  ['Chicken breast, grilled', 180, 8],
  ['Рис отварной', 200, 9],
  ['Apple', 180, 10],
  ['Творог 5%', 200, 11],
  ['Whole wheat bread', 60, 12],
  ['Пельмени', 250, 13],
  ['Salmon fillet, baked', 150, 14],
  ['Кефир 2,5%', 250, 15],
  ['Dark chocolate 70%', 25, 16],
] as const;

function uuid(seed: number): string {
  const hex = (seed >>> 0).toString(16).padStart(8, '0');
  const rand = Array.from({ length: 24 }, (_, i) => ((seed * 31 + i * 7919) % 16).toString(16)).join('');
  return `${hex}-${rand.slice(0, 4)}-4${rand.slice(5, 8)}-a${rand.slice(9, 12)}-${rand.slice(12, 24)}`;
}

/**
 * A heavy guest: 15 entries a day from 400 foods, and a typical one: 8 a day from 60; each food
 * with all 22 nutrients (as USDA gives most of them), eaten in varying amounts. Nutrient figures
 * per 100 g at USDA's precision.
 */
type Diet = { perDay: number; foods: number };
const HEAVY: Diet = { perDay: 15, foods: 400 };
const TYPICAL: Diet = { perDay: 8, foods: 60 };
const heavyNutrients = (food: number): Nutrients =>
  Object.fromEntries(
    nutrientKeys.map((key, index) => [
      key,
      roundNutrient(
        key,
        ((food * 7919 + index * 104729) % 100_000) / (NUTRIENTS[key].unit === 'g' ? 5_000 : 300),
      ),
    ]),
  );

function makeHeavyDay(date: string, index: number, withNutrients: boolean, diet: Diet): Day {
  const entries: Entry[] = Array.from({ length: diet.perDay }, (_, slot) => {
    const food = (index * 11 + slot * 37) % diet.foods;
    const [name] = FOODS[food % FOODS.length]!;
    const grams = 40 + ((index + slot * 13) % 260);
    const time = `${date}T${String(6 + slot).padStart(2, '0')}:${String((slot * 7) % 60).padStart(2, '0')}:00.000Z`;
    const kcal = Math.round(grams * (0.6 + ((index + slot) % 7) * 0.25));
    return {
      id: uuid(index * 32 + slot),
      meal: (['breakfast', 'lunch', 'dinner', 'snacks'] as const)[Math.min(3, Math.floor(slot / 4))]!,
      food: food + 1,
      name: `${name} ${food}`,
      amount: grams,
      unit: 'g',
      grams,
      kcal,
      protein: Math.round(kcal * 0.6) / 10,
      fat: Math.round(kcal * 0.35) / 10,
      carbs: Math.round(kcal * 1.2) / 10,
      ...(withNutrients ? { nutrients: heavyNutrients(food) } : {}),
      loggedAt: time,
      updatedAt: time,
    };
  });
  return {
    date,
    goal: 2200,
    weight: index % 3 === 0 ? 80 - index / 500 : null,
    // Water on most days, as a diary that tracks it has.
    water: index % 5 === 0 ? 0 : 1000 + (index % 7) * 250,
    activities: [],
    entries,
    updatedAt: `${date}T22:00:00.000Z`,
  };
}

declare global {
  interface Window {
    measureHeavy: (diet: 'heavy' | 'typical') => Record<string, number>;
    writeTenYears: () => Record<string, number | string>;
    dropStoredSums: () => void;
    timeFirstVisit: () => Promise<{ storageOpenMs: number; firstVisitMs: number }>;
    timeWarm: () => Promise<{
      decodeAllMs: number;
      computeMs: number;
      lateCheckMs: number;
      lateCheckSlices: number;
      tenYears: number[];
      oneYear: number[];
    }>;
  }
}

const DAYS = 3650;
const range = () => {
  const today = todayIso();
  return { from: addDays(today, -(DAYS - 1)), today };
};

/**
 * What ten years of the heavy guest take in the real storage format, with and without their
 * nutrients (the sets stored once each, as the app stores them), counted as the browser counts
 * (keys and values) without writing them.
 */
window.measureHeavy = (which) => {
  const diet = which === 'heavy' ? HEAVY : TYPICAL;
  const { from } = range();
  const without = memorySharedRecords();
  const shared = memorySharedRecords();
  let withoutChars = 0;
  let withChars = 0;
  let entries = 0;
  for (let index = 0; index < DAYS; index++) {
    const date = addDays(from, index);
    const key = dayKey(date);
    withoutChars += key.length + encodeDay(makeHeavyDay(date, index, false, diet), [], without).length;
    const day = makeHeavyDay(date, index, true, diet);
    entries += day.entries.length;
    withChars += key.length + encodeDay(day, [], shared).length;
  }
  const charsOf = (records: Map<string, string>) =>
    [...records].reduce((sum, [key, value]) => sum + key.length + value.length, 0);
  withoutChars += charsOf(without.records);
  const setChars = charsOf(shared.records);
  return {
    entries,
    withoutChars,
    withChars,
    setChars,
    sets: shared.records.size,
    quotaChars: STORAGE_QUOTA_CHARS,
  };
};

/**
 * Writes ten years of the heavy guest's days, with nutrients, through the real storage format;
 * answers what they take.
 */
window.writeTenYears = () => {
  localStorage.clear();
  const shared = storageSharedRecords(localStorage, (key, value) => localStorage.setItem(key, value));
  const { from } = range();
  let entries = 0;
  let plainChars = 0;
  let writeError = '';
  for (let index = 0; index < DAYS; index++) {
    const day = makeHeavyDay(addDays(from, index), index, true, HEAVY);
    entries += day.entries.length;
    plainChars += dayKey(day.date).length + JSON.stringify(day).length;
    try {
      localStorage.setItem(dayKey(day.date), encodeDay(day, [], shared));
    } catch (error) {
      writeError = `write failed on day ${index}: ${String(error)}`;
      break;
    }
  }
  const storedChars = Math.round(storageUsage(localStorage) * STORAGE_QUOTA_CHARS);
  return { days: DAYS, entries, storedChars, plainChars, quotaChars: STORAGE_QUOTA_CHARS, writeError };
};

/** Rewrites every day as a build before the stored sums wrote it (`t` dropped, nothing else). */
window.dropStoredSums = () => {
  for (const key of Object.keys(localStorage)) {
    if (!key.startsWith(DAY_KEY_PREFIX)) continue;
    const record = JSON.parse(localStorage.getItem(key)!);
    delete record.t;
    localStorage.setItem(key, JSON.stringify(record));
  }
};

/**
 * The stats page's first visit, in a page that has run nothing else (cold code, as for a real
 * visitor): a fresh repository reads every record for the report (the streaks need all of
 * them), through the same call the page makes. Before it, as on every page, the theme's inline
 * script reads its key: a browser loads an origin's whole storage on its first use, so that
 * read, while the HTML is parsed, is what carries the cost of the 3 MB; it is timed apart.
 */
window.timeFirstVisit = async () => {
  const { from, today } = range();
  let start = performance.now();
  localStorage.getItem(THEME_STORAGE_KEY);
  const storageOpenMs = performance.now() - start;
  start = performance.now();
  await new GuestRepository(localStorage).getStats(from, today, today);
  return { storageOpenMs, firstVisitMs: performance.now() - start };
};

/** For comparison, full reads; then the page switching ranges, with the records already read. */
window.timeWarm = async () => {
  const { from, today } = range();
  // Reading every day in full (entries with ids and times), as an export does.
  let start = performance.now();
  const all = await new GuestRepository(localStorage).listDays('0000-01-01', '9999-12-31');
  const decodeAllMs = performance.now() - start;
  start = performance.now();
  statsReport(all.map(dayTotals), from, today, today);
  const computeMs = performance.now() - start;

  // The first report's late check: every day read in full, in the slices the browser runs.
  const slices: Array<() => void> = [];
  await new GuestRepository(localStorage, undefined, (task) => slices.push(task)).getStats(
    from,
    today,
    today,
  );
  let lateCheckSlices = 0;
  start = performance.now();
  for (; slices.length > 0; lateCheckSlices++) slices.shift()!();
  const lateCheckMs = performance.now() - start;

  const repository = new GuestRepository(localStorage);
  await repository.getStats(from, today, today);
  const tenYears: number[] = [];
  const oneYear: number[] = [];
  for (let run = 0; run < 7; run++) {
    start = performance.now();
    await repository.getStats(from, today, today);
    tenYears.push(performance.now() - start);
    start = performance.now();
    await repository.getStats(addDays(today, -364), today, today);
    oneYear.push(performance.now() - start);
  }
  return { decodeAllMs, computeMs, lateCheckMs, lateCheckSlices, tenYears, oneYear };
};
