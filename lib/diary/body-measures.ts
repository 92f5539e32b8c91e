import type { DayDetails } from '@/lib/schemas/day';

/** The body's circumferences a tape measures, in cm, as a day's details hold them. */
export const circumferences = ['waist', 'hips', 'chest', 'neck'] as const;

/** A day's body measurements: the circumferences, then body fat in percent. */
export const bodyMeasures = [...circumferences, 'bodyFat'] as const;
export type BodyMeasure = (typeof bodyMeasures)[number];
export type BodyMeasures = Partial<Record<BodyMeasure, number>>;

/** The body measurements among a day's details; null when it has none. */
export function measuresOf(details: DayDetails | null | undefined): BodyMeasures | null {
  if (!details) return null;
  let measures: BodyMeasures | null = null;
  for (const measure of bodyMeasures) {
    const value = details[measure];
    if (value !== undefined) (measures ??= {})[measure] = value;
  }
  return measures;
}

/** A day's measurements, for a reader of many days: the date with each measure it holds. */
export type MeasuresPoint = { date: string } & BodyMeasures;

/**
 * Each measure's latest value on or before the last of `days` (in any order), with its date:
 * a tape comes out weekly or monthly, so a measure is rarely taken on the day the others are.
 */
export function latestMeasures(
  days: ReadonlyArray<{ date: string; details?: DayDetails }>,
): Partial<Record<BodyMeasure, { value: number; date: string }>> {
  const latest: Partial<Record<BodyMeasure, { value: number; date: string }>> = {};
  for (const day of days) {
    const measures = measuresOf(day.details);
    if (!measures) continue;
    for (const measure of bodyMeasures) {
      const value = measures[measure];
      const known = latest[measure];
      if (value !== undefined && (!known || day.date > known.date))
        latest[measure] = { value, date: day.date };
    }
  }
  return latest;
}
