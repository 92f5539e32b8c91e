import { describe, expect, it } from 'vitest';
import { nutrientTargets, orderedTargets, targetRefusal } from '@/lib/diary/nutrient-targets';
import { settingsChanges, holdsOnlyDefaults } from '@/lib/diary/settings-merge';
import { defaultSettings } from '@/lib/data/guest/default-settings';
import { settingsPatchSchema } from '@/lib/schemas/settings';

const adult = { sex: null, age: null, goalKcal: 2000 } as const;

describe('nutrient targets', () => {
  it('follow the US DRIs by sex and age, with the limits that apply to food', () => {
    expect(nutrientTargets('dri', { sex: 'female', age: 25, goalKcal: 2000 }).iron).toEqual({
      min: 18,
      max: 45,
    });
    expect(nutrientTargets('dri', { sex: 'female', age: 55, goalKcal: 2000 }).iron).toEqual({
      min: 8,
      max: 45,
    });
    expect(nutrientTargets('dri', { sex: 'male', age: 60, goalKcal: 2000 }).calcium).toEqual({
      min: 1000,
      max: 2000,
    });
    expect(nutrientTargets('dri', { sex: 'female', age: 60, goalKcal: 2000 }).calcium).toEqual({
      min: 1200,
      max: 2000,
    });
    expect(nutrientTargets('dri', { sex: 'male', age: 15, goalKcal: 2800 }).fibre).toEqual({ min: 38 });
    expect(nutrientTargets('dri', adult).sodium).toEqual({ min: 1500, max: 2300 });
    // No DRI for cholesterol or total sugars.
    expect(nutrientTargets('dri', adult).cholesterol).toBeUndefined();
    expect(nutrientTargets('dri', adult).sugars).toBeUndefined();
  });

  it('follow МР 2.3.1.0253-21 in Russian: one adult figure, more vitamin D and calcium past 65', () => {
    expect(nutrientTargets('mr2021', { sex: 'female', age: 40, goalKcal: 2000 }).vitaminD).toEqual({
      min: 15,
    });
    expect(nutrientTargets('mr2021', { sex: 'female', age: 70, goalKcal: 2000 }).vitaminD).toEqual({
      min: 20,
    });
    expect(nutrientTargets('mr2021', { sex: 'male', age: 70, goalKcal: 2000 }).calcium).toEqual({
      min: 1200,
    });
    expect(nutrientTargets('mr2021', adult).sodium).toEqual({ min: 1300, max: 2000 });
    expect(nutrientTargets('mr2021', adult).cholesterol).toEqual({ max: 300 });
    expect(nutrientTargets('mr2021', { sex: 'female', age: 16, goalKcal: 2000 }).iron).toEqual({ min: 18 });
  });

  it('take an unset sex as the higher figure, and limit saturated fat and added sugars by the energy goal', () => {
    expect(nutrientTargets('dri', adult).vitaminC).toEqual({ min: 90, max: 2000 });
    // 10 % of 2,000 kcal: 22 g of fat at 9 kcal/g, 50 g of sugar at 4 kcal/g.
    expect(nutrientTargets('dri', adult).saturatedFat).toEqual({ max: 22 });
    expect(nutrientTargets('mr2021', { ...adult, goalKcal: 2500 }).addedSugars).toEqual({ max: 63 });
  });

  it('let the user’s own target replace a nutrient’s whole target', () => {
    const targets = nutrientTargets('dri', adult, { sodium: { max: 1500 }, vitaminD: { min: 25 } });
    expect(targets.sodium).toEqual({ max: 1500 });
    expect(targets.vitaminD).toEqual({ min: 25 });
    expect(targets.iron).toEqual({ min: 18, max: 45 });
  });

  it('are settings that travel, compared by what they hold, and checked', () => {
    const mine = {
      ...defaultSettings('2026-11-27T00:00:00.000Z'),
      nutrientTargets: { sodium: { max: 1500 } },
    };
    expect(holdsOnlyDefaults(mine)).toBe(false);
    const same = { ...mine, nutrientTargets: { sodium: { max: 1500 } } };
    expect(settingsChanges(mine, same)).toEqual([]);
    expect(settingsChanges(mine, { ...mine, nutrientTargets: {} }).map((change) => change.field)).toEqual([
      'nutrientTargets',
    ]);
    expect(orderedTargets({ vitaminC: { max: 1, min: 0 }, fibre: {} })).toEqual({
      vitaminC: { min: 0, max: 1 },
    });
    expect(
      settingsPatchSchema.safeParse({ nutrientTargets: { sodium: { min: 2000, max: 1500 } } }).success,
    ).toBe(false);
    expect(settingsPatchSchema.safeParse({ nutrientTargets: { salt: { max: 5 } } }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ nutrientTargets: { sodium: { max: -1 } } }).success).toBe(false);
    expect(settingsPatchSchema.safeParse({ nutrientTargets: { sodium: { max: 1500 } } }).success).toBe(true);
  });
});

describe('targetRefusal', () => {
  const limit = { min: 0, max: 5000 };
  it('names only the field at fault (issue 48: a bad "at least" reddened the empty "at most")', () => {
    expect(targetRefusal(-1, undefined, limit)).toEqual({ code: 'range', sides: ['min'] });
    expect(targetRefusal(Number.NaN, 40, limit)).toEqual({ code: 'range', sides: ['min'] });
    expect(targetRefusal(undefined, 9000, limit)).toEqual({ code: 'range', sides: ['max'] });
    expect(targetRefusal(-1, 9000, limit)).toEqual({ code: 'range', sides: ['min', 'max'] });
  });
  it('blames both when "at least" is past "at most", and none for figures that fit', () => {
    expect(targetRefusal(50, 40, limit)).toEqual({ code: 'order', sides: ['min', 'max'] });
    expect(targetRefusal(40, 40, limit)).toBeNull();
    expect(targetRefusal(undefined, undefined, limit)).toBeNull();
    expect(targetRefusal(0, undefined, limit)).toBeNull();
  });
});
