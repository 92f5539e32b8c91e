/**
 * Rounds to one decimal: grams are shown and stored at that precision. The toPrecision step
 * removes binary noise first, so 3.3 × 1.5 (4.949999…) rounds to 5, as a person would expect.
 */
export function round1(value: number): number {
  return Math.round(Number((value * 10).toPrecision(12))) / 10;
}

/** Rounds to two decimals: per-100 g figures worked out from a label's serving keep that much. */
export function round2(value: number): number {
  return Math.round(Number((value * 100).toPrecision(12))) / 100;
}
