'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, inputClass, parseDecimal } from '@/components/ui/field';
import { cn } from '@/lib/cn';
import { limitMessageValues } from '@/lib/limits';
import { todayIso } from '@/lib/dates';
import { suggestedGoal, type GoalDirection } from '@/lib/diary/goal-calculator';
import { StorageFullError, useApplyGoalFrom, useUpdateSettings } from '@/lib/data';
import { activityLevels, genders, settingsPatchSchema, type Settings } from '@/lib/schemas/settings';
import { toast } from '@/lib/toast-store';
import { useFormatNumber } from '@/components/diary/use-format-number';
import { useLastLoggedWeight } from '@/components/diary/use-last-logged-weight';

type Values = {
  name: string;
  currentGoal: string;
  weight: string;
  height: string;
  age: string;
  gender: string;
  activity: string;
};
type FieldName = keyof Values;

const optionalNumber = (text: string) => (text.trim() === '' ? null : parseDecimal(text));

/**
 * Name, daily goal and body figures, with the Mifflin-St Jeor calculator filling in the goal.
 * Validated with the settings schema the repository and the API use.
 */
export function GoalSettings({ settings }: { settings: Settings }) {
  const t = useTranslations('settings');
  const tErrors = useTranslations('food.errors');
  const tAuthErrors = useTranslations('auth.errors');
  const formatNumber = useFormatNumber();
  const baseId = useId();
  const updateSettings = useUpdateSettings();
  const applyGoal = useApplyGoalFrom();
  // A new goal reaches today (and any later day already written) unless the user says otherwise.
  const [applyFromToday, setApplyFromToday] = useState(true);
  const text = (value: number | null) => (value === null ? '' : String(value));
  const [values, setValues] = useState<Values>({
    name: settings.name,
    currentGoal: String(settings.currentGoal),
    weight: text(settings.weight),
    height: text(settings.height),
    age: text(settings.age),
    gender: settings.gender ?? '',
    activity: settings.activity ?? 'light',
  });
  const [direction, setDirection] = useState<GoalDirection>('keep');
  // The weight field is often left empty while the diary knows the weight: offer that one.
  const diaryWeight = useLastLoggedWeight(todayIso(), values.weight.trim() === '');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const body = {
    weightKg: optionalNumber(values.weight),
    heightCm: optionalNumber(values.height),
    age: optionalNumber(values.age),
  };
  const canSuggest =
    values.gender !== '' &&
    Object.values(body).every((value) => value !== null && Number.isFinite(value) && value > 0);
  const suggestion = canSuggest
    ? suggestedGoal(
        {
          weightKg: body.weightKg!,
          heightCm: body.heightCm!,
          age: body.age!,
          gender: values.gender as 'male' | 'female',
        },
        values.activity as (typeof activityLevels)[number],
        direction,
      )
    : null;

  function message(code: string): string {
    if (code === 'nameLength' || code === 'emailInvalid')
      return tAuthErrors(code, limitMessageValues('auth', code, formatNumber));
    const known = ['goalRange', 'weightRange'] as const;
    return (known as readonly string[]).includes(code)
      ? tErrors(code as (typeof known)[number], limitMessageValues('food', code, formatNumber))
      : t(
          `rangeErrors.${code}` as 'rangeErrors.heightRange',
          limitMessageValues('settings', code, formatNumber),
        );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = settingsPatchSchema.safeParse({
      name: values.name,
      currentGoal: parseDecimal(values.currentGoal),
      weight: optionalNumber(values.weight),
      height: optionalNumber(values.height),
      age: optionalNumber(values.age),
      gender: values.gender === '' ? null : values.gender,
      activity: values.activity,
    });
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= message(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    const goal = parsed.data.currentGoal;
    const goalChanged = goal !== undefined && goal !== settings.currentGoal;
    updateSettings.mutate(parsed.data, {
      onSuccess: () => {
        if (goalChanged && applyFromToday) applyGoal.mutate({ from: todayIso(), goal });
        toast({ title: t('saved'), variant: 'success' });
      },
      onError: (failure) =>
        toast({
          title: failure instanceof StorageFullError ? tErrors('storageFull') : tErrors('saveFailed'),
          variant: 'error',
        }),
    });
  }

  const input = (name: FieldName, label: string, decimal = true) => (
    <Field id={`${baseId}-${name}`} label={label} error={errors[name]}>
      <Input
        id={`${baseId}-${name}`}
        inputMode={decimal ? 'decimal' : undefined}
        invalid={!!errors[name]}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5" data-testid="goal-settings">
      {input('name', t('name'), false)}
      <div className="grid gap-1">
        {input('currentGoal', t('goalLabel'))}
        {parseDecimal(values.currentGoal) !== settings.currentGoal ? (
          <label className="mt-1 flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              checked={applyFromToday}
              onChange={(event) => setApplyFromToday(event.target.checked)}
              className="accent-primary mt-0.5 size-4"
            />
            <span>
              {t('applyGoalToday')}
              <span className="text-fg-muted block">{t('applyGoalTodayHint')}</span>
            </span>
          </label>
        ) : (
          <p className="text-fg-muted text-sm">{t('goalLead')}</p>
        )}
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{t('body')}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {input('weight', t('weight'))}
          {input('height', t('height'))}
          {input('age', t('age'))}
          <Field id={`${baseId}-gender`} label={t('gender')}>
            <select
              id={`${baseId}-gender`}
              value={values.gender}
              onChange={(event) => setValues((current) => ({ ...current, gender: event.target.value }))}
              className={inputClass}
            >
              <option value="">{t('genderUnset')}</option>
              {genders.map((gender) => (
                <option key={gender} value={gender}>
                  {t(gender)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {diaryWeight ? (
          <p className="text-fg-muted flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {t('diaryWeight', diaryWeight.text)}
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => setValues((current) => ({ ...current, weight: diaryWeight.text.value }))}
            >
              {t('useDiaryWeight')}
            </Button>
          </p>
        ) : null}
      </fieldset>
      <fieldset className="bg-muted/60 grid gap-3 rounded-2xl p-4">
        <legend className="sr-only">{t('calculator')}</legend>
        <p className="font-semibold">{t('calculator')}</p>
        <p className="text-fg-muted text-sm">{t('calculatorLead')}</p>
        <Field id={`${baseId}-activity`} label={t('activity')}>
          <select
            id={`${baseId}-activity`}
            value={values.activity}
            onChange={(event) => setValues((current) => ({ ...current, activity: event.target.value }))}
            className={inputClass}
          >
            {activityLevels.map((level) => (
              <option key={level} value={level}>
                {t(`activityLevels.${level}`)}
              </option>
            ))}
          </select>
        </Field>
        <div role="group" aria-label={t('direction')} className="bg-surface inline-flex w-fit rounded-xl p-1">
          {(['lose', 'keep', 'gain'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={direction === option}
              onClick={() => setDirection(option)}
              className={cn(
                'h-9 cursor-pointer rounded-lg px-3 text-sm font-medium',
                direction === option ? 'bg-primary text-on-primary' : 'text-fg-muted hover:text-fg',
              )}
            >
              {t(option)}
            </button>
          ))}
        </div>
        <p aria-live="polite" className="text-sm font-medium" data-testid="suggested-goal">
          {suggestion === null ? t('calculatorNeeds') : t('suggested', { kcal: formatNumber(suggestion) })}
        </p>
        {suggestion !== null ? (
          <Button
            type="button"
            variant="secondary"
            className="w-fit"
            onClick={() => setValues((current) => ({ ...current, currentGoal: String(suggestion) }))}
          >
            {t('useGoal')}
          </Button>
        ) : null}
      </fieldset>
      <Button type="submit" className="w-fit" disabled={updateSettings.isPending}>
        {t('save')}
      </Button>
    </form>
  );
}
