/*
 * Units a person reads and types figures in. Storage stays metric and exact (kg, cm, g, kcal);
 * these only convert at the edges, so switching units never changes a stored figure, and a value
 * typed in one unit reads back as typed (180.4 lb is stored as 81.827… kg, shown as 180.4 lb).
 */

/** Metric; US customary (lb, oz, ft/in); UK (stones and pounds for body weight, grams for food). */
export const unitSystems = ['metric', 'us', 'uk'] as const;
export type UnitSystem = (typeof unitSystems)[number];

export const energyUnits = ['kcal', 'kj'] as const;
export type EnergyUnit = (typeof energyUnits)[number];

/** Exact by definition: the thermochemical calorie, the international pound, ounce and inch. */
export const KJ_PER_KCAL = 4.184;
export const KG_PER_LB = 0.45359237;
export const G_PER_OZ = 28.349523125;
export const CM_PER_INCH = 2.54;
export const LB_PER_STONE = 14;
export const INCHES_PER_FOOT = 12;

/** Countries whose people weigh in pounds and ounces (the US and the two others still on them). */
const US_REGIONS = new Set(['US', 'LR', 'MM']);
/** Countries where kilojoules are the energy on labels. */
const KJ_REGIONS = new Set(['AU', 'NZ']);

/** The region of a BCP 47 tag ("en-US" → "US"), or null. */
function regionOf(tag: string): string | null {
  try {
    return new Intl.Locale(tag).maximize().region ?? null;
  } catch {
    return null;
  }
}

/** The units a locale's people use: "en-US" → US, "en-GB" → UK, "ru-RU" or "de" → metric. */
export function defaultUnitSystem(tag: string): UnitSystem {
  const region = regionOf(tag);
  if (region && US_REGIONS.has(region)) return 'us';
  if (region === 'GB') return 'uk';
  return 'metric';
}

export function defaultEnergyUnit(tag: string): EnergyUnit {
  const region = regionOf(tag);
  return region && KJ_REGIONS.has(region) ? 'kj' : 'kcal';
}

/** The language tag whose region decides the default units: the browser's, where there is one. */
export function browserLanguage(): string {
  return typeof navigator === 'undefined' ? 'en' : (navigator.languages?.[0] ?? navigator.language ?? 'en');
}

export const kcalToKj = (kcal: number) => kcal * KJ_PER_KCAL;
export const kjToKcal = (kj: number) => kj / KJ_PER_KCAL;
export const kgToLb = (kg: number) => kg / KG_PER_LB;
export const lbToKg = (lb: number) => lb * KG_PER_LB;
export const gToOz = (grams: number) => grams / G_PER_OZ;
export const ozToG = (oz: number) => oz * G_PER_OZ;
export const cmToIn = (cm: number) => cm / CM_PER_INCH;
export const inToCm = (inches: number) => inches * CM_PER_INCH;

/** Rounds to `digits` decimals, as shown. */
export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Energy in the unit shown: kcal as stored, kJ converted; whole numbers either way. */
export function energyIn(kcal: number, unit: EnergyUnit): number {
  return Math.round(unit === 'kj' ? kcalToKj(kcal) : kcal);
}

/**
 * kcal for an energy typed in `unit`. kJ keep two decimals of kcal, so a whole kJ figure
 * typed reads back as typed (a kcal is 4.184 kJ: whole kcal could not hold every kJ figure).
 */
export function kcalFrom(value: number, unit: EnergyUnit): number {
  return unit === 'kj' ? roundTo(kjToKcal(value), 2) : value;
}

/**
 * A daily goal for a figure typed in `unit`. Goals are whole kcal: typed in kcal, the figure is
 * left as typed (a fraction is refused, as a goal's schema refuses it); typed in kJ it is kept
 * to the nearest kcal (4.184 kJ), as no whole kJ figure is a whole number of kcal.
 */
export function goalKcalFrom(value: number, unit: EnergyUnit): number {
  return unit === 'kj' ? Math.round(kjToKcal(value)) : value;
}

/** Body weight as shown: kg or lb with one decimal; stones and pounds (one decimal) in the UK. */
export type BodyWeight =
  { unit: 'kg'; kg: number } | { unit: 'lb'; lb: number } | { unit: 'st'; st: number; lb: number };

export function bodyWeightIn(kg: number, system: UnitSystem): BodyWeight {
  if (system === 'metric') return { unit: 'kg', kg: roundTo(kg, 1) };
  const pounds = roundTo(kgToLb(kg), 1);
  if (system === 'us') return { unit: 'lb', lb: pounds };
  const st = Math.floor(pounds / LB_PER_STONE);
  return { unit: 'st', st, lb: roundTo(pounds - st * LB_PER_STONE, 1) };
}

/** kg for a weight typed in the system's units (stones and pounds together in the UK), unrounded. */
export function kgFrom(value: { main: number; pounds?: number }, system: UnitSystem): number {
  if (system === 'metric') return value.main;
  if (system === 'us') return lbToKg(value.main);
  return lbToKg(value.main * LB_PER_STONE + (value.pounds ?? 0));
}

/** Height as shown: whole cm, or feet and inches (one decimal) outside metric. */
export type Height = { unit: 'cm'; cm: number } | { unit: 'ft'; ft: number; inches: number };

export function heightIn(cm: number, system: UnitSystem): Height {
  if (system === 'metric') return { unit: 'cm', cm: roundTo(cm, 1) };
  const inches = roundTo(cmToIn(cm), 1);
  const ft = Math.floor(inches / INCHES_PER_FOOT);
  return { unit: 'ft', ft, inches: roundTo(inches - ft * INCHES_PER_FOOT, 1) };
}

export function cmFrom(value: { main: number; inches?: number }, system: UnitSystem): number {
  if (system === 'metric') return value.main;
  return inToCm(value.main * INCHES_PER_FOOT + (value.inches ?? 0));
}

/** What a tape measures the body in: cm, or inches outside metric (the UK's tapes read inches too). */
export type LengthUnit = 'cm' | 'in';
export const lengthUnit = (system: UnitSystem): LengthUnit => (system === 'metric' ? 'cm' : 'in');

/** A circumference in the unit shown, one decimal. */
export function lengthIn(cm: number, unit: LengthUnit): number {
  return roundTo(unit === 'cm' ? cm : cmToIn(cm), 1);
}

/** cm of a circumference typed in `unit`, unrounded. */
export function cmOfLength(value: number, unit: LengthUnit): number {
  return unit === 'cm' ? value : inToCm(value);
}

/** What food is weighed in: ounces in the US, grams elsewhere (the UK's labels are metric). */
export type FoodWeightUnit = 'g' | 'oz';
export const foodWeightUnit = (system: UnitSystem): FoodWeightUnit => (system === 'us' ? 'oz' : 'g');

/** A food's weight as shown: grams with one decimal, or ounces with two (a gram is 0.035 oz). */
export function foodWeightIn(grams: number, unit: FoodWeightUnit): number {
  return unit === 'oz' ? roundTo(gToOz(grams), 2) : roundTo(grams, 1);
}

export function gramsFrom(value: number, unit: FoodWeightUnit): number {
  return unit === 'oz' ? ozToG(value) : value;
}

/** What water is measured in: US fluid ounces in the US, ml elsewhere (the UK's labels are metric). */
export type VolumeUnit = 'ml' | 'floz';
export const ML_PER_US_FL_OZ = 29.5735295625;
export const volumeUnit = (system: UnitSystem): VolumeUnit => (system === 'us' ? 'floz' : 'ml');

/** A volume as shown: whole ml, or fluid ounces with one decimal. */
export function volumeIn(ml: number, unit: VolumeUnit): number {
  return unit === 'floz' ? roundTo(ml / ML_PER_US_FL_OZ, 1) : Math.round(ml);
}

/** Whole ml, as water is stored, for a volume typed in `unit` (8 fl oz: 237 ml, read back as 8.0). */
export function mlFrom(value: number, unit: VolumeUnit): number {
  return Math.round(unit === 'floz' ? value * ML_PER_US_FL_OZ : value);
}

/**
 * A body weight or a height as typed: one field (kg, lb, cm), or two where the unit has two parts
 * (stones and pounds, feet and inches); `part` is unused for one.
 */
export type TypedFigure = { main: string; part: string };

export const hasTwoParts = (kind: 'weight' | 'height', system: UnitSystem) =>
  kind === 'weight' ? system === 'uk' : system !== 'metric';

/** A stored body weight as its fields start: numbers written by `format`. */
export function weightText(kg: number, system: UnitSystem, format: (value: number) => string): TypedFigure {
  const weight = bodyWeightIn(kg, system);
  if (weight.unit === 'kg') return { main: format(weight.kg), part: '' };
  if (weight.unit === 'lb') return { main: format(weight.lb), part: '' };
  return { main: format(weight.st), part: format(weight.lb) };
}

export function heightText(cm: number, system: UnitSystem, format: (value: number) => string): TypedFigure {
  const height = heightIn(cm, system);
  return height.unit === 'cm'
    ? { main: format(height.cm), part: '' }
    : { main: format(height.ft), part: format(height.inches) };
}

/**
 * The stored figure for what was typed, read by `parse` (a locale's decimal comma too); NaN for
 * anything that is not a figure. Of two parts, either may be left empty (12 st, 150 lb as 0 st
 * 150 lb); a negative part is no figure.
 */
function figureOf(
  typed: TypedFigure,
  twoParts: boolean,
  parse: (text: string) => number,
  convert: (main: number, part: number) => number,
): number {
  if (!twoParts) return convert(parse(typed.main), 0);
  const main = typed.main.trim() === '' ? 0 : parse(typed.main);
  const part = typed.part.trim() === '' ? 0 : parse(typed.part);
  if (typed.main.trim() === '' && typed.part.trim() === '') return NaN;
  if (!(main >= 0 && part >= 0)) return NaN;
  return convert(main, part);
}

/** kg for a typed weight: metric to 0.1 kg as before; lb and st/lb unrounded, so they read back as typed. */
export function kgOfText(typed: TypedFigure, system: UnitSystem, parse: (text: string) => number): number {
  return figureOf(typed, hasTwoParts('weight', system), parse, (main, pounds) =>
    system === 'metric' ? roundTo(main, 1) : kgFrom({ main, pounds }, system),
  );
}

export function cmOfText(typed: TypedFigure, system: UnitSystem, parse: (text: string) => number): number {
  return figureOf(typed, hasTwoParts('height', system), parse, (main, inches) =>
    cmFrom({ main, inches }, system),
  );
}

export type Units = {
  system: UnitSystem;
  energy: EnergyUnit;
  foodWeight: FoodWeightUnit;
  volume: VolumeUnit;
};

/**
 * The units a user reads and types figures in: the ones chosen in settings, else those of the
 * language's region (the browser's first language); without a language, storage's own (metric,
 * kcal).
 */
export function unitsOf(
  chosen: { unitSystem?: UnitSystem | null; energyUnit?: EnergyUnit | null } | null | undefined,
  language: string | null,
): Units {
  const system = chosen?.unitSystem ?? (language ? defaultUnitSystem(language) : 'metric');
  const energy = chosen?.energyUnit ?? (language ? defaultEnergyUnit(language) : 'kcal');
  return { system, energy, foodWeight: foodWeightUnit(system), volume: volumeUnit(system) };
}

/** A locale's number format (next-intl's `format.number`, in the browser or on the server). */
export type NumberFormat = (value: number, options: { maximumFractionDigits: number }) => string;

/** A figure as the diary writes it: as the locale writes numbers (1 340, 72,5), at most one decimal. */
export const figureFormat =
  (number: NumberFormat) =>
  (value: number): string =>
    number(value, { maximumFractionDigits: 1 });

/** Energy's number alone, whole, in `unit`: "1 340". */
export const energyNumberFormat =
  (number: NumberFormat, unit: EnergyUnit) =>
  (kcal: number): string =>
    number(energyIn(kcal, unit), { maximumFractionDigits: 0 });
