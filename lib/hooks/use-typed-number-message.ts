'use client';

import { useTranslations } from 'next-intl';
import type { TypedNumberProblem } from '@/lib/ui/typed-number';

type Bounds = {
  /** The limits as the user reads them, in their units ("0 kcal", "1,440"). */
  min?: string;
  max?: string;
  /** What to say of a figure out of range either way, where the range has its own words ("Enter from 1 to 1,440 minutes"). */
  outOfRange?: string;
  /** The minimum is not itself allowed: "More than 0" rather than "At least 0". */
  aboveMin?: boolean;
  /** What to say of a figure past the maximum, where the limit has its own words ("At most 20,000 kcal in one entry"). */
  tooBig?: string;
  /** What to say of a fraction where only whole numbers are taken ("Whole minutes only"). */
  notWhole?: string;
};

/**
 * The message for what is wrong with a typed figure (lib/ui/typed-number), in the user's
 * language: an empty field is asked for, "12a" or an emoji is not a number, and only a figure
 * really out of range names the range.
 */
export function useTypedNumberMessage(): (problem: TypedNumberProblem, bounds: Bounds) => string {
  const t = useTranslations('diary.typed');
  return (problem, bounds) => {
    switch (problem) {
      case 'required':
        return t('required');
      case 'notNumber':
        return t('notNumber');
      case 'notWhole':
        return bounds.notWhole ?? t('notWhole');
      case 'tooSmall':
        if (bounds.outOfRange) return bounds.outOfRange;
        return t(bounds.aboveMin ? 'moreThan' : 'atLeast', { min: bounds.min ?? '' });
      case 'tooBig':
        return bounds.tooBig ?? bounds.outOfRange ?? t('atMost', { max: bounds.max ?? '' });
      default: {
        const never: never = problem;
        return never;
      }
    }
  };
}
