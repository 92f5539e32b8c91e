import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '@/lib/diary/dates';
import {
  estimateExpenditure,
  expenditureHistory,
  KCAL_PER_KG,
  NEEDS,
  goalForRate,
  WINDOW_DAYS,
  type IntakeDay,
  type WeighIn,
} from '@/lib/diary/expenditure';
import { inRange, LIMITS } from '@/lib/limits';
import { propertyRuns } from '../support/arbitraries';

const END = '2026-11-27';

/** mulberry32: a small seeded generator, so every simulated diary is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Box-Muller.
  const normal = (sd: number) =>
    sd * Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return { uniform, normal };
}

type Diary = { days: IntakeDay[]; weights: WeighIn[]; truth: number };

/**
 * A diary whose true expenditure is known: each day's intake scatters around `intake`, the body
 * stores or burns the difference at KCAL_PER_KG, and each weigh-in adds the morning's scatter
 * (water, the gut) and, on some days, a water swing of a kilogram or more that passes in a few
 * days (a salty dinner, a hard training day).
 */
function simulate(
  seed: number,
  options: {
    truth?: number;
    intake?: number;
    logged?: number;
    weighIns?: number;
    scatterKg?: number;
    swings?: boolean;
    days?: number;
  } = {},
): Diary {
  const { truth = 2500, intake = 2000, logged = 1, weighIns = 1, scatterKg = 0.3, swings = false } = options;
  const length = options.days ?? WINDOW_DAYS;
  const { uniform, normal } = random(seed);
  const days: IntakeDay[] = [];
  const weights: WeighIn[] = [];
  let tissue = 80;
  let water = 0;
  for (let index = 0; index < length; index++) {
    const date = addDays(END, index - length + 1);
    const eaten = Math.max(0, Math.round(intake + normal(350)));
    // Weighed in the morning, before the day's eating.
    if (swings && uniform() < 0.1) water += 1 + uniform();
    if (uniform() < weighIns)
      weights.push({ date, weight: Math.round((tissue + water + normal(scatterKg)) * 10) / 10 });
    water *= 0.6;
    tissue += (eaten - truth) / KCAL_PER_KG;
    const isLogged = uniform() < logged;
    days.push({ date, kcal: isLogged ? eaten : 0, logged: isLogged });
  }
  return { days, weights, truth };
}

function run(diaries: Diary[]) {
  const results = diaries.map(({ days, weights, truth }) => {
    const estimate = estimateExpenditure(days, weights, END);
    if (!estimate.ok) throw new Error(`no estimate: ${JSON.stringify(estimate.have)}`);
    return {
      error: estimate.kcal - truth,
      covered: estimate.low <= truth && truth <= estimate.high,
      estimate,
    };
  });
  const errors = results.map((result) => Math.abs(result.error)).sort((a, b) => a - b);
  return {
    results,
    median: errors[Math.floor(errors.length / 2)]!,
    p90: errors[Math.floor(errors.length * 0.9)]!,
    coverage: results.filter((result) => result.covered).length / results.length,
    width:
      results.reduce((sum, result) => sum + result.estimate.high - result.estimate.low, 0) / results.length,
  };
}

const seeds = Array.from({ length: 300 }, (_, index) => index + 1);

describe('the expenditure estimate on simulated diaries', () => {
  it('is within ±100 kcal after 28 days of complete data, and its interval holds the truth', () => {
    const complete = run(seeds.map((seed) => simulate(seed)));
    // Nine in ten of 300 diaries within ±100 kcal; half within ±30.
    expect(complete.p90).toBeLessThanOrEqual(100);
    expect(complete.median).toBeLessThanOrEqual(40);
    // The 90 % interval holds the truth about nine times in ten.
    expect(complete.coverage).toBeGreaterThanOrEqual(0.85);
    const high = complete.results.filter(
      (result) => result.estimate.ok && result.estimate.confidence === 'high',
    );
    expect(high.length / complete.results.length).toBeGreaterThanOrEqual(0.9);
  });

  it('works for maintaining and gaining too', () => {
    for (const intake of [2500, 2900]) {
      const diaries = run(seeds.slice(0, 100).map((seed) => simulate(seed, { intake })));
      expect(diaries.p90).toBeLessThanOrEqual(100);
    }
  });

  it('widens its interval and says why when days go unlogged and weigh-ins are few', () => {
    const complete = run(seeds.map((seed) => simulate(seed)));
    const sparse = run(seeds.map((seed) => simulate(seed, { logged: 0.7, weighIns: 0.35 })).filter(enough));
    expect(sparse.width).toBeGreaterThan(complete.width * 1.4);
    expect(sparse.coverage).toBeGreaterThanOrEqual(0.85);
    const doubts = sparse.results.flatMap((result) => (result.estimate.ok ? result.estimate.doubts : []));
    expect(doubts).toContain('gapsInLogging');
    expect(doubts).toContain('fewWeighIns');
  });

  it('is less sure through water swings of one to two kilograms, and says so with a wider interval', () => {
    const complete = run(seeds.map((seed) => simulate(seed)));
    // A swing on one day in ten, half of it gone each day or two: harsher than most weeks.
    const swinging = run(seeds.map((seed) => simulate(seed, { swings: true })));
    expect(swinging.median).toBeLessThanOrEqual(150);
    expect(swinging.width).toBeGreaterThan(complete.width * 1.5);
    expect(swinging.coverage).toBeGreaterThanOrEqual(0.75);
  });

  it('gives none until there is enough, and says what there is', () => {
    const { days, weights } = simulate(1, { days: 10 });
    expect(estimateExpenditure(days, weights, END)).toEqual({
      ok: false,
      have: { loggedDays: 10, weighIns: 10, weighInSpanDays: 9 },
    });
    const full = simulate(1);
    // Enough logged days, but three weigh-ins.
    const few = estimateExpenditure(full.days, full.weights.slice(0, NEEDS.weighIns - 1), END);
    expect(few).toMatchObject({ ok: false, have: { loggedDays: 28, weighIns: 3 } });
  });

  it('shows no figure when the data add up to no human expenditure: a weight typed 180 for 80', () => {
    const { days, weights } = simulate(3);
    // The last four weigh-ins typed with a 1 in front: 100 kg gained in days.
    const typos = weights.map((weighIn, index) =>
      index >= weights.length - 4 ? { ...weighIn, weight: weighIn.weight + 100 } : weighIn,
    );
    const estimate = estimateExpenditure(days, typos, END);
    expect(estimate.ok).toBe(false);
    if (estimate.ok) return;
    expect(estimate.implausible).toBeDefined();
    expect(inRange(estimate.implausible!, LIMITS.expenditureKcal)).toBe(false);
    expect(estimate.have).toMatchObject({ loggedDays: 28 });
  });

  it('gives a figure only within a human range, whatever the weigh-ins (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 20, max: 500, noNaN: true }), { minLength: 28, maxLength: 28 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 28, maxLength: 28 }),
        (kilograms, intakes) => {
          const days = intakes.map((kcal, index) => ({ date: addDays(END, index - 27), kcal, logged: true }));
          const weights = kilograms.map((weight, index) => ({ date: addDays(END, index - 27), weight }));
          const estimate = estimateExpenditure(days, weights, END);
          if (estimate.ok) expect(inRange(estimate.kcal, LIMITS.expenditureKcal)).toBe(true);
          else
            expect(
              estimate.implausible === undefined || !inRange(estimate.implausible, LIMITS.expenditureKcal),
            ).toBe(true);
        },
      ),
      propertyRuns,
    );
  });

  it('judges the figure as shown: a burn that rounds to the edge of the range is a figure, not "implausible"', () => {
    // Found by the property above (seed 1664486196): about 7,003 kcal, shown as 7,000, had been
    // called implausible while naming 7,000, a figure within the range.
    const kilograms = [
      150.44973877466214, 74.70282622621814, 20.000000000000043, 20.000000000000032, 401.6813390234454,
      20.00000000000001, 369.3880105421273, 138.62159352531353, 42.119037798109375, 220.6975198468003,
      132.21544244312906, 190.72736441358234, 499.9999999998753, 252.046229982371, 20, 20, 20,
      283.7744676812245, 390.7017027227982, 411.06772944256244, 20, 107.70566096230561, 104.4665601148595,
      47.95903613517403, 49.82778839985365, 61.93785447283588, 321.671357536832, 20,
    ];
    const intakes = [
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3322, 13, 19988, 13795, 15272, 18196, 19100,
      2711, 0,
    ];
    const days = intakes.map((kcal, index) => ({ date: addDays(END, index - 27), kcal, logged: true }));
    const weights = kilograms.map((weight, index) => ({ date: addDays(END, index - 27), weight }));
    const estimate = estimateExpenditure(days, weights, END);
    if (estimate.ok) expect(estimate.kcal).toBe(LIMITS.expenditureKcal.max);
    else expect(inRange(estimate.implausible!, LIMITS.expenditureKcal)).toBe(false);
  });

  it('looks only at the 28 days up to its end', () => {
    const long = simulate(7, { days: 60 });
    const recent = {
      days: long.days.slice(-WINDOW_DAYS),
      weights: long.weights.filter((weighIn) => weighIn.date >= addDays(END, -WINDOW_DAYS + 1)),
    };
    expect(estimateExpenditure(long.days, long.weights, END)).toEqual(
      estimateExpenditure(recent.days, recent.weights, END),
    );
  });

  it('moves one for one with what is eaten, and the other way with the trend', () => {
    const { days, weights } = simulate(3);
    fc.assert(
      fc.property(
        fc.integer({ min: -500, max: 500 }),
        fc.integer({ min: -10, max: 10 }),
        (extra, kgPerWeek) => {
          const base = estimateExpenditure(days, weights, END);
          const more = estimateExpenditure(
            days.map((day) => ({ ...day, kcal: day.kcal + extra })),
            weights,
            END,
          );
          const steeper = estimateExpenditure(
            days,
            weights.map((weighIn) => ({
              ...weighIn,
              weight: weighIn.weight + (dayIndex(weighIn.date) * kgPerWeek) / 70,
            })),
            END,
          );
          if (!base.ok || !more.ok || !steeper.ok) throw new Error('no estimate');
          expect(Math.abs(more.kcal - base.kcal - extra)).toBeLessThanOrEqual(10);
          expect(Math.abs(steeper.kcal - base.kcal + (kgPerWeek / 70) * KCAL_PER_KG)).toBeLessThanOrEqual(10);
        },
      ),
      propertyRuns,
    );
  });

  it('keeps its history week by week', () => {
    const { days, weights } = simulate(5, { days: 56 });
    const history = expenditureHistory(days, weights, END, 5);
    expect(history.map((point) => point.date)).toEqual([
      addDays(END, -28),
      addDays(END, -21),
      addDays(END, -14),
      addDays(END, -7),
      END,
    ]);
    expect(history.at(-1)!.estimate).toEqual(estimateExpenditure(days, weights, END));
  });
});

describe('the goal for a rate of change', () => {
  it('takes 1,100 kcal a day off for each kilogram a week', () => {
    expect(goalForRate(2500, -0.5, 'male')).toBe(1950);
    expect(goalForRate(2500, 0, null)).toBe(2500);
    expect(goalForRate(2200, 0.25, 'female')).toBe(2480);
  });

  it('never goes under the safe floor, the higher one when the sex is unknown', () => {
    expect(goalForRate(1600, -0.75, 'female')).toBe(1200);
    expect(goalForRate(1600, -0.75, 'male')).toBe(1500);
    expect(goalForRate(1600, -0.75, null)).toBe(1500);
    expect(goalForRate(12_000, 0.25, null)).toBe(10_000);
  });
});

const enough = (diary: Diary) => estimateExpenditure(diary.days, diary.weights, END).ok;
const dayIndex = (date: string) =>
  (Date.parse(date) - Date.parse(addDays(END, -WINDOW_DAYS + 1))) / 86_400_000;
