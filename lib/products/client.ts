import { apiBase } from '@/lib/api-client';
import type { Locale } from '@/lib/i18n/config';
import { productResponseSchema, type Product } from '@/lib/schemas/product';
import { checkBarcode, type BarcodeProblem } from './barcode';

/** What a lookup came to, for the scan screen to say. */
export type ProductLookup =
  | { kind: 'found'; product: Product }
  | { kind: 'not_found'; barcode: string }
  /** Open Food Facts or the server says wait (`retryAfter` seconds when known), or cannot be reached. */
  | { kind: 'unavailable'; retryAfter: number | null }
  /** This device has no network. */
  | { kind: 'offline' }
  | { kind: 'invalid'; problem: BarcodeProblem };

/**
 * Looks a typed or scanned barcode up through GET /api/products/{barcode}. Never throws (an
 * abort aside): every answer, a network failure and a body that does not parse map to one case.
 */
export async function lookupProduct(
  input: string,
  lang: Locale,
  { signal, fetcher = fetch }: { signal?: AbortSignal; fetcher?: typeof fetch } = {},
): Promise<ProductLookup> {
  const check = checkBarcode(input);
  if (!check.ok) return { kind: 'invalid', problem: check.problem };
  let response: Response;
  try {
    response = await fetcher(`${apiBase()}/products/${check.barcode}?lang=${lang}`, {
      credentials: 'include',
      headers: { accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return typeof navigator !== 'undefined' && navigator.onLine === false
      ? { kind: 'offline' }
      : { kind: 'unavailable', retryAfter: null };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 200) {
    const parsed = productResponseSchema.safeParse(body);
    return parsed.success
      ? { kind: 'found', product: parsed.data.product }
      : { kind: 'unavailable', retryAfter: null };
  }
  if (response.status === 404) return { kind: 'not_found', barcode: check.barcode };
  if (response.status === 400) {
    const message = (body as { issues?: Array<{ message?: unknown }> } | null)?.issues?.[0]?.message;
    const problem: BarcodeProblem =
      message === 'empty' || message === 'characters' || message === 'length' ? message : 'checkDigit';
    return { kind: 'invalid', problem };
  }
  const retryAfter = (body as { retryAfter?: unknown } | null)?.retryAfter;
  return {
    kind: 'unavailable',
    retryAfter: typeof retryAfter === 'number' && retryAfter > 0 ? Math.ceil(retryAfter) : null,
  };
}
