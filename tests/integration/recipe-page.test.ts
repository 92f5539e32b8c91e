import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPE_PAGES } from '@/lib/limits';
import { TestClient } from '../support/api-client';

// POST /api/recipes/read against a local page server the guard lets through (RECIPE_PAGE_HOSTS in
// vitest.config.ts): a page's recipe is read; a redirect to another private address, a host the
// setting does not name, a page too large and one without a recipe each get their answer.

const PORT = 8797;
const HOST = `http://127.0.0.1:${PORT}`;

const recipePage = `<!doctype html><html><head><title>Pancakes</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebPage', name: 'Pancakes' },
    {
      '@type': ['Recipe'],
      name: 'Fluffy pancakes',
      recipeYield: ['4', '4 servings'],
      recipeIngredient: ['1 cup flour, sifted', '2 large eggs', '1 cup milk', 'salt to taste'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Whisk.' },
        { '@type': 'HowToStep', text: 'Fry.' },
      ],
      totalTime: 'PT25M',
      image: { '@type': 'ImageObject', url: '/img/pancakes.jpg' },
      nutrition: { '@type': 'NutritionInformation', calories: '240 kcal', proteinContent: '8 g' },
    },
  ],
})}</script></head><body><h1>Pancakes</h1></body></html>`;

let server: Server;
beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/pancakes')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end(recipePage);
    if (path === '/plain')
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    if (path === '/to-private')
      return void response.writeHead(302, { location: `http://127.0.0.2:${PORT}/pancakes` }).end();
    if (path === '/to-metadata')
      return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    if (path === '/huge') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<p>'.padEnd(RECIPE_PAGES.maxBytes + 1024, 'x'));
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const read = (client: TestClient, url: unknown) => client.post('/api/recipes/read', { url });

describe('reading a recipe page', () => {
  it('answers the page’s recipe: its lines, yield, steps, time and stated nutrition, without an account', async () => {
    const answer = await read(new TestClient(), `${HOST}/pancakes`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      url: `${HOST}/pancakes`,
      recipes: [
        {
          name: 'Fluffy pancakes',
          ingredients: ['1 cup flour, sifted', '2 large eggs', '1 cup milk', 'salt to taste'],
          servings: 4,
          yieldText: '4',
          steps: ['Whisk.', 'Fry.'],
          image: `${HOST}/img/pancakes.jpg`,
          totalMinutes: 25,
          nutrition: { kcal: 240, protein: 8, fat: null, carbs: null },
        },
      ],
    });
    expect((await read(new TestClient(), `${HOST}/plain`)).body).toEqual({
      url: `${HOST}/plain`,
      recipes: [],
    });
  });

  it('refuses what the guard does not let through, each with its reason', async () => {
    const client = new TestClient();
    const refused = async (url: unknown) => {
      const answer = await read(client, url);
      return answer.status === 422 ? answer.body.reason : answer.status;
    };
    expect(await refused(`${HOST}/to-private`)).toBe('privateAddress');
    expect(await refused(`${HOST}/to-metadata`)).toBe('privateAddress');
    expect(await refused(`http://localhost:${PORT}/pancakes`)).toBe('privateAddress');
    expect(await refused(`${HOST}/huge`)).toBe('tooLarge');
    expect(await refused('file:///etc/passwd')).toBe('badAddress');
    expect(await refused('http://user:secret@example.com/')).toBe('badAddress');
    const missing = await read(client, `${HOST}/missing`);
    expect(missing).toMatchObject({ status: 422, body: { reason: 'httpError', status: 404 } });
    expect((await read(client, 'x'.repeat(RECIPE_PAGES.addressLength.max + 1))).status).toBe(400);
    expect((await read(client, 42)).status).toBe(400);
  });

  it(`lets one client read ${RECIPE_PAGES.perClient.max} pages a minute, then says how long to wait`, async () => {
    const client = new TestClient();
    for (let page = 0; page < RECIPE_PAGES.perClient.max; page++) {
      expect((await read(client, `${HOST}/plain`)).status).toBe(200);
    }
    const refused = await read(client, `${HOST}/plain`);
    expect(refused).toMatchObject({
      status: 429,
      body: { error: 'tooManyPages', retryAfter: expect.any(Number) },
    });
    // Another client is not held up by it.
    expect((await read(new TestClient(), `${HOST}/plain`)).status).toBe(200);
  });
});
