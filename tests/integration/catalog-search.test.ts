import { describe, expect, it } from 'vitest';
import { catalogFoods } from '@/lib/catalog/catalog-data';
import { catalogSearchDoc } from '@/lib/catalog/search-doc';
import { foodOfUsdaRow } from '@/lib/catalog/usda-table';
import { CATALOG_SEARCH_PER_ADDRESS, LIMITS } from '@/lib/limits';
import type { catalogSearchAnswerSchema } from '@/lib/schemas/catalog-search';
import { SearchIndex } from '@/lib/diary/search';
import type { z } from 'zod';
import { TestClient } from '../support/api-client';
import { catalogIndex, curatedFoods } from '../support/whole-catalog';

// GET /api/catalog/search (issue 49): the table rows a browser still fetching the USDA table needs
// to answer a query over the whole catalog. Needs no database: the catalog is files.

type Answer = z.infer<typeof catalogSearchAnswerSchema>;
const client = new TestClient();
const get = (query: Record<string, string>) =>
  client.get<Answer>(`/api/catalog/search?${new URLSearchParams(query)}`);

/** The first `limit` ids the browser ranks with the curated foods and `rows`. */
function bridgedIds(rows: Answer['rows'], query: string, locale: 'en' | 'ru', limit = 50) {
  const foods = [
    ...curatedFoods,
    ...rows.map((row) => foodOfUsdaRow(row as Parameters<typeof foodOfUsdaRow>[0])),
  ];
  return new SearchIndex(foods.map((food) => catalogSearchDoc(food, locale, food.id))).search(query, limit);
}

describe('GET /api/catalog/search', () => {
  it.each([
    ['en', 'acerola'],
    ['en', 'chicken thigh'],
    ['ru', 'шпинат'],
    ['en', 'bre'],
  ] as const)(
    '%s "%s": the browser ranks its first answers as the whole catalog does',
    async (locale, query) => {
      const answer = await get({ q: query, locale });
      expect(answer.status).toBe(200);
      expect(bridgedIds(answer.body.rows, query, locale, 20)).toEqual(
        catalogIndex(locale)
          .search(query, 20)
          .map((food) => food.id),
      );
    },
  );

  it('answers the table foods of each food a phrase names', async () => {
    const answer = await get({ q: '2 cups of acerola juice and a slice of bread', locale: 'en' });
    const ids = answer.body.rows.map((row) => row[0]);
    // Acerola juice is a row of the table only (09002).
    expect(ids).toContain('09002');
    expect(new Set(ids).size).toBe(ids.length);
    // No curated food is sent again: the browser has them.
    const curated = new Set(catalogFoods.map((food) => food.ndb).filter(Boolean));
    expect(ids.filter((id) => curated.has(id))).toEqual([]);
  });

  it('answers nothing for nothing, and refuses what is no query', async () => {
    expect((await get({ q: '  ', locale: 'en' })).body).toEqual({ rows: [] });
    expect((await get({ q: 'x'.repeat(LIMITS.phraseLength.max + 1) })).status).toBe(400);
    expect((await get({ q: 'milk', locale: 'de' })).status).toBe(400);
    expect((await get({ locale: 'en' })).status).toBe(400);
    // Hostile text is only words to search.
    const hostile = await get({ q: "'; DROP TABLE users; -- <script>", locale: 'en' });
    expect(hostile.status).toBe(200);
  });

  it('answers an address that searches past its share with 429 and the wait, and others still', async () => {
    const flooding = new TestClient();
    const search = (by: TestClient) => by.get('/api/catalog/search?q=%20&locale=en');
    const answers = await Promise.all(
      Array.from({ length: CATALOG_SEARCH_PER_ADDRESS.max }, () => search(flooding)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const refused = await search(flooding);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'tooManyAttempts', retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await search(new TestClient())).status).toBe(200);
  });

  it('needs no session and writes nothing', async () => {
    const answer = await new TestClient().get<Answer>('/api/catalog/search?q=banana&locale=en');
    expect(answer.status).toBe(200);
    const post = await client.post('/api/catalog/search', { q: 'banana' });
    expect(post.status).toBe(405);
  });
});
