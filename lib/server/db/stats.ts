import 'server-only';
import { cleanSum, statsFromTotals, streaks, type DayTotals } from '@/lib/diary/stats';
import type { StatsResponse } from '@/lib/schemas/api';
import { rawQuery, type Database } from './client';

// Hand-written and run through rawQuery(): mapping ten years of rows through drizzle took about
// as long as the database took to sum them. Dates are read as text, counts as integers.

/** The written days of the range, in date order. */
const DAYS_SQL = `
SELECT date::text AS date, goal, weight, water,
  (SELECT coalesce(sum((a ->> 'kcal')::integer), 0) FROM jsonb_array_elements(activities) a)::integer AS activity,
  nullif(details - 'note', '{}'::jsonb) AS details
FROM days
WHERE user_id = $1::uuid AND date BETWEEN $2::date AND $3::date
ORDER BY date`;

/**
 * The sums of each date with entries in the range. A join of days to grouped entries is planned
 * badly on freshly written tables, so the two are merged in dayTotals(). The entries are summed
 * in display order (a sorted subquery, walked along the (user_id, date, logged_at, id) index),
 * so the floating-point sums are the very numbers computeStats() gets adding up a day's entries
 * one by one; tests/integration/stats.test.ts pins that. `sum(x ORDER BY ...)` would say so
 * explicitly but sorts every group again, twice as slow on ten years.
 */
const SUMS_SQL = `
SELECT date::text AS date, count(*)::integer AS count,
  sum(kcal) AS kcal, sum(protein) AS protein, sum(fat) AS fat, sum(carbs) AS carbs
FROM (
  SELECT date, kcal, protein, fat, carbs FROM entries
  WHERE user_id = $1::uuid AND date BETWEEN $2::date AND $3::date
  ORDER BY date, logged_at, id
) ordered
GROUP BY date`;

/**
 * The dates with at least one entry outside the range, for the streaks (those inside it are the
 * dates SUMS_SQL answers): one index probe per written day.
 */
const LOGGED_OUTSIDE_SQL = `
SELECT date::text AS date FROM days
WHERE user_id = $1::uuid AND (date < $2::date OR date > $3::date)
  AND EXISTS (SELECT 1 FROM entries WHERE entries.user_id = days.user_id AND entries.date = days.date)
ORDER BY date`;

type DayRow = Pick<DayTotals, 'date' | 'goal' | 'weight' | 'water' | 'activity' | 'details'>;
type SumRow = { date: string; count: number; kcal: number; protein: number; fat: number; carbs: number };

async function query<T>(db: Database, name: string, text: string, values: unknown[]): Promise<T[]> {
  return (await rawQuery(db, name, text, values)) as T[];
}

/** The written days of the range with their sums, and every date with entries (for the streaks). */
export async function dayTotals(
  db: Database,
  userId: string,
  from: string,
  to: string,
): Promise<{ totals: DayTotals[]; loggedDates: string[] }> {
  const range = [userId, from, to];
  const [dayRows, sums, outside] = await Promise.all([
    query<DayRow>(db, 'diary_stats_days', DAYS_SQL, range),
    query<SumRow>(db, 'diary_stats_sums', SUMS_SQL, range),
    query<{ date: string }>(db, 'diary_stats_logged', LOGGED_OUTSIDE_SQL, range),
  ]);
  const byDate = new Map(sums.map((sum) => [sum.date, sum]));
  const totals = dayRows.map((day): DayTotals => {
    const sum = byDate.get(day.date);
    return {
      date: day.date,
      goal: day.goal,
      weight: day.weight,
      water: day.water,
      activity: day.activity,
      details: day.details,
      entryCount: sum?.count ?? 0,
      // Without the binary noise of the sum, as the browser's dayTotals gives them.
      kcal: cleanSum(sum?.kcal ?? 0),
      protein: cleanSum(sum?.protein ?? 0),
      fat: cleanSum(sum?.fat ?? 0),
      carbs: cleanSum(sum?.carbs ?? 0),
    };
  });
  // streaks() sorts the dates itself.
  const loggedDates = outside.map((row) => row.date);
  for (const sum of sums) loggedDates.push(sum.date);
  return { totals, loggedDates };
}

/** The stats page's figures for `from`..`to` and the streaks as of `today`. */
export async function getStats(
  db: Database,
  userId: string,
  range: { from: string; to: string; today: string },
): Promise<StatsResponse> {
  const { totals, loggedDates } = await dayTotals(db, userId, range.from, range.to);
  return { ...statsFromTotals(totals, range.from, range.to), streaks: streaks(loggedDates, range.today) };
}
