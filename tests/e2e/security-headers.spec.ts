import { expect, test } from './fixtures';
import { onScreen } from './helpers';

// Security headers on every response: pages run only nonce'd scripts and cannot be framed;
// the API answers with a closed policy; all responses carry the common headers.

const common = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

test(
  'a page has a nonce-based policy without eval, and its scripts carry the nonce',
  onScreen('desktop'),
  async ({ request }) => {
    const first = await request.get('/Login');
    const second = await request.get('/Login');
    const policy = first.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    // No eval; WebAssembly may compile for the barcode scanner ('wasm-unsafe-eval', decision 0017).
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy).toContain("'wasm-unsafe-eval'");
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    // A fresh nonce per response.
    expect(second.headers()['content-security-policy']).not.toContain(nonce!);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    expect(first.headers()).toMatchObject(common);
    expect(first.headers()['permissions-policy']).toContain('camera=(self)');
    expect(first.headers()['permissions-policy']).toContain('microphone=()');
    expect(first.headers()['strict-transport-security']).toContain('max-age=');
  },
);

test(
  'the API answers with a closed policy and the common headers',
  onScreen('desktop'),
  async ({ request }) => {
    const answer = await request.get('/api/me');
    expect(answer.status()).toBe(401);
    expect(answer.headers()['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers()).toMatchObject(common);
    expect(answer.headers()['cache-control']).toBe('no-store');
  },
);

test('the pages load with no policy violation', onScreen('desktop'), async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/', '/Login', '/Register']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
