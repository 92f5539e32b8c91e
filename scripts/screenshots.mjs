// Screenshots of every page at phone and desktop widths, light and dark, en and ru, for
// looking at the app after UI work: node scripts/screenshots.mjs [baseURL] [outDir]
// PAGES=/a,/b picks pages; NO_SESSION=1 shows them to a visitor; ACCOUNT=1 as a new account;
// WAIT_MS=2000 waits longer after each load (pages whose parts load late). The browser is the
// browser tests' own (findTestChromium): Debian's headless shell where the full Chromium is absent.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright';
import { findTestChromium } from './lib/chromium.mjs';

const baseURL = process.argv[2] ?? 'http://localhost:3000';
const outDir = process.argv[3] ?? 'test-results/screenshots';
const pages = (process.env.PAGES ?? '/,/Login,/dashboard,/food,/stats,/settings,/nope').split(',');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: findTestChromium() ?? undefined });
for (const [device, viewport] of [
  ['mobile', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
]) {
  for (const theme of ['light', 'dark']) {
    for (const locale of ['en', 'ru']) {
      const context = await browser.newContext({ viewport, colorScheme: theme, serviceWorkers: 'block' });
      const host = new URL(baseURL).hostname;
      await context.addCookies([
        { name: 'i18n_redirected', value: locale, domain: host, path: '/' },
        ...(process.env.NO_SESSION || process.env.ACCOUNT
          ? []
          : [{ name: 'session-state', value: 'guest', domain: host, path: '/' }]),
      ]);
      if (process.env.ACCOUNT) {
        const email = `shots-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
        await context.request.post(`${baseURL}/api/auth/register`, {
          data: { email, password: 'screenshot password 1', name: locale === 'ru' ? 'Аня' : 'Anna' },
        });
        await context.addInitScript(() => localStorage.setItem('token', 'account'));
      }
      await context.addInitScript((mode) => localStorage.setItem('nuxt-color-mode', mode), theme);
      const page = await context.newPage();
      for (const path of pages) {
        await page.goto(baseURL + path, { waitUntil: 'load' });
        await page.waitForTimeout(Number(process.env.WAIT_MS ?? 700));
        const name = `${device}-${theme}-${locale}-${path.replace(/\W+/g, '_') || 'root'}.png`;
        await page.screenshot({ path: `${outDir}/${name}`, fullPage: process.env.FULL === '1' });
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`Screenshots in ${outDir}`);
