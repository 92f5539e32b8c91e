/** Activity multipliers of the basal metabolic rate (the usual Harris-Benedict/FAO factors). */
export const activityFactors = {
  sedentary: 1.2,
  light: 1.375,
  moderate: 1.55,
  active: 1.725,
  veryActive: 1.9,
} as const;

export type Activity = keyof typeof activityFactors;
export type GoalDirection = 'lose' | 'keep' | 'gain';

/** kcal a day added to maintenance: about 0.5 kg a week down, or a lean gain up. */
export const directionOffsets: Record<GoalDirection, number> = { lose: -500, keep: 0, gain: 300 };

export type BodyProfile = { weightKg: number; heightCm: number; age: number; gender: 'male' | 'female' };

/** The lowest daily goal suggested without medical supervision, kcal. */
export const SAFE_GOAL_FLOOR = { male: 1500, female: 1200 } as const;

/** Mifflin-St Jeor basal metabolic rate, kcal a day. */
export function basalMetabolicRate({ weightKg, heightCm, age, gender }: BodyProfile): number {
  return 10 * weightKg + 6.25 * heightCm - 5 * age + (gender === 'male' ? 5 : -161);
}

/**
 * The suggested daily goal: BMR times activity, moved for losing or gaining, rounded to 10 kcal,
 * and never below a floor that is safe without medical supervision.
 */
export function suggestedGoal(profile: BodyProfile, activity: Activity, direction: GoalDirection): number {
  const maintenance = basalMetabolicRate(profile) * activityFactors[activity];
  const floor = SAFE_GOAL_FLOOR[profile.gender];
  return Math.max(floor, Math.round((maintenance + directionOffsets[direction]) / 10) * 10);
}
