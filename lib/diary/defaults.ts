/** The seed's default daily goal in kcal. */
export const DEFAULT_GOAL_KCAL = 2500;
/** A glass of water, the one-tap add, and the day's water goal, in ml: eight glasses. */
export const DEFAULT_WATER_GLASS_ML = 250;
export const DEFAULT_WATER_GOAL_ML = 2000;
/** The day's steps goal: the 10,000 most trackers start with. */
export const DEFAULT_STEPS_GOAL = 10_000;
/**
 * The share of activity kcal added to the day's budget, in percent: all of it, as MyFitnessPal
 * and Cronometer start.
 */
export const DEFAULT_ACTIVITY_SHARE = 100;
/** The seed's default name of a guest. */
export const DEFAULT_GUEST_NAME = 'Guest';
