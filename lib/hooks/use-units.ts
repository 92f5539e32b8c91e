'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { useSettingsWhereProvided } from '@/lib/data';
import {
  bodyWeightIn,
  browserLanguage,
  energyIn,
  energyNumberFormat,
  foodWeightIn,
  heightIn,
  heightText,
  kcalToKj,
  lengthIn,
  lengthUnit,
  unitsOf,
  volumeIn,
  weightText,
  type TypedFigure,
  type Units,
  type UnitSystem,
} from '@/lib/units/units';

const noSubscription = () => () => {};

/**
 * The units the user reads and types figures in: the ones chosen in settings, else those of the
 * browser's locale. The server renders in storage's own (metric, kcal), which the browser then
 * replaces with the locale's until the settings say otherwise.
 */
export function useUnits(): Units {
  const settings = useSettingsWhereProvided();
  const language = useSyncExternalStore(noSubscription, browserLanguage, () => null);
  return unitsOf(settings, language);
}

/** Formatters of stored figures in the user's units, as the locale writes numbers. */
export function useUnitFormat() {
  const t = useTranslations('units');
  const format = useFormatter();
  const units = useUnits();
  const number = (value: number, digits = 1) => format.number(value, { maximumFractionDigits: digits });
  return {
    units,
    /** The energy unit's name: "kcal", "kJ". */
    energyName: t(`names.${units.energy}`),
    /** Energy as a number in the user's unit, whole. */
    energyValue: (kcal: number) => energyIn(kcal, units.energy),
    /** "105 kcal", "439 kJ"; with `digits` decimals where a figure per 100 g is worked out (466.7 kcal). */
    energy: (kcal: number, digits = 0) => {
      const value = units.energy === 'kj' ? kcalToKj(kcal) : kcal;
      return t(units.energy, { value: number(digits === 0 ? Math.round(value) : value, digits) });
    },
    /** Energy's number alone, as the locale writes it: "1 340". */
    energyNumber: energyNumberFormat((value, options) => format.number(value, options), units.energy),
    /** "81.8 kg", "180.4 lb", "12 st 12.4 lb". */
    bodyWeight: (kg: number) => {
      const weight = bodyWeightIn(kg, units.system);
      if (weight.unit === 'kg') return t('kg', { value: number(weight.kg) });
      if (weight.unit === 'lb') return t('lb', { value: number(weight.lb) });
      return t('st', { st: number(weight.st, 0), lb: number(weight.lb) });
    },
    /** "180 cm", "5 ft 10.9 in". */
    height: (cm: number) => {
      const height = heightIn(cm, units.system);
      return height.unit === 'cm'
        ? t('cm', { value: number(height.cm) })
        : t('ftIn', { ft: number(height.ft, 0), inches: number(height.inches) });
    },
    /** A circumference of the body: "82.5 cm", "32.5 in". */
    length: (cm: number) => {
      const unit = lengthUnit(units.system);
      return t(unit, { value: number(lengthIn(cm, unit)) });
    },
    /** A food's weight: "45 g", "1.59 oz". */
    foodWeight: (grams: number) => {
      const value = foodWeightIn(grams, units.foodWeight);
      return units.foodWeight === 'oz'
        ? t('oz', { value: number(value, 2) })
        : t('g', { value: number(value) });
    },
    /** Water: "1,250 ml", "42.3 fl oz". */
    volume: (ml: number) =>
      units.volume === 'floz'
        ? t('floz', { value: number(volumeIn(ml, 'floz')) })
        : t('ml', { value: number(volumeIn(ml, 'ml'), 0) }),
  };
}

/** How a figure of two possible parts is typed: its fields' unit names and its start from a stored figure. */
export type FigureUnits = {
  system: UnitSystem;
  fields: readonly [string] | readonly [string, string];
  /** The units for the field's label: "lb" ("Weight, lb"), "st + lb" for two parts. */
  label: string;
  text: (stored: number) => TypedFigure;
};

/** Numbers as an input starts with them: the locale's decimal sign, no grouping (parseDecimal reads them). */
function useInputNumber(): (value: number) => string {
  const format = useFormatter();
  return (value) => format.number(value, { maximumFractionDigits: 1, useGrouping: false });
}

/** Body weight typed in the user's units: kg, lb, or stones and pounds. */
export function useWeightUnits(): FigureUnits {
  const t = useTranslations('units.names');
  const { system } = useUnits();
  const number = useInputNumber();
  const fields =
    system === 'metric'
      ? ([t('kg')] as const)
      : system === 'us'
        ? ([t('lb')] as const)
        : ([t('st'), t('lb')] as const);
  return { system, fields, label: fields.join(' + '), text: (kg) => weightText(kg, system, number) };
}

/** Height typed in the user's units: cm, or feet and inches. */
export function useHeightUnits(): FigureUnits {
  const t = useTranslations('units.names');
  const { system } = useUnits();
  const number = useInputNumber();
  const fields = system === 'metric' ? ([t('cm')] as const) : ([t('ft'), t('in')] as const);
  return { system, fields, label: fields.join(' + '), text: (cm) => heightText(cm, system, number) };
}
