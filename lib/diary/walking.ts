import type { Day } from '@/lib/schemas/day';
import type { Settings } from '@/lib/schemas/settings';
import { TRACKER_KIND } from './activity-kinds';

/**
 * The energy of walking above resting, by ACSM's walking equation: 0.1 ml of oxygen per kg of
 * body weight per metre walked, at about 5 kcal per litre of oxygen, is 0.5 kcal per kg per km.
 * Net of resting, as activities are (decision 0042): the day's goal already counts the body at rest.
 */
export const WALKING_KCAL_PER_KG_KM = 0.5;

/** A step's length as a share of height: 0.413 for women and 0.415 for men, taken as one. */
export const STEP_LENGTH_PER_HEIGHT = 0.414;

/** A step's length in metres where the height is not known: an adult's ordinary step. */
export const DEFAULT_STEP_M = 0.7;

/** kcal above resting of walking `steps` steps: steps × step length × body weight × 0.5 kcal/(kg·km), whole. */
export function walkingKcal(steps: number, weightKg: number, heightCm: number | null): number {
  const stepMetres = heightCm === null ? DEFAULT_STEP_M : (STEP_LENGTH_PER_HEIGHT * heightCm) / 100;
  return Math.round(((steps * stepMetres) / 1000) * weightKg * WALKING_KCAL_PER_KG_KM);
}

/**
 * The kcal a day's steps add to its activity where the settings ask for it (`stepsInBudget`), else
 * 0. Never beside a tracker's active kcal: a watch's figure already holds the walking, and
 * counting both would give the same steps twice. Needs a weight: the day's, else the profile's.
 */
export function walkedKcal(
  day: Pick<Day, 'weight' | 'activities' | 'details'> | null,
  settings: Pick<Settings, 'stepsInBudget' | 'weight' | 'height'> | null | undefined,
): number {
  const steps = day?.details?.steps;
  if (!settings?.stepsInBudget || !steps) return 0;
  if (day.activities.some((activity) => activity.kind === TRACKER_KIND)) return 0;
  const weight = day.weight ?? settings.weight;
  return weight === null ? 0 : walkingKcal(steps, weight, settings.height);
}
