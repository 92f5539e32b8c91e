import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@/lib/limits';
import {
  OFF_FIELDS,
  offFigures,
  offServing,
  productFromOff,
  readOffAnswer,
  trimOffProduct,
  type OffProduct,
} from '@/lib/barcode/open-food-facts';
import { productSchema } from '@/lib/schemas/product';
import { foodInputSchema } from '@/lib/schemas/food';
import { propertyRuns } from '../support/arbitraries';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'open-food-facts');
const fixtures = readdirSync(FIXTURES)
  .filter((file) => file.endsWith('.json'))
  .map((file) => ({
    file,
    body: JSON.parse(readFileSync(path.join(FIXTURES, file), 'utf8')) as Record<string, unknown>,
  }));
const fixture = (code: string) => fixtures.find(({ body }) => body.code === code)!.body;
const product = (code: string, lang: 'en' | 'ru' = 'en') => {
  const answer = readOffAnswer(fixture(code));
  if (answer.kind !== 'found') throw new Error(`${code} is not a found product`);
  return productFromOff(code, answer.product, lang);
};

describe('Open Food Facts answers', () => {
  it('maps every recorded answer to a valid product, or to not found', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(6);
    for (const { file, body } of fixtures) {
      const answer = readOffAnswer(body);
      if (file === 'not-found.json') {
        expect(answer, file).toEqual({ kind: 'not_found' });
        continue;
      }
      expect(answer.kind, file).toBe('found');
      if (answer.kind !== 'found') continue;
      for (const lang of ['en', 'ru'] as const) {
        const mapped = productFromOff(String(body.code), answer.product, lang);
        expect(productSchema.safeParse(mapped).success, `${file} ${lang}`).toBe(true);
        expect(mapped.name, file).not.toBeNull();
      }
    }
  });

  it('asks only for fields the mapping reads', () => {
    expect(OFF_FIELDS).toContain('nutriments');
    expect(OFF_FIELDS).not.toContain('images');
    for (const { body } of fixtures) {
      const recorded = Object.keys((body.product ?? {}) as object);
      expect(
        recorded.every((key) => (OFF_FIELDS as readonly string[]).includes(key)),
        String(body.code),
      ).toBe(true);
    }
  });

  it('reads a found product with a serving (Clif, recorded from the live API)', () => {
    expect(product('0722252387998')).toEqual({
      barcode: '0722252387998',
      name: 'Chocolate chip energy bar minis',
      brand: 'Clif',
      kcal: 357.1,
      protein: 14.3,
      fat: 7.1,
      carbs: 64.3,
      serving: { label: '1 BAR', grams: 28 },
      source: 'open-food-facts',
    });
  });

  it('takes kcal from kJ when there are only kJ, rounded to whole kcal', () => {
    expect(product('4607053473544', 'ru')).toMatchObject({ kcal: 54, protein: 2.9, fat: 2.5, carbs: 4.9 });
    expect(offFigures({ nutriments: { energy_100g: 1000 } }).kcal).toBe(239);
    expect(offFigures({ nutriments: { 'energy-kj_100g': 1000, energy_100g: 5 } }).kcal).toBe(239);
    expect(offFigures({ nutriments: {} }).kcal).toBeNull();
  });

  it('keeps a product without a serving size, and turns a bare quantity into "1 serving"', () => {
    expect(product('4600605017265').serving).toBeNull();
    expect(product('4690228007842').serving).toBeNull();
    expect(product('4602541000592', 'en').serving).toEqual({ label: '1 serving', grams: 50 });
    expect(product('4602541000592', 'ru').serving).toEqual({ label: '1 порция', grams: 50 });
  });

  it('answers missing figures as null', () => {
    expect(product('2000000000060')).toMatchObject({ kcal: 135, protein: 5.5, fat: null, carbs: null });
  });

  it('picks the name in the asked language, then product_name, then the generic name', () => {
    const names: OffProduct = {
      product_name: 'Default',
      product_name_ru: 'Русское',
      generic_name: 'Generic',
      generic_name_en: 'Generic EN',
      nutriments: {},
    };
    expect(productFromOff('4600605017265', names, 'ru').name).toBe('Русское');
    expect(productFromOff('4600605017265', names, 'en').name).toBe('Default');
    expect(
      productFromOff(
        '4600605017265',
        { generic_name: 'Generic', generic_name_en: 'Generic EN', nutriments: {} },
        'en',
      ).name,
    ).toBe('Generic EN');
    expect(productFromOff('4600605017265', { nutriments: {} }, 'en').name).toBeNull();
    const long = productFromOff('4600605017265', { product_name: 'x'.repeat(300), nutriments: {} }, 'en');
    expect(long.name).toHaveLength(LIMITS.nameLength.max);
    // A cut never leaves half of an emoji.
    const emoji = productFromOff(
      '4600605017265',
      { product_name: `${'x'.repeat(119)}🍫🍫`, nutriments: {} },
      'en',
    );
    expect(emoji.name).toBe('x'.repeat(119));
  });

  it('takes the first brand and collapses white space', () => {
    const read = trimOffProduct({
      brands: '  Danone ,  Даниссимо',
      product_name: 'Молоко  Домик\n в деревне ',
    });
    expect(productFromOff('4600605017265', read!, 'ru')).toMatchObject({
      brand: 'Danone',
      name: 'Молоко Домик в деревне',
    });
  });

  it('refuses figures no food can have (null, for the user to type) instead of clamping them', () => {
    expect(
      offFigures({
        nutriments: { 'energy-kcal_100g': 2255, proteins_100g: -1, fat_100g: 30, carbohydrates_100g: 57 },
      }),
    ).toEqual({
      kcal: null,
      protein: null,
      fat: 30,
      carbs: 57,
    });
    expect(
      offFigures({ nutriments: { proteins_100g: 60, fat_100g: 30, carbohydrates_100g: 57 } }),
    ).toMatchObject({
      protein: null,
      fat: null,
      carbs: null,
    });
    expect(offFigures({ nutriments: { 'energy-kcal_100g': 900, proteins_100g: 100 } })).toMatchObject({
      kcal: 900,
      protein: 100,
    });
  });

  it('reads numbers Open Food Facts sends as strings, and ignores what is not a number', () => {
    const read = trimOffProduct({
      serving_quantity: '28',
      nutriments: {
        'energy-kcal_100g': '120.9',
        proteins_100g: '3,1',
        fat_100g: 'n/a',
        carbohydrates_100g: { value: 1 },
      },
    })!;
    expect(read.serving_quantity).toBe(28);
    expect(read.nutriments).toEqual({ 'energy-kcal_100g': 120.9, proteins_100g: 3.1 });
  });

  it('gives no serving for a quantity in another unit or outside the limits', () => {
    expect(
      offServing(
        { serving_quantity: 28, serving_quantity_unit: 'oz', serving_size: '1 oz', nutriments: {} },
        'en',
      ),
    ).toBeNull();
    expect(offServing({ serving_quantity: 0, serving_size: '0 g', nutriments: {} }, 'en')).toBeNull();
    expect(offServing({ serving_quantity: 6000, serving_size: '6 kg', nutriments: {} }, 'en')).toBeNull();
    expect(
      offServing(
        {
          serving_quantity: 250,
          serving_quantity_unit: 'ml',
          serving_size: '1 glass (250 ml)',
          nutriments: {},
        },
        'en',
      ),
    ).toEqual({ label: '1 glass', grams: 250 });
    const label = offServing(
      {
        serving_quantity: 30,
        serving_size: `${'a'.repeat(LIMITS.servingLabelLength.max + 40)} (30 g)`,
        nutriments: {},
      },
      'en',
    );
    expect(label?.label).toHaveLength(LIMITS.servingLabelLength.max);
  });

  it('reads status 0 as not found and anything else odd as malformed, never as not found', () => {
    expect(readOffAnswer({ status: 0, status_verbose: 'product not found' })).toEqual({ kind: 'not_found' });
    for (const body of [
      null,
      'x',
      [],
      {},
      { status: 'success' },
      { status: 1 },
      { status: 1, product: [] },
      { status: 2, product: {} },
    ]) {
      expect(readOffAnswer(body), JSON.stringify(body)).toEqual({ kind: 'malformed' });
    }
  });

  it('maps any product body to a valid product, whose complete figures a food accepts', () => {
    const value = fc.oneof(
      fc.double(),
      fc.integer({ min: -10, max: 2000 }),
      fc.string({ maxLength: 6 }),
      fc.constant(null),
    );
    const body = fc.record(
      {
        product_name: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(undefined)),
        brands: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(undefined)),
        serving_size: fc.oneof(fc.string({ maxLength: 80 }), fc.constant(undefined)),
        serving_quantity: value,
        serving_quantity_unit: fc.constantFrom('g', 'ml', 'oz', undefined),
        nutriments: fc.record(
          {
            'energy-kcal_100g': value,
            'energy-kj_100g': value,
            proteins_100g: value,
            fat_100g: value,
            carbohydrates_100g: value,
          },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, fc.constantFrom('en' as const, 'ru' as const), (raw, lang) => {
        const mapped = productFromOff('4600605017265', trimOffProduct(raw)!, lang);
        expect(productSchema.safeParse(mapped).success).toBe(true);
        if (
          mapped.name &&
          mapped.kcal !== null &&
          mapped.protein !== null &&
          mapped.fat !== null &&
          mapped.carbs !== null
        ) {
          const food = { ...mapped, favorite: false };
          expect(foodInputSchema.safeParse(food).success).toBe(true);
        }
      }),
      propertyRuns,
    );
  });
});
