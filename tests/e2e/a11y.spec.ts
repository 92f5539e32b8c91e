// Accessibility: axe-core finds no serious or critical violation on the start page, the login
// page, the diary and settings, in light and dark, at both widths. No rule is switched off.
import { expect, test } from './fixtures';
import { addGuestSession, isDark, severeAxeViolations, waitForHydration, onScreen } from './helpers';

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
      // The theme is stored before the page's own scripts read it: one load a theme, not two.
      await page.addInitScript((value) => localStorage.setItem('nuxt-color-mode', value), mode);
      await page.goto(path);
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

// A person who asked their system for less motion gets none (app/globals.css), yet a spinner still
// turns. The other specs run with less motion (playwright.config.ts); this one checks both ways.
test(
  'motion follows the system: none when less is asked for, a spinner still turns',
  onScreen('desktop'),
  async ({ page, context }) => {
    await addGuestSession(context);
    await page.goto('/dashboard');
    const durations = () =>
      page.evaluate(() => {
        const probe = (className: string) => {
          const element = document.createElement('div');
          element.className = className;
          element.style.cssText = 'animation: fade-out 200ms; transition: opacity 200ms';
          document.body.append(element);
          const style = getComputedStyle(element);
          const found = { animation: style.animationDuration, transition: style.transitionDuration };
          element.remove();
          return found;
        };
        return { moving: probe('rounded-2xl'), spinner: probe('animate-spin') };
      });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await durations()).toEqual({
      moving: { animation: '0.2s', transition: '0.2s' },
      spinner: { animation: '0.2s', transition: '0.2s' },
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await durations()).toEqual({
      moving: { animation: '1e-05s', transition: '0s' },
      spinner: { animation: '0.2s', transition: '0.2s' },
    });
  },
);
