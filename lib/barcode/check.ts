import { BARCODE_LENGTHS, LIMITS } from '@/lib/limits';

/** Why a typed or scanned code is not a barcode we can look up; the keys of `barcode.invalid` in messages. */
export type BarcodeProblem = 'empty' | 'characters' | 'length' | 'checkDigit';

export type BarcodeCheck = { ok: true; barcode: string } | { ok: false; problem: BarcodeProblem };

// People type barcodes with the spaces and dashes printed under the bars ("4 600605 017265").
const SEPARATORS = /[\s-]+/g;

/** The GS1 check digit of `body` (every digit but the last): weights 3 and 1 from the right. */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let index = 0; index < body.length; index++) {
    const digit = body.charCodeAt(body.length - 1 - index) - 48;
    sum += index % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Checks a typed or scanned code: digits only once spaces and dashes are removed, 8, 12, 13 or 14
 * of them (GTIN-8, UPC-A, EAN-13, GTIN-14) and a right check digit. The barcode it answers is
 * the canonical form Open Food Facts files products under: a UPC-A gets the leading zero of its
 * EAN-13, and a GTIN-14 whose first digit is 0 loses it, so one product has one cache key
 * however it was scanned.
 */
export function checkBarcode(input: string): BarcodeCheck {
  if (input.length > LIMITS.barcodeInput.max) return { ok: false, problem: 'length' };
  const digits = input.replace(SEPARATORS, '');
  if (digits === '') return { ok: false, problem: 'empty' };
  if (!/^[0-9]+$/.test(digits)) return { ok: false, problem: 'characters' };
  if (!(BARCODE_LENGTHS as readonly number[]).includes(digits.length))
    return { ok: false, problem: 'length' };
  if (gtinCheckDigit(digits.slice(0, -1)) !== Number(digits.at(-1)))
    return { ok: false, problem: 'checkDigit' };
  return { ok: true, barcode: canonicalBarcode(digits) };
}

function canonicalBarcode(digits: string): string {
  if (digits.length === 12) return `0${digits}`;
  if (digits.length === 14 && digits.startsWith('0')) return digits.slice(1);
  return digits;
}

/** True for a canonical barcode as checkBarcode answers it (the form the API and the cache use). */
export function isCanonicalBarcode(value: string): boolean {
  const check = checkBarcode(value);
  return check.ok && check.barcode === value;
}
