import { GOAL_KCAL, inRange, LIMITS } from '@/lib/limits';
import { addDays, dayNumber } from './dates';
import { SAFE_GOAL_FLOOR } from './goal-calculator';

/**
 * The energy a user really spends a day, learnt from what they log and how their weight moves
 * (docs/decisions/0041-expenditure-from-intake-and-weight-trend.md).
 *
 * Over the last WINDOW_DAYS days: expenditure = mean intake − slope of the weight trend × the
 * energy of a kilogram of body mass. The slope is the least-squares line through the
 * weigh-ins, so a single heavy morning moves it little, and the interval says how sure the
 * figure is: it widens with days not logged (their intake is unknown) and with few or noisy
 * weigh-ins (the slope is then loose).
 */

/** kcal in a kilogram of body mass lost or gained: 3,500 kcal a pound (Wishnofsky, 1958). */
export const KCAL_PER_KG = 7700;
/** The days an estimate looks back over, its last day included. */
export const WINDOW_DAYS = 28;
/** What an estimate needs at least: logged days, weigh-ins, and days between the first and last weigh-in. */
export const NEEDS = { loggedDays: 14, weighIns: 4, weighInSpanDays: 14 } as const;
/**
 * The day-to-day scatter of a weigh-in around its trend assumed at least (kg): water and food in
 * the gut move a morning weight by about this much, and a few weigh-ins that happen to lie on a
 * line must not pass for certainty.
 */
const MIN_WEIGHT_SCATTER_KG = 0.3;
/** Below these an estimate names its doubt: a week of the window unlogged, under two weigh-ins a week, under three weeks between the first and last. */
const DOUBT_BELOW = { loggedDays: WINDOW_DAYS - 7, weighIns: 8, weighInSpanDays: 21 } as const;
/** Weigh-ins straying more than this from their trend (kg) are called noisy. */
const NOISY_SCATTER_KG = 1;
/** z of a two-sided 90 % interval. */
const Z_90 = 1.645;

export type IntakeDay = { date: string; kcal: number; logged: boolean };
export type WeighIn = { date: string; weight: number };

/** Why an estimate is less sure than it could be. */
export type Doubt = 'gapsInLogging' | 'fewWeighIns' | 'shortWeighInSpan' | 'noisyWeight';

export type Expenditure =
  | {
      ok: true;
      /** kcal a day, and the 90 % interval around it, rounded to 10 kcal. */
      kcal: number;
      low: number;
      high: number;
      confidence: 'high' | 'medium' | 'low';
      doubts: Doubt[];
      /** The weight trend's change, kg a week (negative: losing). */
      trendKgPerWeek: number;
      averageIntake: number;
      loggedDays: number;
      weighIns: number;
    }
  | {
      ok: false;
      /** What the window holds of each need (NEEDS), for "log 3 more days". */
      have: { loggedDays: number; weighIns: number; weighInSpanDays: number };
      /**
       * Enough data, but what it adds up to is no human's expenditure (outside
       * LIMITS.expenditureKcal, rounded to 10 kcal): a mistyped weight or intake, most likely.
       */
      implausible?: number;
    };

const round10 = (value: number) => Math.round(value / 10) * 10;

/**
 * The estimate for the WINDOW_DAYS days up to `end` (inclusive), from the days' intake and the
 * weigh-ins; days and weigh-ins outside the window are ignored.
 */
export function estimateExpenditure(
  days: readonly IntakeDay[],
  weights: readonly WeighIn[],
  end: string,
): Expenditure {
  const last = dayNumber(end);
  const first = last - WINDOW_DAYS + 1;
  const inWindow = (date: string) => {
    const day = dayNumber(date);
    return day >= first && day <= last;
  };
  const intakes = days.filter((day) => day.logged && inWindow(day.date)).map((day) => day.kcal);
  const points = weights
    .filter((weighIn) => inWindow(weighIn.date))
    .map((weighIn) => ({ x: dayNumber(weighIn.date) - first, y: weighIn.weight }));
  const span =
    points.length > 0 ? Math.max(...points.map((p) => p.x)) - Math.min(...points.map((p) => p.x)) : 0;
  const have = { loggedDays: intakes.length, weighIns: points.length, weighInSpanDays: span };
  if (have.loggedDays < NEEDS.loggedDays || have.weighIns < NEEDS.weighIns || span < NEEDS.weighInSpanDays)
    return { ok: false, have };

  const n = intakes.length;
  const averageIntake = intakes.reduce((sum, kcal) => sum + kcal, 0) / n;
  const intakeVariance = intakes.reduce((sum, kcal) => sum + (kcal - averageIntake) ** 2, 0) / (n - 1);
  // The days not logged ate an unknown amount, taken as the logged days' mean: their share of
  // the window's intake is a guess (finite-population variance of the mean). All logged: none.
  const unknownIntakeVariance = (intakeVariance * (WINDOW_DAYS - n)) / (WINDOW_DAYS * n);

  // What was eaten before each morning of the window; a weigh-in is taken as a morning's.
  const eaten = new Array<number>(WINDOW_DAYS).fill(averageIntake);
  for (const day of days) if (day.logged && inWindow(day.date)) eaten[dayNumber(day.date) - first] = day.kcal;
  const eatenBefore = [0];
  for (let index = 0; index < WINDOW_DAYS; index++) eatenBefore.push(eatenBefore[index]! + eaten[index]!);
  // Energy balance: weight = start + (eaten so far − expenditure × days) / KCAL_PER_KG + scatter.
  // Taking what was eaten out of each weigh-in leaves a line whose slope is −expenditure /
  // KCAL_PER_KG; a big day's intake then explains the next morning's weight instead of blurring
  // the trend.
  const balance = trendLine(points.map((p) => ({ x: p.x, y: p.y - eatenBefore[p.x]! / KCAL_PER_KG })));
  const kcal = -balance.slope * KCAL_PER_KG;
  const standardError = Math.sqrt(unknownIntakeVariance + balance.slopeVariance * KCAL_PER_KG ** 2);
  const halfWidth = Z_90 * standardError;
  const trendKgPerDay = trendLine(points).slope;

  const doubts: Doubt[] = [];
  if (n < DOUBT_BELOW.loggedDays) doubts.push('gapsInLogging');
  if (points.length < DOUBT_BELOW.weighIns) doubts.push('fewWeighIns');
  if (span < DOUBT_BELOW.weighInSpanDays) doubts.push('shortWeighInSpan');
  if (balance.scatter > NOISY_SCATTER_KG) doubts.push('noisyWeight');
  // Judged as shown (to 10 kcal): 7,003 kcal is shown as 7,000, a figure within the range. Out
  // of it, said as what it is rather than shown as a figure, nor turned into a goal.
  const shown = round10(kcal);
  if (!inRange(shown, LIMITS.expenditureKcal)) return { ok: false, have, implausible: shown };
  return {
    ok: true,
    kcal: shown,
    low: round10(kcal - halfWidth),
    high: round10(kcal + halfWidth),
    confidence: halfWidth <= 150 ? 'high' : halfWidth <= 300 ? 'medium' : 'low',
    doubts,
    trendKgPerWeek: Math.round(trendKgPerDay * 7 * 100) / 100,
    averageIntake: Math.round(averageIntake),
    loggedDays: n,
    weighIns: points.length,
  };
}

/**
 * The trend line through the weigh-ins: least squares with Huber's weights (a few rounds of
 * reweighting), so a morning a kilogram up from water counts for less than one on the trend
 * without throwing it away. Gives the slope a day, its variance, and the weigh-ins' scatter
 * around the line (kg, from the median absolute residual).
 */
function trendLine(points: ReadonlyArray<{ x: number; y: number }>) {
  const weights = points.map(() => 1);
  let line = weightedLine(points, weights);
  let scale = MIN_WEIGHT_SCATTER_KG;
  for (let round = 0; round < HUBER_ROUNDS; round++) {
    const residuals = points.map((p) => p.y - line.at(p.x));
    scale = Math.max(median(residuals.map(Math.abs)) / 0.6745, MIN_WEIGHT_SCATTER_KG);
    const limit = HUBER_K * scale;
    residuals.forEach((residual, index) => {
      weights[index] = Math.abs(residual) <= limit ? 1 : limit / Math.abs(residual);
    });
    line = weightedLine(points, weights);
  }
  // Water comes and goes over days, so neighbouring weigh-ins stray together: the line is then
  // less sure than independent scatter would make it (variance inflated by (1 + ρ) / (1 − ρ),
  // ρ the residuals' correlation from one weigh-in to the next).
  const residuals = points.map((p) => p.y - line.at(p.x));
  let lagged = 0;
  let squares = 0;
  residuals.forEach((residual, index) => {
    squares += residual ** 2;
    if (index > 0) lagged += residual * residuals[index - 1]!;
  });
  const rho = squares > 0 ? Math.min(Math.max(lagged / squares, 0), 0.8) : 0;
  return {
    slope: line.slope,
    slopeVariance: ((scale ** 2 / line.sxx) * (1 + rho)) / (1 - rho),
    scatter: scale,
  };
}

/** Huber's tuning constant (95 % as efficient as least squares on normal scatter), and its rounds. */
const HUBER_K = 1.345;
const HUBER_ROUNDS = 5;

function weightedLine(points: ReadonlyArray<{ x: number; y: number }>, weights: readonly number[]) {
  let total = 0;
  let sumX = 0;
  let sumY = 0;
  points.forEach((p, index) => {
    total += weights[index]!;
    sumX += weights[index]! * p.x;
    sumY += weights[index]! * p.y;
  });
  const meanX = sumX / total;
  const meanY = sumY / total;
  let sxx = 0;
  let sxy = 0;
  points.forEach((p, index) => {
    sxx += weights[index]! * (p.x - meanX) ** 2;
    sxy += weights[index]! * (p.x - meanX) * (p.y - meanY);
  });
  const slope = sxy / sxx;
  return { slope, sxx, at: (x: number) => meanY + slope * (x - meanX) };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The goal that reaches `kgPerWeek` (negative to lose) at this expenditure, rounded to 10 kcal:
 * each kilogram a week is KCAL_PER_KG / 7 kcal a day off or on. Never under the floor the goal
 * calculator keeps without medical supervision (the higher one when the sex is not known), nor
 * outside the goals the diary takes.
 */
export function goalForRate(
  expenditure: number,
  kgPerWeek: number,
  gender: 'male' | 'female' | null,
): number {
  const floor = gender === 'female' ? SAFE_GOAL_FLOOR.female : SAFE_GOAL_FLOOR.male;
  const goal = Math.max(floor, round10(expenditure + (kgPerWeek * KCAL_PER_KG) / 7));
  return Math.min(Math.max(goal, GOAL_KCAL.min), GOAL_KCAL.max);
}

/** The estimate as it stood at the end of each of the last `weeks` weeks up to `end`, oldest first. */
export function expenditureHistory(
  days: readonly IntakeDay[],
  weights: readonly WeighIn[],
  end: string,
  weeks: number,
): Array<{ date: string; estimate: Expenditure }> {
  return Array.from({ length: weeks }, (_, index) => {
    const date = addDays(end, -(weeks - 1 - index) * 7);
    return { date, estimate: estimateExpenditure(days, weights, date) };
  });
}
