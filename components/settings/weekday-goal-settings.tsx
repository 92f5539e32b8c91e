'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { Field, parseDecimal, SavingInput } from '@/components/ui/field';
import { useSaveProfile, useSettings } from '@/lib/data';
import { addDays, todayIso, weekdays, type Weekday } from '@/lib/diary/dates';
import { orderedWeekdayGoals } from '@/lib/diary/goal-in-force';
import { GOAL_KCAL, inRange } from '@/lib/limits';
import { useUnitFormat } from '@/lib/hooks/use-units';
import { toast } from '@/lib/ui/toast-store';
import type { Settings } from '@/lib/schemas/settings';
import { goalKcalFrom } from '@/lib/units/units';
import { useDayFormat } from '@/lib/hooks/use-day-format';

/** A Monday, whose week names the weekdays in the user's language. */
const A_MONDAY = '2026-11-23';

/**
 * A goal of its own for any day of the week (a training day's, a weekend's): an empty field
 * leaves that day on the daily goal, shown as its placeholder. Saved when a field is left, and
 * given to today and the days after it already written, as a new daily goal is; past days keep
 * theirs.
 */
export function WeekdayGoalSettings() {
  const t = useTranslations('settings.weekdayGoals');
  const calendar = useDayFormat();
  const unitFormat = useUnitFormat();
  const unit = unitFormat.units.energy;
  const settings = useSettings().data;
  const saveProfile = useSaveProfile();
  const idBase = useId();
  const [drafts, setDrafts] = useState<Partial<Record<Weekday, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<Weekday, string>>>({});
  if (!settings) return null;
  const own = orderedWeekdayGoals(settings.weekdayGoals);

  function save(day: Weekday) {
    const text = drafts[day];
    if (text === undefined) return;
    let kcal: number | undefined;
    if (text.trim() !== '') {
      kcal = goalKcalFrom(parseDecimal(text), unit);
      if (!Number.isInteger(kcal) || !inRange(kcal, GOAL_KCAL)) {
        const range = { min: unitFormat.energy(GOAL_KCAL.min), max: unitFormat.energy(GOAL_KCAL.max) };
        setErrors((current) => ({ ...current, [day]: t('range', range) }));
        return;
      }
    }
    setErrors((current) => ({ ...current, [day]: undefined }));
    // This day's goal set in the latest goals, not in the ones this form last rendered: a field
    // typed just before this one may not have reached them yet (issue 48).
    const change = (latest: Settings) => {
      const before = orderedWeekdayGoals(latest.weekdayGoals);
      const next: Partial<Record<Weekday, number>> = { ...before, [day]: kcal };
      if (kcal === undefined) delete next[day];
      const ordered = orderedWeekdayGoals(next);
      return JSON.stringify(ordered) === JSON.stringify(before) ? null : { weekdayGoals: ordered };
    };
    saveProfile.mutate(
      { patch: change, goalFrom: todayIso() },
      { onError: () => toast({ title: t('saveFailed'), variant: 'error' }) },
    );
  }

  return (
    <div className="grid gap-3" data-testid="weekday-goal-settings">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {weekdays.map((day, index) => {
          const weekday = calendar.day(addDays(A_MONDAY, index), { weekday: 'long' });
          // A label starts with a capital, in Russian too ("понедельник" on its own is lower case).
          const name = weekday.charAt(0).toLocaleUpperCase() + weekday.slice(1);
          const stored = own[day];
          return (
            <Field key={day} id={`${idBase}-${day}`} label={name} error={errors[day]}>
              <SavingInput
                id={`${idBase}-${day}`}
                inputMode="numeric"
                autoComplete="off"
                invalid={!!errors[day]}
                placeholder={unitFormat.energyNumber(settings.currentGoal)}
                value={drafts[day] ?? (stored === undefined ? '' : String(unitFormat.energyValue(stored)))}
                onChange={(event) => setDrafts((current) => ({ ...current, [day]: event.target.value }))}
                onSave={() => save(day)}
              />
            </Field>
          );
        })}
      </div>
      <p className="text-fg-muted text-sm">{t('hint', { unit: unitFormat.energyName })}</p>
    </div>
  );
}
