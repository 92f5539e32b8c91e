import {
  DEFAULT_GOAL_KCAL,
  DEFAULT_GUEST_NAME,
  DEFAULT_WATER_GLASS_ML,
  DEFAULT_WATER_GOAL_ML,
  DEFAULT_STEPS_GOAL,
  DEFAULT_ACTIVITY_SHARE,
} from '@/lib/diary/defaults';
import { defaultLocale } from '@/lib/i18n/config';
import type { Settings } from '@/lib/schemas/settings';

/** The seed's defaults: name Guest, language ru, goal 2500, body fields and theme unset. */
export function defaultSettings(now: string): Settings {
  return {
    name: DEFAULT_GUEST_NAME,
    email: null,
    language: defaultLocale,
    currentGoal: DEFAULT_GOAL_KCAL,
    weight: null,
    height: null,
    age: null,
    gender: null,
    theme: null,
    activity: null,
    bottomNav: true,
    lastExportAt: null,
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
    savedAt: now,
    updatedAt: now,
  };
}
