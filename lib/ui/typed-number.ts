import type { NumericLimit } from '@/lib/limits';

/** Reads a number typed with a comma or a dot ("72,5" in Russian); NaN for anything else. */
export function parseDecimal(text: string): number {
  const normalised = text.trim().replace(',', '.');
  return normalised === '' || !/^-?\d*\.?\d+$/.test(normalised) ? Number.NaN : Number(normalised);
}

/**
 * A count typed with its thousands grouped, as either language writes them ("12 345", "12,345",
 * "12.345", "12'345"), without the groups. A dot or comma before anything but three digits is a
 * fraction's, and stays: "12.5" steps is refused, not read as 125.
 */
export function ungrouped(text: string): string {
  return text.replace(/[\s\u00a0\u202f]/g, '').replace(/(\d)[.,'’](?=\d{3}(?!\d))/g, '$1');
}

/**
 * What is wrong with a figure typed into a field: nothing typed, not a number ("12a", an emoji),
 * a fraction where only whole ones make sense, below the limit, or above it. Each has its own
 * message, so the user reads what to change rather than a limit that has nothing to do with it.
 */
export type TypedNumberProblem = 'required' | 'notNumber' | 'notWhole' | 'tooSmall' | 'tooBig';

type TypedNumberRule = {
  /** The limit, in the units the figure is checked in (stored ones: kcal, ml). */
  limit: NumericLimit;
  /** The figure as checked, from the number typed (kJ to kcal, L to ml); the number itself when absent. */
  toChecked?: (typed: number) => number;
  /** Only whole numbers (minutes). */
  whole?: boolean;
  /** The limit's minimum is not itself allowed: "more than 0". */
  aboveMin?: boolean;
};

/** The first thing wrong with `text` as a figure under `rule`, or null when it may be saved. */
export function typedNumberProblem(text: string, rule: TypedNumberRule): TypedNumberProblem | null {
  if (text.trim() === '') return 'required';
  const typed = parseDecimal(text);
  if (!Number.isFinite(typed)) return 'notNumber';
  if (rule.whole && !Number.isInteger(typed)) return 'notWhole';
  const value = rule.toChecked ? rule.toChecked(typed) : typed;
  if (value < rule.limit.min || (rule.aboveMin && value === rule.limit.min)) return 'tooSmall';
  if (value > rule.limit.max) return 'tooBig';
  return null;
}
