/**
 * The ranges every layer enforces: forms check them without loading zod, and the zod schemas
 * (lib/schemas) that the repository and the API use are built from the same numbers.
 */
export const WEIGHT_KG = { min: 20, max: 500 } as const;
export const GOAL_KCAL = { min: 500, max: 10_000 } as const;

export function inRange(value: number, range: { min: number; max: number }): boolean {
  return Number.isFinite(value) && value >= range.min && value <= range.max;
}
