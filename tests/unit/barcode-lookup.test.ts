import { afterEach, describe, expect, it, vi } from 'vitest';
import { lookupProduct } from '@/lib/barcode/lookup';
import type { Product } from '@/lib/schemas/product';

// What the barcode step says after a lookup rests on these cases: the product, "not in Open Food
// Facts", "try again in N s", "you are offline" and "unavailable" are different messages.

const product: Product = {
  barcode: '0722252387998',
  name: 'Clif Bar',
  brand: 'Clif',
  kcal: 400,
  protein: 10,
  fat: 8,
  carbs: 68,
  serving: null,
  source: 'open-food-facts',
};

/** Answers every request with `status` and `body` (a string as it is, else as JSON). */
function answer(status: number, body?: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('looking a barcode up', () => {
  it('asks for the canonical barcode in the language, with the session cookie, and finds the product', async () => {
    const calls = answer(200, { product });
    expect(await lookupProduct('722252387998', 'ru')).toEqual({ kind: 'found', product });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/products/0722252387998?lang=ru');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('never asks the server about a code that is not a barcode', async () => {
    const calls = answer(200, { product });
    expect(await lookupProduct('4600605017266', 'en')).toEqual({ kind: 'invalid', problem: 'checkDigit' });
    expect(calls).toHaveLength(0);
  });

  it('tells a product Open Food Facts does not know from one it cannot answer for now', async () => {
    answer(404, { error: 'productNotFound' });
    expect(await lookupProduct('4600605017265', 'en')).toEqual({
      kind: 'not_found',
      barcode: '4600605017265',
    });

    answer(503, { error: 'lookupBusy', retryAfter: 29.2 });
    expect(await lookupProduct('4600605017265', 'en')).toEqual({ kind: 'unavailable', retryAfter: 30 });
    answer(429, { error: 'tooManyLookups', retryAfter: 60 });
    expect(await lookupProduct('4600605017265', 'en')).toEqual({ kind: 'unavailable', retryAfter: 60 });
    answer(504, { error: 'lookupUnavailable' });
    expect(await lookupProduct('4600605017265', 'en')).toEqual({ kind: 'unavailable', retryAfter: null });
    // A proxy's own error page, not the API's JSON.
    answer(502, '<html>Bad Gateway</html>');
    expect(await lookupProduct('4600605017265', 'en')).toEqual({ kind: 'unavailable', retryAfter: null });
    // A product the client cannot read is no product.
    answer(200, { product: { ...product, kcal: 'many' } });
    expect(await lookupProduct('4600605017265', 'en')).toEqual({ kind: 'unavailable', retryAfter: null });
  });

  it('takes the reason from a server that refuses the barcode', async () => {
    answer(400, {
      error: 'invalid',
      field: 'barcode',
      issues: [{ path: 'barcode', message: 'length' }],
    });
    expect(await lookupProduct('4600605017265', 'en')).toEqual({ kind: 'invalid', problem: 'length' });
  });

  it('says offline when the device has no network, unavailable when the server is out of reach', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await lookupProduct('4600605017265', 'en')).toEqual({ kind: 'offline' });
    vi.stubGlobal('navigator', { onLine: true });
    expect(await lookupProduct('4600605017265', 'en')).toEqual({ kind: 'unavailable', retryAfter: null });
  });

  it('rejects once aborted, so a closed barcode step shows nothing', async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    });
    const abort = new AbortController();
    const lookup = lookupProduct('4600605017265', 'en', { signal: abort.signal });
    abort.abort();
    await expect(lookup).rejects.toThrow();
  });
});
