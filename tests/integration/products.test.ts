import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OPEN_FOOD_FACTS, openFoodFactsShare } from '@/lib/limits';
import { productResponseSchema } from '@/lib/schemas/product';
import { products } from '@/lib/server/db/schema';
import { configureOpenFoodFactsForTests, openFoodFactsReads } from '@/lib/server/open-food-facts';
import packageJson from '@/package.json';
import { randomAddress, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';
import { SPECIAL_BARCODES, startStandIn } from '../support/open-food-facts-stand-in.mjs';

// GET /api/products/{barcode} against the stand-in that answers recorded Open Food Facts answers
// (tests/fixtures/open-food-facts): what a scan gets, what is cached, and how every failure of
// Open Food Facts is answered without ever being cached as "not found".

const CLIF = '0722252387998';
const AGUSHA = '4602541000592';
const PROSTOKVASHINO = '4607053473544';
const DANISSIMO = '4600605017265';
const MISSING_FIGURES = '2000000000060';
/** Valid check digits, and no fixture: the stand-in answers "product not found". */
const unknownBarcode = (() => {
  let next = 100;
  return () => {
    const body = `401234${String(next++).padStart(6, '0')}`;
    let sum = 0;
    for (let index = 0; index < body.length; index++) {
      sum += Number(body[body.length - 1 - index]) * (index % 2 === 0 ? 3 : 1);
    }
    return `${body}${(10 - (sum % 10)) % 10}`;
  };
})();

/** A new account signed in from `address`. */
async function signUpAt(address: string) {
  const client = new TestClient('http://localhost', address);
  const answer = await client.post('/api/auth/register', {
    email: `scanner-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'correct horse battery',
  });
  expect(answer.status).toBe(201);
  return client;
}

let standIn: Awaited<ReturnType<typeof startStandIn>>;
const TIMEOUT_MS = 400;

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(async () => {
  configureOpenFoodFactsForTests(undefined);
  await standIn.close();
});

describe.each(engines)('product lookup on $name', (engine) => {
  const db = useDatabase(engine);

  beforeEach(() => {
    configureOpenFoodFactsForTests({ baseUrl: standIn.url, timeoutMs: TIMEOUT_MS });
  });

  const callsFor = (barcode: string) => standIn.calls.filter((call) => call.barcode === barcode).length;
  const cachedRow = async (barcode: string) =>
    (await db().select().from(products).where(eq(products.barcode, barcode)))[0];

  it('finds a product with a serving, sends the fields it reads and a User-Agent naming the app', async () => {
    const client = new TestClient();
    const answer = await client.get(`/api/products/${CLIF}?lang=en`);
    expect(answer.status).toBe(200);
    expect(productResponseSchema.safeParse(answer.body).success).toBe(true);
    expect(answer.body.product).toEqual({
      barcode: CLIF,
      name: 'Chocolate chip energy bar minis',
      brand: 'Clif',
      kcal: 357.1,
      protein: 14.3,
      fat: 7.1,
      carbs: 64.3,
      serving: { label: '1 BAR', grams: 28 },
      source: 'open-food-facts',
    });
    const call = standIn.calls.findLast((entry) => entry.barcode === CLIF)!;
    expect(call.userAgent).toMatch(
      new RegExp(`^CalorieDiary/${packageJson.version.replace(/\./g, '\\.')} \\(.+\\)$`),
    );
    expect(call.fields?.split(',')).toEqual(
      expect.arrayContaining(['product_name', 'product_name_ru', 'brands', 'serving_quantity', 'nutriments']),
    );
    expect(call.fields?.split(',')).not.toContain('images');
  });

  it('answers a second lookup from the cache without asking Open Food Facts, for anyone', async () => {
    const before = callsFor(DANISSIMO);
    const first = await new TestClient().get(`/api/products/${DANISSIMO}?lang=ru`);
    expect(first.status).toBe(200);
    expect(callsFor(DANISSIMO)).toBe(before + 1);
    const readsBefore = openFoodFactsReads();
    const second = await new TestClient().get(`/api/products/${DANISSIMO}?lang=ru`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(callsFor(DANISSIMO)).toBe(before + 1);
    expect(openFoodFactsReads()).toBe(readsBefore);
    expect((await cachedRow(DANISSIMO))?.found).toBe(true);
  });

  it('names a product in the asked language, falling back to the name it has', async () => {
    const ru = await new TestClient().get(`/api/products/${AGUSHA}?lang=ru`);
    const en = await new TestClient().get(`/api/products/${AGUSHA}?lang=en`);
    expect(ru.body.product.name).toBe('Творог детский «Агуша» классический 4,5 %');
    expect(ru.body.product.brand).toBe('Агуша');
    expect(ru.body.product.serving).toEqual({ label: '1 порция', grams: 50 });
    expect(en.body.product.name).toBe('Творог детский «Агуша» классический 4,5 %');
    expect(en.body.product.serving).toEqual({ label: '1 serving', grams: 50 });
  });

  it('turns kJ into kcal when Open Food Facts has only kJ, and takes 100 ml as 100 g', async () => {
    const answer = await new TestClient().get(`/api/products/${PROSTOKVASHINO}?lang=ru`);
    expect(answer.status).toBe(200);
    expect(answer.body.product).toMatchObject({
      kcal: Math.round(225 / 4.184),
      protein: 2.9,
      fat: 2.5,
      carbs: 4.9,
      serving: { label: '1 порция', grams: 930 },
    });
    expect(answer.body.product.kcal).toBe(54);
  });

  it('answers a product without a serving size with serving null', async () => {
    const answer = await new TestClient().get(`/api/products/${DANISSIMO}?lang=en`);
    expect(answer.body.product).toMatchObject({
      serving: null,
      kcal: 135,
      protein: 5.5,
      fat: 5.5,
      carbs: 15.8,
    });
  });

  it('answers missing figures as null, for the user to fill in', async () => {
    const answer = await new TestClient().get(`/api/products/${MISSING_FIGURES}`);
    expect(answer.status).toBe(200);
    expect(answer.body.product).toMatchObject({ kcal: 135, protein: 5.5, fat: null, carbs: null });
  });

  it('takes a UPC-A, spaces and dashes as the same product and cache entry', async () => {
    await new TestClient().get(`/api/products/${CLIF}`);
    const before = callsFor(CLIF);
    const upc = await new TestClient().get(`/api/products/${encodeURIComponent('7 22252-38799 8')}`);
    expect(upc.status).toBe(200);
    expect(upc.body.product.barcode).toBe(CLIF);
    expect(callsFor(CLIF)).toBe(before);
  });

  it('answers 404 for a barcode Open Food Facts does not know, and caches that too', async () => {
    const barcode = unknownBarcode();
    const first = await new TestClient().get(`/api/products/${barcode}`);
    expect(first.status).toBe(404);
    expect(first.body).toEqual({ error: 'productNotFound' });
    const second = await new TestClient().get(`/api/products/${barcode}`);
    expect(second.status).toBe(404);
    expect(callsFor(barcode)).toBe(1);
    expect(await cachedRow(barcode)).toMatchObject({ found: false, product: null });
  });

  it("answers Open Food Facts' 429 as 503 with retryAfter, caches nothing and waits before the next read", async () => {
    const answer = await new TestClient().get(`/api/products/${SPECIAL_BARCODES.rateLimited}`);
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ error: 'lookupBusy', retryAfter: 30 });
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(await cachedRow(SPECIAL_BARCODES.rateLimited)).toBeUndefined();
    // Told to wait, the server sends nothing until then: another new barcode is not read.
    const other = unknownBarcode();
    const next = await new TestClient().get(`/api/products/${other}`);
    expect(next.status).toBe(503);
    expect(next.body.retryAfter).toBeGreaterThan(0);
    expect(next.body.retryAfter).toBeLessThanOrEqual(30);
    expect(callsFor(other)).toBe(0);
    // A cached product is still answered while waiting.
    configureOpenFoodFactsForTests({ baseUrl: standIn.url, timeoutMs: TIMEOUT_MS });
    await new TestClient().get(`/api/products/${AGUSHA}`);
    await new TestClient().get(`/api/products/${SPECIAL_BARCODES.rateLimited}`);
    expect((await new TestClient().get(`/api/products/${AGUSHA}`)).status).toBe(200);
  });

  it('answers 504 when Open Food Facts does not answer in time, and caches nothing', async () => {
    const started = Date.now();
    const answer = await new TestClient().get(`/api/products/${SPECIAL_BARCODES.timeout}`);
    expect(answer.status).toBe(504);
    expect(answer.body).toEqual({ error: 'lookupUnavailable' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
    expect(await cachedRow(SPECIAL_BARCODES.timeout)).toBeUndefined();
  });

  it('answers 504 when Open Food Facts cannot be reached, 502 for a malformed answer or a server error', async () => {
    expect((await new TestClient().get(`/api/products/${SPECIAL_BARCODES.malformed}`)).status).toBe(502);
    expect((await new TestClient().get(`/api/products/${SPECIAL_BARCODES.serverError}`)).status).toBe(502);
    expect((await new TestClient().get(`/api/products/${SPECIAL_BARCODES.noStatus}`)).status).toBe(502);
    expect(await cachedRow(SPECIAL_BARCODES.noStatus)).toBeUndefined();
    expect(await cachedRow(SPECIAL_BARCODES.malformed)).toBeUndefined();
    expect(await cachedRow(SPECIAL_BARCODES.serverError)).toBeUndefined();
    // Port 9 (discard) on loopback: nothing listens there.
    configureOpenFoodFactsForTests({ baseUrl: 'http://127.0.0.1:9', timeoutMs: TIMEOUT_MS });
    const barcode = unknownBarcode();
    expect((await new TestClient().get(`/api/products/${barcode}`)).status).toBe(504);
    expect(await cachedRow(barcode)).toBeUndefined();
  });

  it('serves a stale cached product when Open Food Facts cannot be reached', async () => {
    await new TestClient().get(`/api/products/${PROSTOKVASHINO}`);
    await db()
      .update(products)
      .set({ fetchedAt: new Date(Date.now() - OPEN_FOOD_FACTS.foundTtlMs - 60_000) })
      .where(eq(products.barcode, PROSTOKVASHINO));
    configureOpenFoodFactsForTests({ baseUrl: 'http://127.0.0.1:9', timeoutMs: TIMEOUT_MS });
    const answer = await new TestClient().get(`/api/products/${PROSTOKVASHINO}?lang=ru`);
    expect(answer.status).toBe(200);
    expect(answer.body.product.kcal).toBe(54);
  });

  it('refreshes a stale cached product from Open Food Facts', async () => {
    await new TestClient().get(`/api/products/${AGUSHA}`);
    await db()
      .update(products)
      .set({ fetchedAt: new Date(Date.now() - OPEN_FOOD_FACTS.foundTtlMs - 60_000) })
      .where(eq(products.barcode, AGUSHA));
    const before = callsFor(AGUSHA);
    expect((await new TestClient().get(`/api/products/${AGUSHA}`)).status).toBe(200);
    expect(callsFor(AGUSHA)).toBe(before + 1);
    const row = await cachedRow(AGUSHA);
    expect(Date.now() - row!.fetchedAt.getTime()).toBeLessThan(60_000);
  });

  it("keeps this server's reads within its budget: over it, 503 with retryAfter and no read", async () => {
    configureOpenFoodFactsForTests({ baseUrl: standIn.url, timeoutMs: TIMEOUT_MS, readsPerMinute: 3 });
    const barcodes = Array.from({ length: 5 }, unknownBarcode);
    const answers = [];
    for (const barcode of barcodes) answers.push(await new TestClient().get(`/api/products/${barcode}`));
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 503, 503]);
    expect(answers[3]!.body).toMatchObject({ error: 'lookupBusy', retryAfter: expect.any(Number) });
    expect(answers[3]!.body.retryAfter).toBeGreaterThan(0);
    expect(answers[3]!.body.retryAfter).toBeLessThanOrEqual(60);
    expect(barcodes.map(callsFor)).toEqual([1, 1, 1, 0, 0]);
  });

  it("limits one client's reads (429) without limiting another client or cached answers", async () => {
    const greedy = new TestClient();
    const alone = openFoodFactsShare(0);
    for (let index = 0; index < alone; index++) {
      expect((await greedy.get(`/api/products/${unknownBarcode()}`)).status).toBe(404);
    }
    const refused = await greedy.get(`/api/products/${unknownBarcode()}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'tooManyLookups', retryAfter: expect.any(Number) });
    expect((await new TestClient().get(`/api/products/${unknownBarcode()}`)).status).toBe(404);
    expect((await greedy.get(`/api/products/${DANISSIMO}`)).status).toBe(200);
  });

  // Two clients reading as fast as they could once spent the whole minute's budget, and
  // everyone else got 503 until it passed.
  it('two greedy clients leave reads for a third', async () => {
    const readUntilRefused = async (client: TestClient) => {
      const statuses = [];
      for (;;) {
        const { status } = await client.get(`/api/products/${unknownBarcode()}`);
        statuses.push(status);
        if (status !== 404) return statuses;
      }
    };
    const first = await readUntilRefused(new TestClient());
    const second = await readUntilRefused(new TestClient());
    expect(first.at(-1)).toBe(429);
    expect(second.at(-1)).toBe(429);
    expect((await new TestClient().get(`/api/products/${unknownBarcode()}`)).status).toBe(404);
    expect(openFoodFactsReads()).toBeLessThanOrEqual(OPEN_FOOD_FACTS.readsPerMinute);
  });

  it('one IPv6 client is one client, whichever address of its /64 it reads from', async () => {
    const share = openFoodFactsShare(0);
    const answers = [];
    for (let index = 0; index <= share; index++) {
      const client = new TestClient('http://localhost', `2001:db8:26:17:${index + 1}::1`);
      answers.push((await client.get(`/api/products/${unknownBarcode()}`)).status);
    }
    expect(answers).toEqual([...Array(share).fill(404), 429]);
  });

  it('accounts behind one address each read within their own share', async () => {
    const office = randomAddress();
    const [first, second] = [await signUpAt(office), await signUpAt(office)];
    const alone = openFoodFactsShare(0);
    for (let index = 0; index < alone; index++) {
      expect((await first.get(`/api/products/${unknownBarcode()}`)).status).toBe(404);
    }
    expect((await first.get(`/api/products/${unknownBarcode()}`)).status).toBe(429);
    expect((await second.get(`/api/products/${unknownBarcode()}`)).status).toBe(404);
    // A guest at that address is a client of its own too.
    expect(
      (await new TestClient('http://localhost', office).get(`/api/products/${unknownBarcode()}`)).status,
    ).toBe(404);
  });

  it('sends one read for many parallel lookups of one new barcode', async () => {
    const barcode = unknownBarcode();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => new TestClient().get(`/api/products/${barcode}`)),
    );
    expect(answers.every((answer) => answer.status === 404)).toBe(true);
    expect(callsFor(barcode)).toBe(1);
  });

  it('refuses what is not a barcode with 400, before any read', async () => {
    const readsBefore = openFoodFactsReads();
    const client = new TestClient();
    const cases: Array<[string, string]> = [
      ['123', 'length'],
      ['0722252387999', 'checkDigit'],
      ['07222523879x8', 'characters'],
      ['4600605017265; DROP TABLE products', 'characters'],
      ["4600605017265' OR '1'='1", 'characters'],
      ['../../../etc/passwd', 'characters'],
      ['٤٦٠٠٦٠٥٠١٧٢٦٥', 'characters'],
      ['4600605017265\u0000', 'characters'],
      ['9'.repeat(500), 'length'],
      ['00000000000000000', 'length'],
    ];
    for (const [code, problem] of cases) {
      const answer = await client.get(`/api/products/${encodeURIComponent(code)}`);
      expect(answer.status, code).toBe(400);
      expect(answer.body, code).toMatchObject({
        error: 'invalid',
        field: 'barcode',
        issues: [{ message: problem }],
      });
    }
    const badLanguage = await client.get(`/api/products/${CLIF}?lang=de`);
    expect(badLanguage.status).toBe(400);
    expect(badLanguage.body.field).toBe('lang');
    expect(openFoodFactsReads()).toBe(readsBefore);
  });

  it('needs no session: a guest without cookies looks products up', async () => {
    const guest = new TestClient();
    expect(guest.cookies.size).toBe(0);
    expect((await guest.get(`/api/products/${CLIF}`)).status).toBe(200);
  });

  it('keeps a barcode that is not digits out of the cache table', async () => {
    await expect(
      db().insert(products).values({ barcode: 'abc', found: false, product: null, fetchedAt: new Date() }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(products)
        .values({ barcode: unknownBarcode(), found: true, product: null, fetchedAt: new Date() }),
    ).rejects.toThrow();
  });
});
