import { checkBarcode } from '@/lib/barcode/check';
import { productFromOff } from '@/lib/barcode/open-food-facts';
import { productResponseSchema } from '@/lib/schemas/product';
import { findUser } from '@/lib/server/auth/dal';
import { getDb } from '@/lib/server/db/client';
import { clientIp, HttpError, json, methodNotAllowed, mustWait, reply } from '@/lib/server/http';
import { lookupProduct } from '@/lib/server/open-food-facts';
import { route } from '@/lib/server/route';

/**
 * GET /api/products/{barcode}?lang=en|ru → {product} from Open Food Facts (docs/decisions/0017).
 * No session needed: guests scan too, and only the barcode is sent. 400 for a code that is not a
 * barcode, 404 for one Open Food Facts does not know, 429 when this client looked up too many
 * new products, 503 with retryAfter when Open Food Facts or this server's budget says wait,
 * 504 when Open Food Facts is unreachable or too slow, 502 when its answer makes no sense.
 */
export const GET = route('getProduct', async (request, _anyone, read) => {
  const { barcode: raw } = await read.params();
  const check = checkBarcode(raw);
  if (!check.ok) {
    throw new HttpError(400, {
      error: 'invalid',
      field: 'barcode',
      issues: [{ path: 'barcode', message: check.problem }],
    });
  }
  const { lang = 'en' } = read.query();
  // A signed-in user's reads count against the account's own share, so people behind one
  // address (an office, a family) do not share one; a guest's count against the address.
  const session = await findUser(request);
  const client = session ? `account:${session.userId}` : `address:${clientIp(request)}`;
  const result = await lookupProduct(await getDb(), check.barcode, client);
  switch (result.kind) {
    case 'found':
      return reply(productResponseSchema, { product: productFromOff(check.barcode, result.product, lang) });
    case 'not_found':
      return json({ error: 'productNotFound' }, 404);
    case 'busy':
      throw result.scope === 'client'
        ? mustWait(429, 'tooManyLookups', result.retryAfter)
        : mustWait(503, 'lookupBusy', result.retryAfter);
    case 'unavailable':
      return json(
        { error: 'lookupUnavailable' },
        result.reason === 'timeout' || result.reason === 'unreachable' ? 504 : 502,
      );
    default: {
      const never: never = result;
      return never;
    }
  }
});

const notAllowed = methodNotAllowed('GET');
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
