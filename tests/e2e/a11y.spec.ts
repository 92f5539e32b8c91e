// Accessibility: axe-core finds no serious or critical violation on the start page, the login
// page, the diary and settings, in light and dark, at both widths. No rule is switched off.
import { expect, test } from './fixtures';
import { addGuestSession, isDark, severeAxeViolations, waitForHydration } from './helpers';

test.use({ serviceWorkers: 'block' });

const pages = [
  { path: '/', session: false },
  { path: '/Login', session: false },
  { path: '/dashboard', session: true },
  { path: '/settings', session: true },
];

for (const { path, session } of pages) {
  test(`${path} has no serious or critical axe violations, in light and in dark`, async ({
    page,
    context,
  }) => {
    if (session) await addGuestSession(context);
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await page.goto(path);
      await page.evaluate((value) => localStorage.setItem('nuxt-color-mode', value), mode);
      await page.reload();
      await waitForHydration(page);
      expect(await isDark(page), `${path} ${mode}`).toBe(mode === 'dark');
      // Let fonts and the icon component settle before judging colours and names.
      await page.evaluate(() => document.fonts.ready);
      await page.waitForFunction(() => !!customElements.get('iconify-icon'));

      const severe = await severeAxeViolations(page);
      expect.soft(severe, `${path} (${mode}): ${JSON.stringify(severe, null, 2)}`).toEqual([]);
    }
  });
}
