/** The seed's default daily goal in kcal. */
export const DEFAULT_GOAL_KCAL = 2500;
/** The seed's default name of a guest. */
export const DEFAULT_GUEST_NAME = 'Guest';
