import { expect, test } from './fixtures';
import { baseURL, onScreen } from './helpers';

// After logging in, `?next=` may only lead to a page of this app: what a browser reads as
// another host (a tab or line break dropped, `\` for `/`, dot segments resolved) goes to the
// dashboard instead.
const hostile = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\t\\evil.example',
  '/.//evil.example',
  '/%2E//evil.example',
  '/..//evil.example',
  '//evil.example',
  'https://evil.example/',
];

test(
  'a visitor with an account sent on from /Login never leaves the site',
  onScreen('desktop'),
  async ({ request }) => {
    for (const next of hostile) {
      const answer = await request.get(`/Login?next=${encodeURIComponent(next)}`, {
        headers: { cookie: 'session-state=account' },
        maxRedirects: 0,
      });
      expect(answer.status(), JSON.stringify(next)).toBeGreaterThanOrEqual(300);
      expect(answer.status()).toBeLessThan(400);
      const target = new URL(answer.headers().location!, baseURL());
      expect(target.origin, JSON.stringify(next)).toBe(new URL(baseURL()).origin);
      expect(target.pathname).toBe('/dashboard');
    }
    const kept = await request.get(`/Login?next=${encodeURIComponent('/stats?range=month')}`, {
      headers: { cookie: 'session-state=account' },
      maxRedirects: 0,
    });
    expect(new URL(kept.headers().location!, baseURL()).pathname).toBe('/stats');
  },
);

test('the guest button on /Login follows only a page of this app', onScreen('mobile'), async ({ page }) => {
  await page.goto(`/Login?next=${encodeURIComponent('/.//evil.example')}`);
  await page.getByTestId('continue-as-guest').click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  expect(new URL(page.url()).origin).toBe(new URL(baseURL()).origin);
});
