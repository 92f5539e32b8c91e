/** The four meals of a diary day, in order. Kept free of zod so screens can import it cheaply. */
export const meals = ['breakfast', 'lunch', 'dinner', 'snacks'] as const;
export type Meal = (typeof meals)[number];
