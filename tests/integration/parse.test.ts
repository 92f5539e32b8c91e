import { describe, expect, it } from 'vitest';
import { loggableFromCatalog } from '@/lib/diary/loggable';
import { LIMITS } from '@/lib/limits';
import type { ParseAnswer, ParsedItem } from '@/lib/schemas/phrase';
import { serverCatalogFood } from '@/lib/server/mcp/catalog';
import { signUp, TestClient } from '../support/api-client';
import { engines, useDatabase } from '../support/database';

// POST /api/parse (issue 49): a text of what was eaten read into foods of the user's and the
// catalog's with their amounts. Every answer is checked against the OpenAPI description by
// TestClient, so each case here is a test of the description too.

/** A client with no cookies that sends `token` as a bearer, as a script would. */
function script(token: string) {
  const client = new TestClient();
  const headers = { authorization: `Bearer ${token}` };
  return { post: (path: string, body: unknown) => client.post(path, body, { headers }) };
}

async function tokenFor(client: TestClient, scopes: string[]): Promise<string> {
  const made = await client.post('/api/tokens', { name: `parse-${scopes.join('+')}`, scopes, days: null });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.token;
}

/** The grams of one `label` of the catalog food `ref`, as the catalog lists its measures. */
async function catalogMeasureGrams(ref: string | number, label: string): Promise<number> {
  expect(typeof ref === 'string' && ref.startsWith('c:'), `${ref} is a catalog food`).toBe(true);
  const food = await serverCatalogFood(String(ref).slice(2));
  const measure = loggableFromCatalog(food!, 'en').measures.find((each) => each.label === label);
  expect(measure, `${ref} has a measure "${label}"`).toBeDefined();
  return measure!.grams;
}

describe.each(engines)('POST /api/parse on $name', (engine) => {
  useDatabase(engine);

  it('reads two items, bread counted in its own slices', async () => {
    const { client } = await signUp();
    const answer = await client.post<ParseAnswer>('/api/parse', {
      text: '2 slices of bread and a cup of coffee',
      locale: 'en',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.truncated).toBe(false);
    expect(answer.body.meal).toBeNull();
    const [bread, coffee] = answer.body.items as [ParsedItem, ParsedItem];
    expect(answer.body.items).toHaveLength(2);
    expect(bread).toMatchObject({
      text: '2 slices of bread',
      words: 'bread',
      quantity: 2,
      measure: { kind: 'household', canonical: 'slice', name: 'slices' },
      amount: 2,
      sure: 'sure',
      notes: [],
    });
    expect(bread.food?.name).toMatch(/bread/i);
    expect(bread.measureLabel).toMatch(/slice/i);
    const slice = await catalogMeasureGrams(bread.food!.ref, bread.measureLabel!);
    expect(bread.grams).toBeCloseTo(2 * slice, 1);
    expect(bread.kcal).toBe(Math.round((bread.food!.kcalPer100g * bread.grams!) / 100));
    expect(bread.alternatives.length).toBeGreaterThan(0);
    expect(bread.alternatives.length).toBeLessThanOrEqual(5);
    expect(bread.alternatives.map((each) => each.ref)).not.toContain(bread.food!.ref);

    expect(coffee).toMatchObject({
      words: 'coffee',
      quantity: 1,
      measure: { kind: 'household', canonical: 'cup', name: 'cup' },
    });
    expect(coffee.food?.name).toMatch(/coffee/i);
    expect(coffee.grams).toBeGreaterThan(100);
  });

  it('reads Russian, in the language it is asked', async () => {
    const { client } = await signUp();
    const answer = await client.post<ParseAnswer>('/api/parse', {
      text: 'два яйца и стакан кефира на завтрак',
      locale: 'ru',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.meal).toBe('breakfast');
    const [eggs, kefir] = answer.body.items as [ParsedItem, ParsedItem];
    expect(answer.body.items).toHaveLength(2);
    expect(eggs).toMatchObject({ words: 'яйца', quantity: 2, measure: null });
    expect(eggs.food?.name).toMatch(/^Яйц/);
    expect(eggs.grams).toBeGreaterThan(80);
    expect(kefir).toMatchObject({
      words: 'кефира',
      quantity: 1,
      measure: { kind: 'household', canonical: 'cup', name: 'стакан' },
    });
    expect(kefir.food?.name).toMatch(/кефир/i);
    expect(kefir.grams).toBeGreaterThan(200);
    expect(kefir.kcal).toBeGreaterThan(0);
  });

  it("takes the user's language when no locale is given", async () => {
    const { client } = await signUp();
    expect((await client.patch('/api/settings', { language: 'ru' })).status).toBe(200);
    const answer = await client.post<ParseAnswer>('/api/parse', { text: '2 eggs' });
    expect(answer.status).toBe(200);
    expect(answer.body.items[0]!.food?.name).toMatch(/^Яйц/);
  });

  it('says what it could not find, and offers no food for it', async () => {
    const { client } = await signUp();
    const answer = await client.post<ParseAnswer>('/api/parse', {
      text: 'a zzqx and 2 eggs!!!',
      locale: 'en',
    });
    expect(answer.status).toBe(200);
    const [unknown, eggs] = answer.body.items as [ParsedItem, ParsedItem];
    expect(unknown).toMatchObject({
      words: 'zzqx',
      food: null,
      amount: null,
      measureLabel: null,
      grams: null,
      kcal: null,
      sure: 'guess',
      notes: [{ kind: 'no-food' }],
    });
    expect(eggs.food?.name).toMatch(/egg/i);
    expect(eggs.notes).toContainEqual({ kind: 'unread', text: '!!!' });
  });

  it("finds the user's own food before the catalog's of the same name", async () => {
    const { client } = await signUp();
    const own = await client.post('/api/foods', {
      name: 'Bread',
      kcal: 250,
      protein: 9,
      fat: 3,
      carbs: 47,
      serving: { label: 'slice', grams: 40 },
    });
    expect(own.status).toBe(201);
    const answer = await client.post<ParseAnswer>('/api/parse', { text: '2 slices of bread', locale: 'en' });
    const [bread] = answer.body.items as [ParsedItem];
    expect(bread.food).toEqual({ ref: own.body.id, name: 'Bread', kcalPer100g: 250 });
    expect(bread).toMatchObject({ amount: 2, measureLabel: 'slice', grams: 80, kcal: 200, sure: 'sure' });
    // The catalog's breads are still offered.
    expect(bread.alternatives.some((each) => typeof each.ref === 'string')).toBe(true);
  });

  it("never shows one user's foods to another", async () => {
    const owner = await signUp();
    const made = await owner.client.post('/api/foods', {
      name: 'Zzqxberry pie',
      kcal: 300,
      protein: 3,
      fat: 12,
      carbs: 44,
    });
    expect(made.status).toBe(201);
    const own = await owner.client.post<ParseAnswer>('/api/parse', { text: 'zzqxberry pie', locale: 'en' });
    expect(own.body.items[0]!.food?.ref).toBe(made.body.id);

    const other = await signUp();
    for (const text of ['zzqxberry pie', 'a slice of zzqxberry pie', 'zzqxberry']) {
      const answer = await other.client.post<ParseAnswer>('/api/parse', { text, locale: 'en' });
      expect(answer.status).toBe(200);
      const shown = JSON.stringify(answer.body);
      expect(shown, text).not.toContain('Zzqxberry pie');
      for (const item of answer.body.items) {
        expect(item.food?.ref).not.toBe(made.body.id);
        expect(item.alternatives.map((each) => each.ref)).not.toContain(made.body.id);
      }
    }
  });

  it('lets a token with the read scope parse, and not one without it', async () => {
    const { client } = await signUp();
    const reader = script(await tokenFor(client, ['read']));
    const read = await reader.post('/api/parse', { text: 'banana', locale: 'en' });
    expect(read.status).toBe(200);
    expect(read.body.items[0].food.name).toMatch(/banana/i);

    const writer = script(await tokenFor(client, ['write']));
    const refused = await writer.post('/api/parse', { text: 'banana', locale: 'en' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'tokenScope', issues: [{ path: 'scope', message: 'read' }] });

    const unknown = script('cdt_' + 'x'.repeat(43));
    expect((await unknown.post('/api/parse', { text: 'banana' })).status).toBe(401);
  });

  it('needs a session', async () => {
    const answer = await new TestClient().post('/api/parse', { text: 'banana', locale: 'en' });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'unauthorized' });
  });

  it('answers bad bodies with the API’s own errors', async () => {
    const { client } = await signUp();
    const cases: Array<[unknown, number, Record<string, unknown>]> = [
      [{}, 400, { error: 'invalid', field: 'text', issues: [{ path: 'text', message: 'required' }] }],
      [{ locale: 'en' }, 400, { error: 'invalid', field: 'text' }],
      [{ text: 42 }, 400, { error: 'invalid', field: 'text' }],
      [{ text: null }, 400, { error: 'invalid', field: 'text' }],
      [{ text: ['2 eggs'] }, 400, { error: 'invalid', field: 'text' }],
      [{ text: { toString: '2 eggs' } }, 400, { error: 'invalid', field: 'text' }],
      [{ text: '2 eggs', locale: 'de' }, 400, { error: 'invalid', field: 'locale' }],
      [{ text: '2 eggs', locale: 7 }, 400, { error: 'invalid', field: 'locale' }],
      [[], 400, { error: 'invalid' }],
      [null, 400, { error: 'invalid' }],
      ['2 eggs', 400, { error: 'invalidJson' }],
      ['{"text": "2 eggs"', 400, { error: 'invalidJson' }],
      ['', 400, { error: 'invalidJson' }],
      ['[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[', 400, { error: 'invalidJson' }],
    ];
    for (const [body, status, expected] of cases) {
      // A string goes as it is: JSON of our own making, or none.
      const sent = typeof body === 'string' ? body : JSON.stringify(body);
      const answer = await client.post('/api/parse', sent);
      expect(answer.status, sent.slice(0, 60)).toBe(status);
      expect(answer.body, sent.slice(0, 60)).toMatchObject(expected);
    }
    const tooLarge = await client.post('/api/parse', { text: 'x'.repeat(1024 * 1024) });
    expect(tooLarge.status).toBe(413);
  });

  it('reads hostile text without failing, and a long one to its limit', async () => {
    const { client } = await signUp();
    const huge = '2 eggs, '.repeat(12_800);
    expect(huge.length).toBe(102_400);
    const long = await client.post<ParseAnswer>('/api/parse', { text: huge, locale: 'en' });
    expect(long.status).toBe(200);
    expect(long.body.truncated).toBe(true);
    const read = long.body.items.map((item) => item.text).join(', ');
    expect(read.length).toBeLessThanOrEqual(LIMITS.phraseLength.max);
    expect(long.body.items.length).toBeGreaterThan(100);

    const exactly = await client.post<ParseAnswer>('/api/parse', {
      text: 'a'.repeat(LIMITS.phraseLength.max),
      locale: 'en',
    });
    expect(exactly.body.truncated).toBe(false);

    for (const text of [
      '',
      '   ',
      '\u0000',
      'a\u0000b',
      '\ud800 eggs',
      '9'.repeat(400) + ' eggs',
      '1e309 g of rice',
      '0 eggs',
      '<script>alert(1)</script>',
      "'; DROP TABLE entries; --",
      '__proto__',
      'constructor',
      '½ ⅓ ¼ — – - , ; : ! ?',
      'ё'.repeat(LIMITS.phraseLength.max + 1),
    ]) {
      const answer = await client.post<ParseAnswer>('/api/parse', { text, locale: 'en' });
      expect(answer.status, JSON.stringify(text.slice(0, 40))).toBe(200);
    }
    const polluted = await client.post('/api/parse', '{"text": "2 eggs", "__proto__": {"polluted": true}}');
    expect(polluted.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
