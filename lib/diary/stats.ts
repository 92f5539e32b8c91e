import { dayNumber, fromDayNumber } from '@/lib/diary/dates';
import type { Day, DayDetails } from '@/lib/schemas/day';
import { burnedKcal } from './activity-kinds';
import { measuresOf, type MeasuresPoint } from './body-measures';
import { fastMinutes } from './fasting';

/**
 * A day of the range: its kcal against its goal, whether anything was logged, the water drunk
 * (ml), the kcal its activities burned and its steps (null: none logged).
 */
export type DayPoint = {
  date: string;
  kcal: number;
  goal: number | null;
  logged: boolean;
  water: number;
  activity: number;
  steps: number | null;
  /** Minutes of the fasts that ended on the day (null: none did). */
  fasted: number | null;
};
export type WeightPoint = { date: string; weight: number; average: number };

export type DiaryStats = {
  days: DayPoint[];
  loggedDays: number;
  /** Mean kcal over the days that have entries; null when none has. */
  averageKcal: number | null;
  /** Logged days whose kcal is within 10 % of that day's goal. */
  daysOnTarget: number;
  /** Grams over the logged days, each macro's share of their kcal, and grams on an average logged day. */
  macros: {
    protein: number;
    fat: number;
    carbs: number;
    kcalShare: { protein: number; fat: number; carbs: number };
    perDay: { protein: number; fat: number; carbs: number };
  };
  weights: WeightPoint[];
  /** Days some water was logged, and the mean ml over them (null for none). */
  water: { days: number; averageMl: number | null };
  /** Days with steps logged, and the mean over them (null for none). */
  steps: { days: number; average: number | null };
  /** The days of the range with body measurements, in date order. */
  measures: MeasuresPoint[];
  fasting: FastingSummary;
};

/**
 * The fasts that ended in the range: how many, their mean and longest length, how many lasted
 * their planned length, and the streak of days up to the range's end with such a fast (the last
 * day counts once it has one; without one yet, the streak runs to the day before).
 */
export type FastingSummary = {
  count: number;
  averageMinutes: number | null;
  longestMinutes: number | null;
  reached: number;
  streakDays: number;
};

/** Within 10 % of the goal counts as on target. */
export const TARGET_TOLERANCE = 0.1;

export function isOnTarget(kcal: number, goal: number): boolean {
  return goal > 0 && Math.abs(kcal - goal) <= goal * TARGET_TOLERANCE;
}

/** What the stats need of one written day: its totals, summed in the browser or in SQL. */
export type DayTotals = {
  date: string;
  goal: number;
  weight: number | null;
  /** ml */
  water: number;
  /** kcal the day's activities burned. */
  activity: number;
  /**
   * What the day holds beyond food but its note (chartedDetails): the stats take each figure they
   * chart from here, so a new one needs no column of its own in either store's reading.
   */
  details: DayDetails | null;
  entryCount: number;
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
};

/**
 * A sum of figures without the binary noise of adding decimals: 14.6 + 8.5 + … is 218.99999999999994
 * in floating point, 219 here. A sum within a billionth of a value of six decimals is taken as
 * that value; any other (an import's 1e-7 g) stays as it is. A guest's day stores its sums
 * (lib/data/guest/day-codec.ts), and the noise took 18 characters a figure there. Arithmetic
 * rather than toPrecision: this runs four times a day for ten years of stats (5 against 1 ms).
 */
export function cleanSum(value: number): number {
  const snapped = Math.round(value * 1e6) / 1e6;
  return Math.abs(snapped - value) <= 1e-9 * Math.max(1, Math.abs(value)) ? snapped : value;
}

/**
 * A day's details as the stats read them: without the note, which no chart needs and which is
 * most of their size (the server's SQL leaves it out too); null when nothing else is there.
 */
export function chartedDetails(details: DayDetails | null | undefined): DayDetails | null {
  if (!details) return null;
  if (details.note === undefined) return details;
  const charted = { ...details };
  delete charted.note;
  return Object.keys(charted).length > 0 ? charted : null;
}

/** A day's totals, adding its entries in their order (as the server's SQL does). */
export function dayTotals(day: Day): DayTotals {
  let kcal = 0;
  let protein = 0;
  let fat = 0;
  let carbs = 0;
  for (const entry of day.entries) {
    kcal += entry.kcal;
    protein += entry.protein;
    fat += entry.fat;
    carbs += entry.carbs;
  }
  return {
    date: day.date,
    goal: day.goal,
    weight: day.weight,
    water: day.water,
    activity: burnedKcal(day.activities),
    details: chartedDetails(day.details),
    entryCount: day.entries.length,
    kcal: cleanSum(kcal),
    protein: cleanSum(protein),
    fat: cleanSum(fat),
    carbs: cleanSum(carbs),
  };
}

/**
 * The figures of the stats page for `from`..`to` (inclusive): kcal per day against that day's
 * own goal, the average, days on target, the macro split and the weight trend with a 7-day
 * moving average. `days` may hold days outside the range; they are ignored.
 */
export function computeStats(days: readonly Day[], from: string, to: string): DiaryStats {
  return statsFromTotals(days.map(dayTotals), from, to);
}

/** computeStats over day totals: the one place the figures are made, for guests and accounts. */
export function statsFromTotals(days: readonly DayTotals[], from: string, to: string): DiaryStats {
  const byDate = new Map<string, DayTotals>();
  for (const day of days) byDate.set(day.date, day);
  const points: DayPoint[] = [];
  let loggedDays = 0;
  let kcalSum = 0;
  let daysOnTarget = 0;
  let protein = 0;
  let fat = 0;
  let carbs = 0;
  const weights: Array<{ date: string; weight: number }> = [];
  let waterDays = 0;
  let waterSum = 0;
  let stepsDays = 0;
  let stepsSum = 0;
  const measures: MeasuresPoint[] = [];
  const fasts = { count: 0, minutes: 0, longest: 0, reached: 0 };
  /** Whether each day of the range had a fast that lasted its planned length, in date order. */
  const fastReached: boolean[] = [];

  const last = dayNumber(to);
  for (let number = dayNumber(from); number <= last; number++) {
    const date = fromDayNumber(number);
    const day = byDate.get(date);
    const logged = !!day && day.entryCount > 0;
    const water = day?.water ?? 0;
    const dayFasts = day?.details?.fasts ?? [];
    const lasted = dayFasts.map(fastMinutes);
    points.push({
      date,
      kcal: day?.kcal ?? 0,
      goal: day?.goal ?? null,
      logged,
      water,
      activity: day?.activity ?? 0,
      steps: day?.details?.steps ?? null,
      fasted: dayFasts.length > 0 ? lasted.reduce((sum, minutes) => sum + minutes, 0) : null,
    });
    for (const minutes of lasted) {
      fasts.count++;
      fasts.minutes += minutes;
      fasts.longest = Math.max(fasts.longest, minutes);
    }
    const reached = dayFasts.filter((fast, index) => lasted[index]! >= fast.goalMinutes).length;
    fasts.reached += reached;
    fastReached.push(reached > 0);
    if (day?.details?.steps !== undefined) {
      stepsDays++;
      stepsSum += day.details.steps;
    }
    const measured = measuresOf(day?.details);
    if (measured) measures.push({ date, ...measured });
    if (day?.weight != null) weights.push({ date, weight: day.weight });
    if (water > 0) {
      waterDays++;
      waterSum += water;
    }
    if (!day || !logged) continue;
    loggedDays++;
    kcalSum += day.kcal;
    if (isOnTarget(day.kcal, day.goal)) daysOnTarget++;
    protein += day.protein;
    fat += day.fat;
    carbs += day.carbs;
  }

  const macroKcal = 4 * protein + 9 * fat + 4 * carbs;
  const share = (kcal: number) => (macroKcal > 0 ? Math.round((kcal / macroKcal) * 100) : 0);
  // A year's total ("12,552 g of protein") tells nobody anything; a day's average does.
  const perDay = (grams: number) => (loggedDays > 0 ? Math.round((grams / loggedDays) * 10) / 10 : 0);

  return {
    days: points,
    loggedDays,
    averageKcal: loggedDays > 0 ? Math.round(kcalSum / loggedDays) : null,
    daysOnTarget,
    macros: {
      protein: Math.round(protein),
      fat: Math.round(fat),
      carbs: Math.round(carbs),
      kcalShare: { protein: share(4 * protein), fat: share(9 * fat), carbs: share(4 * carbs) },
      perDay: { protein: perDay(protein), fat: perDay(fat), carbs: perDay(carbs) },
    },
    weights: movingAverage(weights, 7),
    water: { days: waterDays, averageMl: waterDays > 0 ? Math.round(waterSum / waterDays) : null },
    steps: { days: stepsDays, average: stepsDays > 0 ? Math.round(stepsSum / stepsDays) : null },
    measures,
    fasting: {
      count: fasts.count,
      averageMinutes: fasts.count > 0 ? Math.round(fasts.minutes / fasts.count) : null,
      longestMinutes: fasts.count > 0 ? fasts.longest : null,
      reached: fasts.reached,
      streakDays: trailingRun(fastReached.at(-1) ? fastReached : fastReached.slice(0, -1)),
    },
  };
}

/** How many `true` end the list. */
function trailingRun(flags: readonly boolean[]): number {
  let run = 0;
  for (let index = flags.length - 1; index >= 0 && flags[index]; index--) run++;
  return run;
}

/** Each weight with the mean of the weights logged in the 7 calendar days up to it. */
export function movingAverage(
  weights: Array<{ date: string; weight: number }>,
  windowDays: number,
): WeightPoint[] {
  const numbers = weights.map((point) => dayNumber(point.date));
  return weights.map((point, index) => {
    const start = numbers[index]! - (windowDays - 1);
    let sum = 0;
    let count = 0;
    for (let back = index; back >= 0 && numbers[back]! >= start; back--) {
      sum += weights[back]!.weight;
      count++;
    }
    // Named fields, not a spread: a spread is slow in code that has not warmed up yet, and this
    // runs for every weight of ten years on a first visit.
    return { date: point.date, weight: point.weight, average: Math.round((sum / count) * 10) / 10 };
  });
}

/**
 * Logging streaks over all logged dates: the current one (ending today, or yesterday while
 * today is still empty) and the longest ever.
 */
export function streaks(loggedDates: readonly string[], today: string): { current: number; longest: number } {
  // Day numbers in a typed array, which sorts numerically without a comparator: over ten years
  // of days, a Set and a sort with one were most of the stats' time. A date given twice is one day.
  const numbers = new Float64Array(loggedDates.length);
  for (let index = 0; index < loggedDates.length; index++) numbers[index] = dayNumber(loggedDates[index]!);
  numbers.sort();
  let longest = 0;
  let run = 0;
  for (let index = 0; index < numbers.length; index++) {
    const step = index > 0 ? numbers[index]! - numbers[index - 1]! : Infinity;
    if (step === 0) continue;
    run = step === 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  // Back from the last day up to today (a day after it, or a date that is none, counts for nothing).
  const todayNumber = dayNumber(today);
  let index = numbers.length - 1;
  while (index >= 0 && !(numbers[index]! <= todayNumber)) index--;
  let cursor = index >= 0 && numbers[index] === todayNumber ? todayNumber : todayNumber - 1;
  let current = 0;
  for (; index >= 0 && numbers[index]! >= cursor; index--) {
    if (numbers[index] === cursor) {
      current++;
      cursor--;
    }
  }
  return { current, longest };
}

/** The stats page's figures: the range's stats and the logging streaks over the whole history. */
export type StatsReport = DiaryStats & { streaks: { current: number; longest: number } };

/** The report from the totals of every written day; the server builds the same shape in SQL. */
export function statsReport(
  allDays: readonly DayTotals[],
  from: string,
  to: string,
  today: string,
): StatsReport {
  const logged = allDays.filter((day) => day.entryCount > 0).map((day) => day.date);
  return { ...statsFromTotals(allDays, from, to), streaks: streaks(logged, today) };
}
