import { DEFAULT_GOAL_KCAL } from '@/lib/diary/defaults';
import {
  DEFAULT_ACTIVITY_SHARE,
  DEFAULT_GUEST_NAME,
  DEFAULT_WATER_GLASS_ML,
  DEFAULT_WATER_GOAL_ML,
  DEFAULT_STEPS_GOAL,
} from '@/lib/diary/defaults';
import type { Settings } from '@/lib/schemas/settings';
import { orderedWeekdayGoals } from './goal-in-force';
import { mealPlan, type MealPlan } from './meals';
import { orderedTargets, type NutrientTargets } from './nutrient-targets';

/**
 * The settings an export file carries into another diary: the goal, the body figures, the
 * activity and the interface choices. An account's name and email, and when this diary was
 * last exported, belong to the destination and never travel.
 */
export const TRAVELLING_SETTINGS = [
  'currentGoal',
  'weight',
  'height',
  'age',
  'gender',
  'activity',
  'theme',
  'language',
  'bottomNav',
  'unitSystem',
  'energyUnit',
  'nutrientTargets',
  'macroTargets',
  'weekdayGoals',
  'waterGlass',
  'waterGoal',
  'stepsGoal',
  'stepsInBudget',
  'activityShare',
  'calmMode',
  'meals',
] as const satisfies ReadonlyArray<keyof Settings>;

export type TravellingSetting = (typeof TRAVELLING_SETTINGS)[number];

/** One setting the file would change: the destination's value and the file's. */
export type SettingChange = {
  field: TravellingSetting;
  current: Settings[TravellingSetting];
  incoming: Settings[TravellingSetting];
};

/** Whose settings an import keeps where they differ: the file's, or the destination's own. */
export type SettingsChoice = 'file' | 'mine';

/** What an import does with settings: what differs, whether the destination held only defaults, and whether the file's win. */
export type SettingsPlan = { changes: SettingChange[]; onlyDefaults: boolean; applied: boolean };

// What a diary starts with. The language is left out: it follows the interface from the start.
const STARTING_VALUES: Partial<Pick<Settings, TravellingSetting>> = {
  currentGoal: DEFAULT_GOAL_KCAL,
  weight: null,
  height: null,
  age: null,
  gender: null,
  activity: null,
  theme: null,
  bottomNav: true,
  unitSystem: null,
  energyUnit: null,
  nutrientTargets: {},
  macroTargets: null,
  weekdayGoals: {},
  waterGlass: DEFAULT_WATER_GLASS_ML,
  waterGoal: DEFAULT_WATER_GOAL_ML,
  stepsGoal: DEFAULT_STEPS_GOAL,
  stepsInBudget: false,
  activityShare: DEFAULT_ACTIVITY_SHARE,
  calmMode: false,
  meals: null,
};

/** One setting's values alike: the objects (targets, weekday goals) by what they hold. */
function same(field: TravellingSetting, a: Settings[TravellingSetting], b: Settings[TravellingSetting]) {
  if (field === 'nutrientTargets')
    return (
      JSON.stringify(orderedTargets(a as NutrientTargets)) ===
      JSON.stringify(orderedTargets(b as NutrientTargets))
    );
  if (field === 'weekdayGoals')
    return (
      JSON.stringify(orderedWeekdayGoals(a as Settings['weekdayGoals'])) ===
      JSON.stringify(orderedWeekdayGoals(b as Settings['weekdayGoals']))
    );
  if (field === 'macroTargets') return JSON.stringify(a) === JSON.stringify(b);
  if (field === 'meals')
    return JSON.stringify(mealPlan(a as MealPlan | null)) === JSON.stringify(mealPlan(b as MealPlan | null));
  return a === b;
}

/**
 * True when nobody has chosen any of these settings yet (a fresh browser, a new account): such a
 * destination simply takes a file's settings. Anything chosen makes the user decide.
 */
export function holdsOnlyDefaults(settings: Settings): boolean {
  return (Object.keys(STARTING_VALUES) as TravellingSetting[]).every((field) =>
    same(field, settings[field], STARTING_VALUES[field]!),
  );
}

/** The travelling settings in which `incoming` differs from `current`. */
export function settingsChanges(current: Settings, incoming: Settings): SettingChange[] {
  return TRAVELLING_SETTINGS.filter((field) => !same(field, current[field], incoming[field])).map(
    (field) => ({
      field,
      current: current[field],
      incoming: incoming[field],
    }),
  );
}

/**
 * What importing `incoming` does to `current`: a destination of defaults takes the file's
 * settings unless told to keep its own; any other keeps its own unless told to take the file's.
 */
export function planSettings(current: Settings, incoming: Settings, choice?: SettingsChoice): SettingsPlan {
  const changes = settingsChanges(current, incoming);
  const onlyDefaults = holdsOnlyDefaults(current);
  const takeFile = choice === undefined ? onlyDefaults : choice === 'file';
  return { changes, onlyDefaults, applied: changes.length > 0 && takeFile };
}

/** The settings of `incoming` that travel, and nothing else. */
export function travellingSettings(incoming: Settings): Pick<Settings, TravellingSetting> {
  return Object.fromEntries(TRAVELLING_SETTINGS.map((field) => [field, incoming[field]])) as Pick<
    Settings,
    TravellingSetting
  >;
}

/** `current` with the travelling settings of `incoming`, changed `now`. */
export function withTravellingSettings(current: Settings, incoming: Settings, now: string): Settings {
  return { ...current, ...travellingSettings(incoming), savedAt: now, updatedAt: now };
}

/**
 * The name an import gives a diary that has none (empty, or the guest's default): the file's,
 * when it has one. A name of one's own is kept, so no choice is asked; restoring a backup into
 * a fresh browser, or bringing a guest diary into a new account, lost the name before.
 */
export function importedName(current: Settings, incoming: Settings): string | null {
  const unnamed = (name: string) => name.trim() === '' || name.trim() === DEFAULT_GUEST_NAME;
  return unnamed(current.name) && !unnamed(incoming.name) ? incoming.name : null;
}
