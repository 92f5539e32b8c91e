'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, parseDecimal } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { limitMessageValues, TIMINGS } from '@/lib/limits';
import { todayIso } from '@/lib/diary/dates';
import { suggestedGoal, type GoalDirection } from '@/lib/diary/goal-calculator';
import { StorageFullError, useSaveProfile } from '@/lib/data';
import {
  activityLevels,
  genders,
  settingsPatchSchema,
  type Settings,
  type SettingsPatch,
} from '@/lib/schemas/settings';
import { toast } from '@/lib/ui/toast-store';
import { useFormatNumber } from '@/lib/hooks/use-format-number';
import { useLastLoggedWeight } from '@/lib/hooks/use-last-logged-weight';
import { useHeightUnits, useUnitFormat, useWeightUnits, type FigureUnits } from '@/lib/hooks/use-units';
import { FigureInput } from '@/components/ui/figure-input';
import { CheckboxField } from '@/components/ui/checkbox-field';
import {
  cmOfText,
  energyIn,
  goalKcalFrom,
  kgOfText,
  type EnergyUnit,
  type TypedFigure,
} from '@/lib/units/units';

type Values = {
  name: string;
  currentGoal: string;
  weight: string;
  height: string;
  age: string;
  gender: string;
  activity: string;
  /** The second part of a weight in stones and pounds, of a height in feet and inches. */
  weightPart: string;
  heightPart: string;
};
type FieldName = Exclude<keyof Values, 'weightPart' | 'heightPart'>;
type Errors = Partial<Record<FieldName, string>>;
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'notSaved' | 'failed';

const FIELDS: readonly FieldName[] = ['name', 'currentGoal', 'weight', 'height', 'age', 'gender', 'activity'];

const optionalNumber = (text: string) => (text.trim() === '' ? null : parseDecimal(text));
const text = (value: number | null) => (value === null ? '' : String(value));
const EMPTY = { main: '', part: '' };

/** How the form writes and reads figures in the user's units (lib/units/units.ts). */
type FormUnits = {
  weight: FigureUnits;
  height: FigureUnits;
  energy: EnergyUnit;
};

/** The form's text of each saved setting, in the user's units. */
function valuesOf(settings: Settings, units: FormUnits): Values {
  const weight = settings.weight === null ? EMPTY : units.weight.text(settings.weight);
  const height = settings.height === null ? EMPTY : units.height.text(settings.height);
  return {
    name: settings.name,
    currentGoal: String(energyIn(settings.currentGoal, units.energy)),
    weight: weight.main,
    weightPart: weight.part,
    height: height.main,
    heightPart: height.part,
    age: text(settings.age),
    gender: settings.gender ?? '',
    activity: settings.activity ?? 'light',
  };
}

/** A field's text, with its second part where it has one. */
const typedOf = (field: FieldName, values: Values): TypedFigure => ({
  main: values[field],
  part: field === 'weight' ? values.weightPart : field === 'height' ? values.heightPart : '',
});

/** True when a field reads the same in both: its text and its second part. */
const sameField = (field: FieldName, a: Values, b: Values) =>
  a[field] === b[field] && typedOf(field, a).part === typedOf(field, b).part;

/** A field's text as the settings record takes it: weight in kg, height in cm, the goal in kcal. */
function parsedField(field: FieldName, values: Values, units: FormUnits): unknown {
  const value = values[field];
  const typed = typedOf(field, values);
  const blank = typed.main.trim() === '' && typed.part.trim() === '';
  switch (field) {
    case 'name':
    case 'activity':
      return value;
    case 'gender':
      return value === '' ? null : value;
    case 'currentGoal':
      return goalKcalFrom(parseDecimal(value), units.energy);
    case 'weight':
      return blank ? null : kgOfText(typed, units.weight.system, parseDecimal);
    case 'height':
      return blank ? null : cmOfText(typed, units.height.system, parseDecimal);
    default:
      return optionalNumber(value);
  }
}

/** The message code the settings schema refuses a field's text with, or null when it takes it. */
function refusal(field: FieldName, values: Values, units: FormUnits): string | null {
  const parsed = settingsPatchSchema.safeParse({ [field]: parsedField(field, values, units) });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'saveFailed');
}

/**
 * What was typed here and could not be saved (out of range), kept while the tab lives: leaving
 * the page and coming back shows it again with its error, instead of quietly losing it.
 */
let unsavedDraft: Partial<Values> = {};

/**
 * Name, daily goal and body figures, with the Mifflin-St Jeor calculator filling in the goal.
 * Every field saves itself (docs/decisions/0023): after a pause in typing, when the field is
 * left, and when the page is left. A field the settings schema refuses keeps its text and its
 * error and is not saved; the others are. A change arriving from elsewhere (another tab, the
 * language just switched, an import) replaces only the fields not being edited here.
 */
export function GoalSettings({
  settings,
  onStatus,
  calm,
}: {
  settings: Settings;
  /** Where the form says how saving goes: the card's quiet status line. */
  onStatus: (status: SaveStatus) => void;
  /** Calm mode: the goal and its calculator, both in energy, are left out. */
  calm: boolean;
}) {
  const t = useTranslations('settings');
  const tUnits = useTranslations('units');
  const tErrors = useTranslations('food.errors');
  const tAuthErrors = useTranslations('auth.errors');
  const formatNumber = useFormatNumber();
  const unitFormat = useUnitFormat();
  const weightUnits = useWeightUnits();
  const heightUnits = useHeightUnits();
  const units: FormUnits = { weight: weightUnits, height: heightUnits, energy: unitFormat.units.energy };
  const baseId = useId();
  const saveProfile = useSaveProfile();
  // A new goal reaches today (and any later day already written) unless the user says otherwise.
  const [applyFromToday, setApplyFromToday] = useState(true);
  const [values, setValues] = useState<Values>(() => ({ ...valuesOf(settings, units), ...unsavedDraft }));
  // A draft brought back from an earlier visit shows its error again at once.
  const [errorCodes, setErrorCodes] = useState<Partial<Record<FieldName, string>>>(() => {
    const codes: Partial<Record<FieldName, string>> = {};
    const drafted = { ...valuesOf(settings, units), ...unsavedDraft };
    for (const field of Object.keys(unsavedDraft) as FieldName[]) {
      if (!FIELDS.includes(field)) continue;
      const code = refusal(field, drafted, units);
      if (code) codes[field] = code;
    }
    return codes;
  });
  // The saved settings (and the units) the fields were last brought up to date with.
  const [base, setBase] = useState({ settings, units });
  const unitsKey = (each: FormUnits) => `${each.weight.system}/${each.energy}`;
  if (base.settings !== settings || unitsKey(base.units) !== unitsKey(units)) {
    // Fields showing what was saved follow the new record or units; fields being edited keep their text.
    const before = valuesOf(base.settings, base.units);
    const after = valuesOf(settings, units);
    setBase({ settings, units });
    setValues((current) => {
      const next = { ...current };
      for (const field of FIELDS)
        if (sameField(field, current, before)) {
          next[field] = after[field];
          if (field === 'weight') next.weightPart = after.weightPart;
          if (field === 'height') next.heightPart = after.heightPart;
        }
      return next;
    });
  }
  const [direction, setDirection] = useState<GoalDirection>('keep');
  // The weight field is often left empty while the diary knows the weight: offer that one.
  const diaryWeight = useLastLoggedWeight(
    todayIso(),
    values.weight.trim() === '' && values.weightPart.trim() === '',
  );

  // The latest of everything the save needs, for the timer and for leaving the page.
  const latest = useRef({ values, settings, applyFromToday, units });
  useEffect(() => {
    latest.current = { values, settings, applyFromToday, units };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // What this form last sent, so a value is not sent twice while the saved record catches up.
  const sent = useRef<Partial<Record<FieldName, string>>>({});

  const number = (field: 'weight' | 'height') => {
    const parsed = parsedField(field, values, units);
    return typeof parsed === 'number' ? parsed : null;
  };
  const body = {
    weightKg: number('weight'),
    heightCm: number('height'),
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
    // The limits of a figure in units are named in the user's: "from 44.1 lb to 1,102.3 lb".
    if (code === 'goalRange') return tErrors(code, limitMessageValues('food', code, unitFormat.energy));
    if (code === 'weightRange') return tErrors(code, limitMessageValues('food', code, unitFormat.bodyWeight));
    if (code === 'heightRange')
      return t('rangeErrors.heightRange', limitMessageValues('settings', code, unitFormat.height));
    return t(
      `rangeErrors.${code}` as 'rangeErrors.ageRange',
      limitMessageValues('settings', code, formatNumber),
    );
  }

  /**
   * Saves every valid field that differs from the saved settings; marks the invalid ones. Runs
   * from a timer, on leaving a field, and on leaving the page (then without touching state).
   */
  const save = useCallback(
    (mounted: boolean) => {
      clearTimeout(timer.current);
      const { values: current, settings: saved, applyFromToday: applyGoal, units: now } = latest.current;
      const savedValues = valuesOf(saved, now);
      const patch: SettingsPatch = {};
      const codes: Partial<Record<FieldName, string>> = {};
      const sentText = (field: FieldName) => JSON.stringify(typedOf(field, current));
      for (const field of FIELDS) {
        if (sameField(field, current, savedValues)) continue;
        const parsed = settingsPatchSchema.safeParse({ [field]: parsedField(field, current, now) });
        if (!parsed.success) codes[field] = refusal(field, current, now)!;
        else if (sent.current[field] !== sentText(field)) Object.assign(patch, parsed.data);
      }
      const invalid = Object.keys(codes).length > 0;
      unsavedDraft = Object.fromEntries(
        (Object.keys(codes) as FieldName[]).flatMap((field) => [
          [field, current[field]],
          ...(field === 'weight' ? [['weightPart', current.weightPart]] : []),
          ...(field === 'height' ? [['heightPart', current.heightPart]] : []),
        ]),
      );
      if (mounted) setErrorCodes(codes);
      const fields = Object.keys(patch) as FieldName[];
      if (fields.length === 0) {
        if (mounted) onStatus(invalid ? 'notSaved' : 'idle');
        return;
      }
      for (const field of fields) sent.current[field] = sentText(field);
      const goalChanged = patch.currentGoal !== undefined && patch.currentGoal !== saved.currentGoal;
      if (mounted) onStatus('saving');
      saveProfile.mutate(
        { patch, goalFrom: goalChanged && applyGoal ? todayIso() : undefined },
        {
          onSuccess: () => onStatus(Object.keys(unsavedDraft).length > 0 ? 'notSaved' : 'saved'),
          onError: (failure) => {
            // Sent again with the next change: nothing counts as saved.
            for (const field of fields) delete sent.current[field];
            onStatus('failed');
            toast({
              title: failure instanceof StorageFullError ? tErrors('storageFull') : tErrors('saveFailed'),
              variant: 'error',
            });
          },
        },
      );
    },
    [onStatus, saveProfile, tErrors],
  );

  // Leaving the page saves what is waiting for the pause in typing.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => () => saveRef.current(false), []);

  /** A field changed: typed text waits for a pause; a choice (a select, a button) saves at once. */
  function change(field: keyof Values, value: string, now = false) {
    latest.current = { ...latest.current, values: { ...latest.current.values, [field]: value } };
    setValues((current) => ({ ...current, [field]: value }));
    clearTimeout(timer.current);
    if (now) save(true);
    else timer.current = setTimeout(() => save(true), TIMINGS.settingsSaveDelayMs);
  }

  const errors: Errors = Object.fromEntries(
    Object.entries(errorCodes).map(([field, code]) => [field, message(code)]),
  );
  /** A body figure typed in the user's units: one field, or two (st and lb, ft and in). */
  const figure = (name: 'weight' | 'height', label: string, figureUnits: FigureUnits) => {
    const part = name === 'weight' ? 'weightPart' : 'heightPart';
    return (
      <Field
        id={`${baseId}-${name}`}
        label={t(name, { unit: figureUnits.label })}
        error={errors[name]}
        className={figureUnits.fields.length > 1 ? 'col-span-2' : undefined}
      >
        <FigureInput
          id={`${baseId}-${name}`}
          units={figureUnits.fields}
          label={label}
          invalid={!!errors[name]}
          value={{ main: values[name], part: values[part] }}
          onChange={(typed) => {
            if (typed.part !== values[part]) change(part, typed.part);
            else change(name, typed.main);
          }}
          onBlur={() => save(true)}
        />
      </Field>
    );
  };
  const input = (name: FieldName, label: string, decimal = true) => (
    <Field id={`${baseId}-${name}`} label={label} error={errors[name]}>
      <Input
        id={`${baseId}-${name}`}
        inputMode={decimal ? 'decimal' : undefined}
        invalid={!!errors[name]}
        value={values[name]}
        onChange={(event) => change(name, event.target.value)}
        onBlur={() => save(true)}
      />
    </Field>
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save(true);
      }}
      noValidate
      className="grid gap-5"
      data-testid="goal-settings"
    >
      {input('name', t('name'), false)}
      {calm ? null : (
        <div className="grid gap-1">
          {input('currentGoal', t('goalLabel', { unit: unitFormat.energyName }))}
          {/* Always shown: a goal saves itself as it is typed, so the choice comes before it. */}
          <CheckboxField
            className="mt-1"
            checked={applyFromToday}
            onChange={setApplyFromToday}
            label={t('applyGoalToday')}
            hint={t('applyGoalTodayHint')}
          />
        </div>
      )}
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold">{t('body')}</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {figure('weight', tUnits('weightName'), weightUnits)}
          {figure('height', tUnits('heightName'), heightUnits)}
          {input('age', t('age'))}
          <Field id={`${baseId}-gender`} label={t('gender')}>
            <Select
              id={`${baseId}-gender`}
              value={values.gender}
              onChange={(event) => change('gender', event.target.value, true)}
            >
              <option value="">{t('genderUnset')}</option>
              {genders.map((gender) => (
                <option key={gender} value={gender}>
                  {t(gender)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {diaryWeight ? (
          <p className="text-fg-muted flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {t('diaryWeight', diaryWeight.text)}
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => {
                const typed = weightUnits.text(diaryWeight.weight);
                change('weightPart', typed.part);
                change('weight', typed.main, true);
              }}
            >
              {t('useDiaryWeight')}
            </Button>
          </p>
        ) : null}
      </fieldset>
      {calm ? null : (
        <fieldset className="bg-muted/60 grid gap-3 rounded-2xl p-4">
          <legend className="sr-only">{t('calculator')}</legend>
          <p className="font-semibold">{t('calculator')}</p>
          <p className="text-fg-muted text-sm">{t('calculatorLead')}</p>
          <Field id={`${baseId}-activity`} label={t('activity')}>
            <Select
              id={`${baseId}-activity`}
              value={values.activity}
              onChange={(event) => change('activity', event.target.value, true)}
            >
              {activityLevels.map((level) => (
                <option key={level} value={level}>
                  {t(`activityLevels.${level}`)}
                </option>
              ))}
            </Select>
          </Field>
          <ToggleGroup
            aria-label={t('direction')}
            variant="emphasis"
            stretch
            value={direction}
            onValueChange={(next) => setDirection(next as GoalDirection)}
          >
            {(['lose', 'keep', 'gain'] as const).map((option) => (
              <ToggleGroupItem key={option} value={option}>
                {t(option)}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
          <p aria-live="polite" className="text-sm font-medium" data-testid="suggested-goal">
            {suggestion === null
              ? t('calculatorNeeds')
              : t('suggested', { energy: unitFormat.energy(suggestion) })}
          </p>
          {suggestion !== null ? (
            <Button
              type="button"
              variant="secondary"
              className="w-fit"
              onClick={() => change('currentGoal', String(energyIn(suggestion, units.energy)), true)}
            >
              {t('useGoal')}
            </Button>
          ) : null}
        </fieldset>
      )}
    </form>
  );
}
