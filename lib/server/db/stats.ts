import 'server-only';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { dayNumber, fromDayNumber } from '@/lib/dates';
import { isOnTarget, movingAverage, streaks, type DayPoint, type DiaryStats } from '@/lib/diary/stats';
import type { StatsResponse } from '@/lib/schemas/api';
import type { Database } from './client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { days, entries } from './schema';

/** One written day, summed in SQL: what computeStats() needs of it, without its entries. */
export type DayTotals = {
  date: string;
  goal: number;
  weight: number | null;
  entryCount: number;
  kcal: number;
  protein: number;
  fat: number;
  carbs: number;
};

// Summed in display order, so the floating-point sums are the very numbers computeStats() gets
// when it adds up the same day's entries one by one in the browser.
const orderedSum = (column: AnyPgColumn) =>
  sql<number>`coalesce(sum(${column} order by ${entries.loggedAt}, ${entries.id}), 0)`.mapWith(Number);

export async function dayTotals(
  db: Database,
  userId: string,
  from: string,
  to: string,
): Promise<DayTotals[]> {
  return db
    .select({
      date: days.date,
      goal: days.goal,
      weight: days.weight,
      entryCount: sql<number>`count(${entries.id})`.mapWith(Number),
      kcal: orderedSum(entries.kcal),
      protein: orderedSum(entries.protein),
      fat: orderedSum(entries.fat),
      carbs: orderedSum(entries.carbs),
    })
    .from(days)
    .leftJoin(entries, and(eq(entries.userId, days.userId), eq(entries.date, days.date)))
    .where(and(eq(days.userId, userId), between(days.date, from, to)))
    .groupBy(days.date, days.goal, days.weight)
    .orderBy(asc(days.date));
}

/** Every date with at least one entry, for the streaks. */
export async function loggedDates(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: entries.date })
    .from(entries)
    .where(eq(entries.userId, userId))
    .orderBy(asc(entries.date));
  return rows.map((row) => row.date);
}

/**
 * computeStats() of lib/diary/stats.ts over per-day sums instead of whole days, so ten years
 * of entries never leave the database. tests/integration/stats.test.ts pins the two together.
 */
export function statsFromTotals(totals: readonly DayTotals[], from: string, to: string): DiaryStats {
  const byDate = new Map(totals.map((day) => [day.date, day]));
  const points: DayPoint[] = [];
  let loggedDays = 0;
  let kcalSum = 0;
  let daysOnTarget = 0;
  let protein = 0;
  let fat = 0;
  let carbs = 0;
  const weights: Array<{ date: string; weight: number }> = [];

  const last = dayNumber(to);
  for (let number = dayNumber(from); number <= last; number++) {
    const date = fromDayNumber(number);
    const day = byDate.get(date);
    const logged = !!day && day.entryCount > 0;
    points.push({ date, kcal: day?.kcal ?? 0, goal: day?.goal ?? null, logged });
    if (day?.weight != null) weights.push({ date, weight: day.weight });
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
    },
    weights: movingAverage(weights, 7),
  };
}

/** The stats page's figures for `from`..`to` and the streaks as of `today`. */
export async function getStats(
  db: Database,
  userId: string,
  range: { from: string; to: string; today: string },
): Promise<StatsResponse> {
  const [totals, dates] = await Promise.all([
    dayTotals(db, userId, range.from, range.to),
    loggedDates(db, userId),
  ]);
  return { ...statsFromTotals(totals, range.from, range.to), streaks: streaks(dates, range.today) };
}
