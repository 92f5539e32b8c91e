import { ApiError, apiRequest, NetworkError } from '@/lib/http/api-client';
import type { Locale } from '@/lib/i18n/config';
import { productResponseSchema, type Product } from '@/lib/schemas/product';
import { checkBarcode, type BarcodeProblem } from './check';

/** What a lookup came to, for the barcode step to say. */
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
  { signal }: { signal?: AbortSignal } = {},
): Promise<ProductLookup> {
  const check = checkBarcode(input);
  if (!check.ok) return { kind: 'invalid', problem: check.problem };
  try {
    const body = await apiRequest('GET', `/products/${check.barcode}?lang=${lang}`, undefined, { signal });
    const parsed = productResponseSchema.safeParse(body);
    return parsed.success
      ? { kind: 'found', product: parsed.data.product }
      : { kind: 'unavailable', retryAfter: null };
  } catch (error) {
    if (error instanceof NetworkError) {
      return typeof navigator !== 'undefined' && navigator.onLine === false
        ? { kind: 'offline' }
        : { kind: 'unavailable', retryAfter: null };
    }
    if (!(error instanceof ApiError)) throw error;
    return answerOf(error, check.barcode);
  }
}

/** An error answer of the lookup as the barcode step tells it. */
function answerOf(error: ApiError, barcode: string): ProductLookup {
  if (error.status === 404) return { kind: 'not_found', barcode };
  if (error.status === 400) {
    const message = error.issueMessage;
    const problem: BarcodeProblem =
      message === 'empty' || message === 'characters' || message === 'length' ? message : 'checkDigit';
    return { kind: 'invalid', problem };
  }
  const { retryAfter } = error.body;
  return {
    kind: 'unavailable',
    retryAfter: typeof retryAfter === 'number' && retryAfter > 0 ? Math.ceil(retryAfter) : null,
  };
}
