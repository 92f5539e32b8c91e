'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field, parseDecimal, SavingInput } from '@/components/ui/field';
import { useSettings, useUpdateSettings } from '@/lib/data';
import { inRange, LIMITS, type NumericLimit } from '@/lib/limits';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { mlFrom, volumeIn } from '@/lib/units/units';

type WaterField = 'waterGlass' | 'waterGoal';

const limitOf: Record<WaterField, NumericLimit> = {
  waterGlass: LIMITS.waterGlassMl,
  waterGoal: LIMITS.waterGoalMl,
};

/**
 * The size of the glass the diary's water button adds, and the day's water goal, typed in ml or
 * US fluid ounces as the units say. Each is saved when its field is left, if it reads and fits;
 * an empty goal means none (the diary then shows the water without a bar).
 */
export function WaterSettings() {
  const t = useTranslations('settings.water');
  const unitFormat = useUnitFormat();
  const unit = unitFormat.units.volume;
  const settings = useSettings().data;
  const updateSettings = useUpdateSettings();
  const ids = { waterGlass: useId(), waterGoal: useId() };
  const [drafts, setDrafts] = useState<Partial<Record<WaterField, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<WaterField, string>>>({});
  if (!settings) return null;

  const stored = (field: WaterField) => {
    const ml = settings[field];
    return ml === null ? '' : String(volumeIn(ml, unit));
  };

  function save(field: WaterField) {
    const text = drafts[field];
    if (text === undefined) return;
    const limit = limitOf[field];
    if (text.trim() === '' && field === 'waterGoal') {
      setErrors((current) => ({ ...current, [field]: undefined }));
      if (settings!.waterGoal !== null) updateSettings.mutate({ waterGoal: null });
      return;
    }
    const ml = mlFrom(parseDecimal(text), unit);
    if (!inRange(ml, limit)) {
      const range = { min: unitFormat.volume(limit.min), max: unitFormat.volume(limit.max) };
      setErrors((current) => ({ ...current, [field]: t('range', range) }));
      return;
    }
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (ml !== settings![field]) updateSettings.mutate({ [field]: ml });
  }

  const unitName = t(`units.${unit}`);
  return (
    <div className="grid gap-4 sm:grid-cols-2" data-testid="water-settings">
      {(['waterGlass', 'waterGoal'] as const).map((field) => (
        <Field
          key={field}
          id={ids[field]}
          label={t(field, { unit: unitName })}
          error={errors[field]}
          hint={field === 'waterGoal' ? t('goalHint') : undefined}
        >
          <SavingInput
            id={ids[field]}
            inputMode="decimal"
            autoComplete="off"
            invalid={!!errors[field]}
            value={drafts[field] ?? stored(field)}
            placeholder={field === 'waterGoal' ? t('noGoal') : undefined}
            onChange={(event) => setDrafts((current) => ({ ...current, [field]: event.target.value }))}
            onSave={() => save(field)}
          />
        </Field>
      ))}
    </div>
  );
}
