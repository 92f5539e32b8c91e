import 'server-only';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { dayNumber, fromDayNumber } from '@/lib/dates';
import { isOnTarget, movingAverage, streaks, type DayPoint, type DiaryStats } from '@/lib/diary/stats';
import type { StatsResponse } from '@/lib/schemas/api';
import type { Database } from './client';
import { entryOrder } from './days';
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

/**
 * The written days of the range with their sums: two plain queries merged here, because a join
 * of days to grouped entries is planned badly on freshly written tables. The entries are summed
 * in display order (a sorted subquery, walked along the (user_id, date, logged_at, id) index),
 * so the floating-point sums are the very numbers computeStats() gets adding up a day's entries
 * one by one; tests/integration/stats.test.ts pins that. `sum(x ORDER BY ...)` would say so
 * explicitly but sorts every group again, twice as slow on ten years.
 */
export async function dayTotals(
  db: Database,
  userId: string,
  from: string,
  to: string,
): Promise<DayTotals[]> {
  const ordered = db
    .select({
      date: entries.date,
      kcal: entries.kcal,
      protein: entries.protein,
      fat: entries.fat,
      carbs: entries.carbs,
    })
    .from(entries)
    .where(and(eq(entries.userId, userId), between(entries.date, from, to)))
    .orderBy(asc(entries.date), ...entryOrder)
    .as('ordered');
  const [dayRows, sums] = await Promise.all([
    db
      .select({ date: days.date, goal: days.goal, weight: days.weight })
      .from(days)
      .where(and(eq(days.userId, userId), between(days.date, from, to)))
      .orderBy(asc(days.date)),
    db
      .select({
        date: ordered.date,
        entryCount: sql<number>`count(*)`.mapWith(Number),
        kcal: sql<number>`sum(${ordered.kcal})`.mapWith(Number),
        protein: sql<number>`sum(${ordered.protein})`.mapWith(Number),
        fat: sql<number>`sum(${ordered.fat})`.mapWith(Number),
        carbs: sql<number>`sum(${ordered.carbs})`.mapWith(Number),
      })
      .from(ordered)
      .groupBy(ordered.date),
  ]);
  const byDate = new Map(sums.map((sum) => [sum.date, sum]));
  return dayRows.map((day) => {
    const sum = byDate.get(day.date);
    return {
      ...day,
      entryCount: sum?.entryCount ?? 0,
      kcal: sum?.kcal ?? 0,
      protein: sum?.protein ?? 0,
      fat: sum?.fat ?? 0,
      carbs: sum?.carbs ?? 0,
    };
  });
}

/** Every date with at least one entry, for the streaks: one index probe per written day. */
export async function loggedDates(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ date: days.date })
    .from(days)
    .where(
      and(
        eq(days.userId, userId),
        sql`exists (select 1 from ${entries} where ${entries.userId} = ${days.userId} and ${entries.date} = ${days.date})`,
      ),
    )
    .orderBy(asc(days.date));
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
