/** The four meals of a diary day, in order. Kept free of zod so screens can import it cheaply. */
export const meals = ['breakfast', 'lunch', 'dinner', 'snacks'] as const;
export type Meal = (typeof meals)[number];

/** The meal a person most likely means right now: breakfast until 11, lunch until 16, dinner until 21. */
export function mealOfTheHour(now: Date): Meal {
  return mealOfHour(now.getHours());
}

/** The meal of an hour of someone's day (0-23): the server reads it off a user's own clock. */
export function mealOfHour(hour: number): Meal {
  return hour < 11 ? 'breakfast' : hour < 16 ? 'lunch' : hour < 21 ? 'dinner' : 'snacks';
}

export const isMeal = (value: string): value is Meal => (meals as readonly string[]).includes(value);
