'use client';

import { useTranslations } from 'next-intl';
import { InvalidDataError, invalidDataOf, StorageFullError } from '@/lib/data';
import { LIMITS, type NumericLimit } from '@/lib/limits';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { useMeasureFormat } from '@/lib/hooks/use-measure-format';

type LimitMessage =
  | 'name'
  | 'amount'
  | 'grams'
  | 'kcal'
  | 'macro'
  | 'entries'
  | 'weight'
  | 'water'
  | 'goal'
  | 'activityKcal'
  | 'activityMinutes'
  | 'activities'
  | 'note'
  | 'steps'
  | 'circumference'
  | 'bodyFat';

// The limit behind each field of a day, an entry or an activity that a diary form writes; an
// activity's fields by their whole path, as their names are an entry's too.
const limitOfField: Record<string, [LimitMessage, NumericLimit]> = {
  name: ['name', LIMITS.nameLength],
  amount: ['amount', LIMITS.entryAmount],
  grams: ['grams', LIMITS.entryGrams],
  kcal: ['kcal', LIMITS.entryKcal],
  protein: ['macro', LIMITS.entryMacro],
  fat: ['macro', LIMITS.entryMacro],
  carbs: ['macro', LIMITS.entryMacro],
  entries: ['entries', LIMITS.entriesPerDay],
  weight: ['weight', LIMITS.weightKg],
  water: ['water', LIMITS.waterMl],
  goal: ['goal', LIMITS.goalKcal],
  'activity.kcal': ['activityKcal', LIMITS.activityKcal],
  'activity.minutes': ['activityMinutes', LIMITS.activityMinutes],
  activities: ['activities', LIMITS.activitiesPerDay],
  note: ['note', LIMITS.dayNoteLength],
  steps: ['steps', LIMITS.daySteps],
  waist: ['circumference', LIMITS.circumferenceCm],
  hips: ['circumference', LIMITS.circumferenceCm],
  chest: ['circumference', LIMITS.circumferenceCm],
  neck: ['circumference', LIMITS.circumferenceCm],
  bodyFat: ['bodyFat', LIMITS.bodyFatPercent],
};

/**
 * The message for a diary write that failed or would fail, in the user's language: a refusal
 * names the real limit ("At most 20,000 kcal in one entry"), a full storage says so, anything
 * else asks to try again.
 */
export function useRefusalMessage(): (failure: unknown) => string {
  const t = useTranslations('diary');
  const formatNumber = useFormatNumber();
  const { energy, bodyWeight, foodWeight, volume, length } = useUnitFormat();
  const measureText = useMeasureFormat();
  // Limits of a figure shown in units are named in them: "from 44.1 lb to 1,102.3 lb".
  const inUnits: Partial<Record<LimitMessage, (value: number) => string>> = {
    weight: bodyWeight,
    kcal: energy,
    goal: energy,
    activityKcal: energy,
    grams: foodWeight,
    water: volume,
    circumference: length,
    bodyFat: (percent) => measureText('bodyFat', percent),
  };
  return (failure) => {
    if (failure instanceof StorageFullError) return t('storageFull');
    const refusal = failure instanceof InvalidDataError ? failure : invalidDataOf(failure);
    if (!refusal) return t('saveFailed');
    const field = refusal.field.split('.').at(-1) ?? '';
    if (field === 'date') return t('limits.date', { min: LIMITS.date.min, max: LIMITS.date.max });
    const known = limitOfField[refusal.field] ?? limitOfField[field];
    if (!known) return t('limits.other', { field: refusal.field });
    const [message, limit] = known;
    const format = inUnits[message] ?? formatNumber;
    return t(`limits.${message}`, { min: format(limit.min), max: format(limit.max) });
  };
}
