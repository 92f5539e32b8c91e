import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BARCODE_LENGTHS, LIMITS } from '@/lib/limits';
import { checkBarcode, gtinCheckDigit, isCanonicalBarcode } from '@/lib/barcode/check';
import { propertyRuns } from '../support/arbitraries';

const digits = (length: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length })
    .map((list) => list.join(''));
/** A body of `length - 1` digits with its right check digit. */
const validBarcode = fc
  .constantFrom(...BARCODE_LENGTHS)
  .chain((length) => digits(length - 1))
  .map((body) => `${body}${gtinCheckDigit(body)}`);

describe('barcodes', () => {
  it('accepts real barcodes of each length (check digits from the printed packs)', () => {
    expect(checkBarcode('4600605017265')).toEqual({ ok: true, barcode: '4600605017265' }); // EAN-13
    expect(checkBarcode('0722252387998')).toEqual({ ok: true, barcode: '0722252387998' }); // EAN-13
    expect(checkBarcode('722252387998')).toEqual({ ok: true, barcode: '0722252387998' }); // UPC-A
    expect(checkBarcode('96385074')).toEqual({ ok: true, barcode: '96385074' }); // EAN-8
    expect(checkBarcode('10614141000415')).toEqual({ ok: true, barcode: '10614141000415' }); // GTIN-14
    expect(checkBarcode('00722252387998')).toEqual({ ok: true, barcode: '0722252387998' });
  });

  it('drops spaces and dashes as printed under the bars', () => {
    expect(checkBarcode(' 4 600605 017265 ')).toEqual({ ok: true, barcode: '4600605017265' });
    expect(checkBarcode('4600605-017265')).toEqual({ ok: true, barcode: '4600605017265' });
  });

  it('names what is wrong', () => {
    expect(checkBarcode('')).toEqual({ ok: false, problem: 'empty' });
    expect(checkBarcode(' - ')).toEqual({ ok: false, problem: 'empty' });
    expect(checkBarcode('46006O5017265')).toEqual({ ok: false, problem: 'characters' });
    expect(checkBarcode('+4600605017265')).toEqual({ ok: false, problem: 'characters' });
    expect(checkBarcode('4600605017266')).toEqual({ ok: false, problem: 'checkDigit' });
    expect(checkBarcode('460060501726')).toEqual({ ok: false, problem: 'checkDigit' });
    expect(checkBarcode('1234567')).toEqual({ ok: false, problem: 'length' });
    expect(checkBarcode('123456789')).toEqual({ ok: false, problem: 'length' });
    expect(checkBarcode('1'.repeat(15))).toEqual({ ok: false, problem: 'length' });
    expect(checkBarcode(' '.repeat(LIMITS.barcodeInput.max + 1))).toEqual({ ok: false, problem: 'length' });
  });

  it('accepts every barcode with its check digit, in canonical form', () => {
    fc.assert(
      fc.property(validBarcode, (barcode) => {
        const check = checkBarcode(barcode);
        expect(check.ok).toBe(true);
        if (!check.ok) return;
        expect(check.barcode).toMatch(/^\d+$/);
        expect(isCanonicalBarcode(check.barcode)).toBe(true);
        // Leading zeros aside, it is the same number: the check digit still fits.
        expect(check.barcode.replace(/^0+/, '')).toBe(barcode.replace(/^0+/, ''));
      }),
      propertyRuns,
    );
  });

  it('refuses every barcode whose last digit is not its check digit', () => {
    fc.assert(
      fc.property(validBarcode, fc.integer({ min: 1, max: 9 }), (barcode, shift) => {
        const wrong = `${barcode.slice(0, -1)}${(Number(barcode.at(-1)) + shift) % 10}`;
        expect(checkBarcode(wrong)).toEqual({ ok: false, problem: 'checkDigit' });
      }),
      propertyRuns,
    );
  });

  it('catches every single-digit typo and every swap of two neighbouring digits that changes the sum', () => {
    fc.assert(
      fc.property(validBarcode, fc.nat(), fc.integer({ min: 1, max: 9 }), (barcode, at, shift) => {
        const index = at % (barcode.length - 1);
        const typo =
          barcode.slice(0, index) + ((Number(barcode[index]) + shift) % 10) + barcode.slice(index + 1);
        expect(checkBarcode(typo).ok).toBe(false);
        const a = Number(barcode[index]);
        const b = Number(barcode[index + 1]);
        // Weights 3 and 1 alternate, so a swap moves the sum by 2(a - b): caught unless that is 0 mod 10.
        if ((2 * (a - b)) % 10 !== 0) {
          const swapped =
            barcode.slice(0, index) + barcode[index + 1] + barcode[index] + barcode.slice(index + 2);
          expect(checkBarcode(swapped).ok).toBe(false);
        }
      }),
      propertyRuns,
    );
  });

  it('never throws, and only ever answers digits of an accepted length', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (input) => {
        const check = checkBarcode(input);
        if (check.ok) {
          expect(check.barcode).toMatch(/^\d{8,14}$/);
          expect(input.replace(/[\s-]/g, '')).toMatch(/^\d+$/);
        }
      }),
      propertyRuns,
    );
  });
});
