import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '@/components/ui/field';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { daysCsv, entriesCsv } from '@/lib/diary/export-files';
import { LIMITS } from '@/lib/limits';
import type { DiaryExport } from '@/lib/schemas/export';
import {
  bodyWeightIn,
  cmOfText,
  defaultEnergyUnit,
  defaultUnitSystem,
  energyIn,
  foodWeightIn,
  goalKcalFrom,
  gramsFrom,
  heightIn,
  heightText,
  kcalFrom,
  kgOfText,
  mlFrom,
  roundTo,
  unitsOf,
  volumeIn,
  volumeUnit,
  weightText,
} from '@/lib/units/units';

const tenths = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * 10), max: Math.round(max * 10) }).map((value) => value / 10);
const plain = (value: number) => String(value);

describe('units by locale', () => {
  it('weighs in pounds in the US, in stones in the UK, in kg elsewhere; kJ where labels use them', () => {
    expect(defaultUnitSystem('en-US')).toBe('us');
    expect(defaultUnitSystem('en')).toBe('us');
    expect(defaultUnitSystem('en-GB')).toBe('uk');
    expect(defaultUnitSystem('en-IE')).toBe('metric');
    expect(defaultUnitSystem('ru-RU')).toBe('metric');
    expect(defaultUnitSystem('ru')).toBe('metric');
    expect(defaultUnitSystem('de')).toBe('metric');
    expect(defaultUnitSystem('not a tag!')).toBe('metric');
    expect(defaultEnergyUnit('en-AU')).toBe('kj');
    expect(defaultEnergyUnit('en-NZ')).toBe('kj');
    expect(defaultEnergyUnit('en-US')).toBe('kcal');
    expect(defaultEnergyUnit('ru-RU')).toBe('kcal');
  });

  it("a user's own choice wins over the language's; without either, storage's own units", () => {
    expect(unitsOf(null, 'en-AU')).toEqual({ system: 'metric', energy: 'kj', foodWeight: 'g', volume: 'ml' });
    expect(unitsOf({ unitSystem: 'us', energyUnit: 'kcal' }, 'en-AU')).toEqual({
      system: 'us',
      energy: 'kcal',
      foodWeight: 'oz',
      volume: 'floz',
    });
    expect(unitsOf({ unitSystem: null, energyUnit: null }, null)).toEqual({
      system: 'metric',
      energy: 'kcal',
      foodWeight: 'g',
      volume: 'ml',
    });
  });
});

describe('a figure typed in one unit reads back as typed (property)', () => {
  it('body weight in lb: 180.4 lb stays 180.4 lb', () => {
    expect(bodyWeightIn(kgOfText({ main: '180.4', part: '' }, 'us', parseDecimal), 'us')).toEqual({
      unit: 'lb',
      lb: 180.4,
    });
    fc.assert(
      fc.property(tenths(44.1, 1102.3), (lb) => {
        const kg = kgOfText({ main: plain(lb), part: '' }, 'us', parseDecimal);
        expect(bodyWeightIn(kg, 'us')).toEqual({ unit: 'lb', lb });
        expect(weightText(kg, 'us', plain)).toEqual({ main: plain(lb), part: '' });
      }),
    );
  });

  it('body weight in stones and pounds, either part left empty', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 78 }), tenths(0, 13.9), (st, lb) => {
        const kg = kgOfText({ main: String(st), part: String(lb) }, 'uk', parseDecimal);
        expect(bodyWeightIn(kg, 'uk')).toEqual({ unit: 'st', st, lb });
      }),
    );
    const stones = kgOfText({ main: '12', part: '' }, 'uk', parseDecimal);
    const pounds = kgOfText({ main: '', part: '168' }, 'uk', parseDecimal);
    expect(stones).toBeCloseTo(pounds, 9);
    expect(bodyWeightIn(pounds, 'uk')).toEqual({ unit: 'st', st: 12, lb: 0 });
    expect(kgOfText({ main: '', part: '' }, 'uk', parseDecimal)).toBeNaN();
    expect(kgOfText({ main: '12', part: '-3' }, 'uk', parseDecimal)).toBeNaN();
    expect(kgOfText({ main: 'twelve', part: '' }, 'uk', parseDecimal)).toBeNaN();
  });

  it('body weight in kg keeps the tenth it always kept', () => {
    fc.assert(
      fc.property(tenths(LIMITS.weightKg.min, LIMITS.weightKg.max), (kg) => {
        const stored = kgOfText({ main: plain(kg), part: '' }, 'metric', parseDecimal);
        expect(stored).toBe(kg);
        expect(bodyWeightIn(stored, 'metric')).toEqual({ unit: 'kg', kg });
      }),
    );
  });

  it('height in feet and inches', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), tenths(0, 11.9), (ft, inches) => {
        const cm = cmOfText({ main: String(ft), part: String(inches) }, 'us', parseDecimal);
        expect(heightIn(cm, 'us')).toEqual({ unit: 'ft', ft, inches });
        expect(heightText(cm, 'uk', plain)).toEqual({ main: String(ft), part: String(inches) });
      }),
    );
  });

  it('a food in ounces, through an entry’s grams kept to 0.1 g', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 350_000 }), (hundredths) => {
        const oz = hundredths / 100;
        const grams = roundTo(gramsFrom(oz, 'oz'), 1);
        expect(foodWeightIn(grams, 'oz')).toBe(oz);
      }),
    );
    expect(foodWeightIn(roundTo(gramsFrom(6, 'oz'), 1), 'oz')).toBe(6);
  });

  it('energy in whole kJ, through kcal kept to the hundredth', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3_800 }), (kj) => {
        const kcal = kcalFrom(kj, 'kj');
        expect(energyIn(kcal, 'kj')).toBe(kj);
      }),
    );
    expect(kcalFrom(250, 'kcal')).toBe(250);
    // A goal is whole kcal: a fraction typed in kcal stays for the schema to refuse; kJ round.
    expect(goalKcalFrom(2000.5, 'kcal')).toBe(2000.5);
    expect(goalKcalFrom(8400, 'kj')).toBe(2008);
    expect(Math.abs(energyIn(goalKcalFrom(8405, 'kj'), 'kj') - 8405)).toBeLessThanOrEqual(2);
    expect(energyIn(105, 'kcal')).toBe(105);
    expect(energyIn(105, 'kj')).toBe(439);
  });
});

describe('water in ml or US fluid ounces', () => {
  it('is measured in fl oz in the US only, stored in whole ml', () => {
    expect([volumeUnit('us'), volumeUnit('uk'), volumeUnit('metric')]).toEqual(['floz', 'ml', 'ml']);
    expect(mlFrom(8, 'floz')).toBe(237);
    expect(mlFrom(250.4, 'ml')).toBe(250);
    expect(volumeIn(2000, 'floz')).toBe(67.6);
  });

  it('reads back as typed: a tenth of a fl oz through whole ml (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6_700 }), (tenthsOfOunce) => {
        const floz = tenthsOfOunce / 10;
        expect(volumeIn(mlFrom(floz, 'floz'), 'floz')).toBe(floz);
      }),
    );
  });
});

describe('the human-readable CSV', () => {
  const data: DiaryExport = {
    format: 'calorie-diary',
    version: 1,
    exportedAt: '2026-11-27T10:00:00.000Z',
    settings: {
      ...defaultSettings('2026-11-27T10:00:00.000Z'),
      language: 'en',
      currentGoal: 2000,
      unitSystem: 'us',
      energyUnit: 'kj',
    },
    foods: [],
    days: [
      {
        date: '2026-11-27',
        goal: 2000,
        weight: 81.82726,
        water: 1893,
        activities: [],
        updatedAt: '2026-11-27T10:00:00.000Z',
        entries: [
          {
            id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
            meal: 'lunch',
            food: 'c:chicken-breast-roasted',
            name: 'Chicken breast',
            amount: 170.1,
            unit: 'g',
            grams: 170.1,
            kcal: 281,
            protein: 52.8,
            fat: 6.1,
            carbs: 0,
            nutrients: { sodium: 60, vitaminB12: 0.3 },
            loggedAt: '2026-11-27T12:00:00.000Z',
            updatedAt: '2026-11-27T12:00:00.000Z',
          },
        ],
      },
    ],
  };
  const NUTRIENT_COLUMNS =
    'fibre_g,sugars_g,added_sugars_g,saturated_fat_g,cholesterol_mg,sodium_mg,potassium_mg,calcium_mg,' +
    'iron_mg,magnesium_mg,zinc_mg,vitamin_a_ug,vitamin_c_mg,vitamin_d_ug,vitamin_e_mg,vitamin_k_ug,' +
    'thiamin_mg,riboflavin_mg,niacin_mg,vitamin_b6_mg,folate_ug,vitamin_b12_ug';

  it('keeps the metric columns and adds the user’s units after them, then the nutrients eaten', () => {
    const [entryHeader, entryRow] = entriesCsv(data, { system: 'us', energy: 'kj' }).trim().split('\r\n');
    expect(entryHeader).toBe(
      `date,meal,name,amount,unit,grams,kcal,protein,fat,carbs,logged_at,id,oz,kj,${NUTRIENT_COLUMNS}`,
    );
    const cells = entryRow!.split(',');
    const column = (name: string) => cells[entryHeader!.split(',').indexOf(name)];
    expect([column('oz'), column('kj')]).toEqual(['6', '1176']);
    // 170.1 g at 60 mg of sodium and 0.3 µg of B12 per 100 g; a nutrient not known is blank.
    expect([column('sodium_mg'), column('vitamin_b12_ug'), column('fibre_g')]).toEqual(['102.1', '0.51', '']);
    const [dayHeader, dayRow] = daysCsv(data, { system: 'uk', energy: 'kj' }).trim().split('\r\n');
    expect(dayHeader).toBe(
      'date,goal,kcal,protein,fat,carbs,weight,entries,water_ml,activity_kcal,steps,' +
        'waist_cm,hips_cm,chest_cm,neck_cm,body_fat_percent,weight_lb,goal_kj,kj,note',
    );
    expect(dayRow!.split(',').slice(-12)).toEqual([
      '1893',
      '0',
      '',
      '',
      '',
      '',
      '',
      '',
      '180.4',
      '8368',
      '1176',
      '',
    ]);
    // Body measurements as stored: cm and percent, whatever the units.
    const measured = { ...data, days: [{ ...data.days[0]!, details: { waist: 82.55, bodyFat: 21 } }] };
    const measuredRow = daysCsv(measured, { system: 'us', energy: 'kcal' })
      .trim()
      .split('\r\n')[1]!
      .split(',');
    expect(measuredRow.slice(11, 16)).toEqual(['82.55', '', '', '', '21']);
    // US units: the water in fluid ounces too.
    const [usHeader, usRow] = daysCsv(data, { system: 'us', energy: 'kcal' }).trim().split('\r\n');
    expect(usHeader).toBe(
      'date,goal,kcal,protein,fat,carbs,weight,entries,water_ml,activity_kcal,steps,' +
        'waist_cm,hips_cm,chest_cm,neck_cm,body_fat_percent,weight_lb,water_fl_oz,note',
    );
    expect(usRow!.split(',').slice(-3)).toEqual(['180.4', '64', '']);
    // Metric and kcal: the columns as they always were.
    expect(entriesCsv(data).split('\r\n')[0]).toBe(
      `date,meal,name,amount,unit,grams,kcal,protein,fat,carbs,logged_at,id,${NUTRIENT_COLUMNS}`,
    );
  });
});
