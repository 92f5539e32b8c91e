/**
 * Kinds of activity with their MET (metabolic equivalent: the energy a task takes as a multiple
 * of resting, 1 MET ≈ 1 kcal per kg per hour) and their code in the 2011 Compendium of Physical
 * Activities (Ainsworth BE et al., Med Sci Sports Exerc 2011;43(8):1575-1581), from which each
 * figure is taken as published (docs/decisions/0042-activity.md). Speeds are the Compendium's,
 * in mph; the labels give them in km/h too.
 */
export const ACTIVITY_KINDS = [
  { kind: 'walking', code: '17190', met: 3.5 },
  { kind: 'walkingBrisk', code: '17200', met: 4.3 },
  { kind: 'walkingVeryBrisk', code: '17220', met: 5.0 },
  { kind: 'hiking', code: '17080', met: 6.0 },
  { kind: 'runningSlow', code: '12030', met: 8.3 },
  { kind: 'runningModerate', code: '12050', met: 9.8 },
  { kind: 'runningFast', code: '12080', met: 11.8 },
  { kind: 'cyclingLeisure', code: '01020', met: 6.8 },
  { kind: 'cyclingModerate', code: '01030', met: 8.0 },
  { kind: 'cyclingFast', code: '01040', met: 10.0 },
  { kind: 'stationaryBike', code: '02012', met: 6.8 },
  { kind: 'swimmingModerate', code: '18240', met: 5.8 },
  { kind: 'swimmingVigorous', code: '18230', met: 9.8 },
  { kind: 'weightTraining', code: '02054', met: 3.5 },
  { kind: 'weightTrainingVigorous', code: '02050', met: 6.0 },
  { kind: 'circuitTraining', code: '02040', met: 8.0 },
  { kind: 'elliptical', code: '02048', met: 5.0 },
  { kind: 'rowingMachine', code: '02071', met: 4.8 },
  { kind: 'stairMachine', code: '02065', met: 9.0 },
  { kind: 'aerobics', code: '03015', met: 7.3 },
  { kind: 'jumpRope', code: '15551', met: 11.8 },
  { kind: 'yoga', code: '02150', met: 2.5 },
  { kind: 'pilates', code: '02105', met: 3.0 },
  { kind: 'dancing', code: '03031', met: 7.8 },
  { kind: 'soccer', code: '15610', met: 7.0 },
  { kind: 'basketball', code: '15055', met: 6.5 },
  { kind: 'tennis', code: '15675', met: 7.3 },
  { kind: 'crossCountrySkiing', code: '19090', met: 9.0 },
  { kind: 'downhillSkiing', code: '19160', met: 5.3 },
  { kind: 'houseCleaning', code: '05030', met: 3.3 },
  { kind: 'gardening', code: '08245', met: 3.8 },
] as const;

export type MetKind = (typeof ACTIVITY_KINDS)[number]['kind'];

/** Active kcal a watch or an app counted for the day, typed as they are. */
export const TRACKER_KIND = 'tracker';
/** Something not in the table, named and counted by the user. */
export const OTHER_KIND = 'other';

const metOf = new Map<string, number>(ACTIVITY_KINDS.map(({ kind, met }) => [kind, met]));

/** Whether `kind` is one of the table's, whose kcal follow from minutes and weight. */
export function isMetKind(kind: string): kind is MetKind {
  return metOf.has(kind);
}

/**
 * The kcal an activity of `kind` burns beyond resting: (MET − 1) × kg × hours, at least 1. Net of
 * the resting 1 MET because the day's goal already counts the energy spent at rest; the gross
 * MET × kg × hours would count that hour of resting twice (decision 0042).
 */
export function activityKcal(kind: MetKind, minutes: number, weightKg: number): number {
  const met = metOf.get(kind)!;
  return Math.max(1, Math.round(((met - 1) * weightKg * minutes) / 60));
}

/** The kcal a day's activities burned, added up. */
export function burnedKcal(activities: ReadonlyArray<{ kcal: number }>): number {
  return activities.reduce((sum, activity) => sum + activity.kcal, 0);
}

/**
 * The kcal of a day's activities that the budget takes: `share` percent of them (the user's
 * setting, LIMITS.activityShare), in whole kcal.
 */
export function activityCredit(activities: ReadonlyArray<{ kcal: number }>, share: number): number {
  return Math.round((burnedKcal(activities) * share) / 100);
}
