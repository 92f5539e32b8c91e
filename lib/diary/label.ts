import { round2 } from './round';

/** Energy and macros, per 100 g or per serving. */
export type Figures = { kcal: number; protein: number; fat: number; carbs: number };

const KEYS = ['kcal', 'protein', 'fat', 'carbs'] as const;

function scale(figures: Figures, factor: number): Figures {
  const scaled = { ...figures };
  for (const key of KEYS) scaled[key] = round2(figures[key] * factor);
  return scaled;
}

/**
 * A package's figures per serving ("1 bar = 45 g: 210 kcal") as the figures per 100 g a food
 * stores (466.67 kcal), to two decimals, so that logging one serving gives the label's figures
 * back to within a hundredth.
 */
export function per100FromServing(figures: Figures, servingGrams: number): Figures {
  return scale(figures, 100 / servingGrams);
}

/** The figures of one serving of a food stored per 100 g. */
export function perServingFrom100(figures: Figures, servingGrams: number): Figures {
  return scale(figures, servingGrams / 100);
}
